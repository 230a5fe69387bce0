import { mkdir } from 'node:fs/promises';
import { cardsGet, inventoryGrant, usersGet } from '@acg/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCounts } from '../deploy/runner/src/testing/demo-counts';
import { signIn } from '../deploy/runner/src/testing/sign-in';
import { launchChromium } from './browser';
import { startSystem } from './system';

let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
let page: Page;
const shots = 'screenshots';

beforeAll(async () => {
  system = await startSystem();
  // sakura_fan's cards, granted as drops would be: every demo card, the first twice.
  const cookie = await signIn(system.url, 'sakura_fan');
  const me = await (await fetch(`${system.url}/api/me`, { headers: { cookie } })).json();
  const { cards } = await system.bus.request(cardsGet, {
    ids: Array.from({ length: demoCounts.cards }, (_, i) => i + 1),
  });
  for (const card of [...cards, cards[0]!]) {
    await system.bus.request(inventoryGrant, {
      userId: me.user.id,
      cardId: card.id,
      idempotencyKey: `e2e-${card.id}-${Math.random()}`,
      source: 'admin',
    });
  }
  expect((await system.bus.request(usersGet, { ids: [me.user.id] })).users).toHaveLength(1);
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const [name, value] = cookie.split(';')[0]!.split('=');
  await context.addCookies([{ name: name!, value: value!, url: system.url }]);
  page = await context.newPage();
  await mkdir(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await system?.dispose();
});

describe('/characters', () => {
  it('lists the characters and filters them by rank, with a reset button only while filtered', async () => {
    await page.goto(`${system.url}/characters`);
    await page.locator('.character-tile').first().waitFor();
    // The grid is virtual: count what the page says, not the tiles in the DOM.
    await page.getByText(`${demoCounts.characters} characters`).waitFor();
    expect(await page.getByRole('button', { name: 'Reset filters' }).count()).toBe(0);
    await page.getByRole('button', { name: 'S', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('.character-tile').length === 2);
    const names = await page.locator('.character-tile__name').allTextContents();
    expect(names.sort()).toEqual(['Edward Elric', 'Kurisu Makise']);
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await page.getByText(`${demoCounts.characters} characters`).waitFor();
    expect(await page.getByRole('button', { name: 'Reset filters' }).count()).toBe(0);
  });

  it('opens the modal with external links, likes a card once and shows its owners', async () => {
    await page.locator('.character-tile', { hasText: 'Frieren' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: 'Frieren' }).count()).toBe(1);
    expect(await dialog.getByRole('link', { name: 'Shikimori' }).getAttribute('href')).toBe(
      'https://shikimori.one/characters/184947',
    );
    expect(await dialog.getByRole('link', { name: 'AniList' }).count()).toBe(1);
    const like = dialog.locator('.like__button').first();
    await page.waitForFunction(() => document.querySelector('.like__count')?.textContent === '0');
    await like.click();
    await page.waitForFunction(() => document.querySelector('.like__count')?.textContent === '1');
    expect(await like.isDisabled()).toBe(true);
    await dialog.locator('.modal-card img').first().waitFor({ state: 'visible' });
    await page.screenshot({ path: `${shots}/characters-modal.png` });
    await dialog.getByRole('tab', { name: 'Owners' }).click();
    // Frieren has two cards, both owned by the fan: an owner entry under each.
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[role=dialog] .owner')].filter((o) =>
          // Owners are named by display name (Discord's global_name, rules §51).
          o.textContent?.includes('Sakura Fan'),
        ).length === 2,
    );
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    // The like is stored: a new page view shows it counted and already liked.
    await page.reload();
    await page.locator('.character-tile', { hasText: 'Frieren' }).click();
    await page.waitForFunction(() => document.querySelector('.like__count')?.textContent === '1');
    expect(await page.getByRole('dialog').locator('.like__button').first().getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.keyboard.press('Escape');
  });
});

describe('/profile', () => {
  it('shows the header, the first 12 cards then all of them, copies the ID and searches', async () => {
    await page.goto(`${system.url}/profile`);
    await page.getByRole('heading', { level: 1, name: 'sakura_fan' }).waitFor();
    await page.locator('.profile__cards .profile-card').first().waitFor();
    expect(await page.locator('.profile__cards .profile-card').count()).toBe(12);
    await page.getByRole('button', { name: `Show all (${demoCounts.cards})` }).click();
    await expect.poll(() => page.locator('.profile__cards .profile-card').count()).toBe(demoCounts.cards);
    await page.getByRole('button', { name: /^Copy Discord ID/ }).click();
    await page.getByText('Copied!').waitFor();
    await page.getByRole('searchbox').fill('frieren');
    await page.waitForFunction(() => document.querySelectorAll('.profile__cards .profile-card').length === 2);
    await page.getByRole('searchbox').fill('zzz');
    await page.getByText('No cards match your search.').waitFor();
    await page.getByRole('searchbox').fill('');
    await page.screenshot({ path: `${shots}/profile.png`, fullPage: true });
  });

  it('shows the stats tab', async () => {
    await page.getByRole('tab', { name: 'Statistics' }).click();
    await page.locator('.counter__value').first().waitFor();
    // Every demo card once and the first (a regular one) twice: total, limited, regular, characters.
    const copies = demoCounts.cards + 1;
    expect(await page.locator('.counter__value').allTextContents()).toEqual(
      [copies, demoCounts.limited, copies - demoCounts.limited, demoCounts.characters].map(String),
    );
  });
});

describe('the bot loop, offline', () => {
  it('drops a card with /card on the fake Discord demo chat, and the profile counts it', async () => {
    const chat = await page.context().newPage();
    await chat.goto(`${system.fakeDiscordUrl}/demo/card`);
    await chat.getByRole('button', { name: '/card as @sakura_fan' }).click();
    const embed = chat.locator('.embed');
    await embed.waitFor();
    // The embed's image is the card rendered by the image service, through the gateway.
    const loaded = await embed.locator('img').evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return img.naturalWidth;
    });
    expect(loaded).toBe(360);
    await chat.screenshot({ path: `${shots}/bot-drop.png` });
    await chat.close();
    await page.goto(`${system.url}/profile`);
    await page.getByRole('tab', { name: 'Statistics' }).click();
    await page.locator('.counter__value').first().waitFor();
    expect((await page.locator('.counter__value').allTextContents())[0]).toBe('62');
  });
});
