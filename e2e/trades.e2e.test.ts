import { mkdir } from 'node:fs/promises';
import { cardsGet, inventoryGrant } from '@acg/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCounts } from '../deploy/runner/src/testing/demo-counts';
import { signIn } from '../deploy/runner/src/testing/sign-in';
import { launchChromium, waitForMessage } from './browser';
import { startSystem } from './system';

/**
 * Trading between two people in two browsers (issue 8): sakura_fan (A) offers a card and asks
 * for one of admin_hikari's (B); B sees the navigation badge and the offer arrive without a
 * reload and accepts; both profiles show the new owners without a reload; the card's history
 * names the trade. Screenshots of /trade in both languages and at 390 px go to screenshots/.
 */
let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
const shots = 'screenshots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const cookies = { a: '', b: '' };
const ids = { a: 0, b: 0 };
/** The card A offers and the card A asks for (B's). */
const cards = { offered: '', asked: '' };
const pages: Record<'aTrade' | 'aProfile' | 'bTrade' | 'bProfile', Page> = {} as never;
const dialogs: string[] = [];

async function contextFor(cookie: string, viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  const [name, value] = cookie.split(';')[0]!.split('=');
  await context.addCookies([{ name: name!, value: value!, url: system.url }]);
  return context;
}

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`${system.url}${path}`);
  // The page's live stream is open (web/src/live/live.tsx marks it).
  await page.waitForFunction(() => document.documentElement.dataset.live === 'open');
  return page;
}

const grant = (userId: number, cardId: number) =>
  system.bus.request(inventoryGrant, {
    userId,
    cardId,
    idempotencyKey: `e2e-trade-${userId}-${cardId}-${Math.random()}`,
    source: 'admin',
  });

/** Elements reaching past the right edge of the viewport (none on a phone-friendly page). */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(el.getBoundingClientRect().right)}`,
      )
      .slice(0, 8),
  );

const profileNames = (page: Page) => page.locator('.profile__cards .card-frame__open').allTextContents();

beforeAll(async () => {
  system = await startSystem();
  cookies.a = await signIn(system.url, 'sakura_fan');
  cookies.b = await signIn(system.url, 'admin_hikari');
  for (const who of ['a', 'b'] as const) {
    const me = await (await fetch(`${system.url}/api/me`, { headers: { cookie: cookies[who] } })).json();
    ids[who] = me.user.id;
  }
  const { cards: all } = await system.bus.request(cardsGet, {
    ids: Array.from({ length: demoCounts.cards }, (_, i) => i + 1),
  });
  const first = all[0]!;
  const second = all.find((c) => c.characterName !== first.characterName)!;
  cards.offered = first.characterName;
  cards.asked = second.characterName;
  await grant(ids.a, first.id);
  await grant(ids.b, second.id);
  browser = await launchChromium();
  await mkdir(shots, { recursive: true });
  const a = await contextFor(cookies.a);
  const b = await contextFor(cookies.b);
  pages.aProfile = await open(a, '/profile');
  pages.bProfile = await open(b, '/profile');
  pages.bTrade = await open(b, '/trade');
  pages.aTrade = await open(a, '/trade');
});
afterAll(async () => {
  await browser?.close();
  await system?.dispose();
});

describe('a trade between two browsers', () => {
  it('A offers a card for one of B’s; B sees the badge and the offer without a reload', async () => {
    const { aTrade, bTrade, bProfile } = pages;
    expect(await bTrade.getByTestId('trade-badge').count()).toBe(0);
    await bTrade.getByText('No pending trades.').waitFor();

    await aTrade.getByRole('button', { name: 'New trade' }).click();
    // The recipient is found by name with a search box; the current user is never offered.
    const recipient = aTrade.getByLabel('Recipient');
    await recipient.fill('sakura');
    await aTrade.getByText('No fan matches this name.').waitFor();
    await aTrade.locator('[data-picker="give"]').getByRole('checkbox', { name: cards.offered }).check();
    await recipient.fill('hikari');
    await aTrade.locator('.recipient__option', { hasText: /hikari/i }).click();
    const receive = aTrade.locator('fieldset[data-picker="receive"]');
    await receive.getByRole('searchbox').fill(cards.asked.slice(0, 4));
    await receive.getByRole('checkbox', { name: cards.asked }).check();
    await aTrade.getByLabel('Description (optional)').fill('A fair swap');
    await aTrade.getByLabel('What you want (optional)').fill('Your card, please');
    await aTrade.locator('.card-picker__item img').first().waitFor({ state: 'visible' });
    await aTrade.screenshot({ path: `${shots}/trade-form-en.png`, fullPage: true });
    await aTrade.getByRole('button', { name: 'Offer the trade' }).click();
    await aTrade.getByText('Offer to Hikari').waitFor();
    expect(dialogs).toEqual([]);

    // B: the badge on both of B's pages and the offer on the trade page, live.
    await bTrade.getByTestId('trade-badge').waitFor();
    expect((await bTrade.getByTestId('trade-badge').textContent())?.startsWith('1')).toBe(true);
    await bProfile.getByTestId('trade-badge').waitFor();
    const offer = bTrade.locator('.trade-card', { hasText: 'Offer from Sakura Fan' });
    await offer.waitFor();
    expect(await offer.locator('.status-badge').textContent()).toBe('Pending');
    expect(await offer.getByText('A fair swap').count()).toBe(1);
    expect(await offer.locator('.trade-items').first().textContent()).toContain(cards.asked);
    expect(await offer.locator('.trade-items').last().textContent()).toContain(cards.offered);
    expect(await offer.getByRole('button').allTextContents()).toEqual(['Accept', 'Decline']);
    // ...and a notice says so on every page of B's.
    const notice = bProfile.locator('.live-notice[data-kind="offer"]');
    expect(await notice.locator('span').first().textContent()).toBe('You have a new trade offer.');
    expect(await notice.getByRole('link').textContent()).toBe('Open trades');
    expect(await notice.getByRole('button', { name: 'Hide this notice' }).count()).toBe(1);
    await offer.locator('.trade-items__image').first().waitFor({ state: 'visible' });
    await bTrade.screenshot({ path: `${shots}/trade-incoming-en.png` });
    // The sender sees only Cancel.
    const sent = aTrade.locator('.trade-card', { hasText: 'Offer to Hikari' });
    expect(await sent.getByRole('button').allTextContents()).toEqual(['Cancel']);
  });

  it('B accepts; both profiles show the new owners and the badge goes, without a reload', async () => {
    const { aTrade, aProfile, bTrade, bProfile } = pages;
    expect(await profileNames(aProfile)).toContain(cards.offered);
    expect(await profileNames(aProfile)).not.toContain(cards.asked);
    const navigations = { a: 0, b: 0 };
    aProfile.on('framenavigated', () => navigations.a++);
    bProfile.on('framenavigated', () => navigations.b++);

    await bTrade
      .locator('.trade-card', { hasText: 'Offer from Sakura Fan' })
      .getByRole('button', { name: 'Accept' })
      .click();
    // Accepting asks first, naming what each side gives (rules: trade accept confirmation).
    const confirm = bTrade.getByRole('group', { name: 'Accept this trade?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(cards.offered);
    await confirm.getByRole('button', { name: 'Yes, accept' }).click();
    await bTrade.getByText('No pending trades.').waitFor();
    await bTrade.getByTestId('trade-badge').waitFor({ state: 'detached' });
    await bProfile.getByTestId('trade-badge').waitFor({ state: 'detached' });

    await aProfile.waitForFunction(
      ([gained, gone]) => {
        const names: (string | null | undefined)[] = [
          ...document.querySelectorAll('.profile__cards .card-frame__open'),
        ].map((n) => n.textContent);
        return names.includes(gained) && !names.includes(gone);
      },
      [cards.asked, cards.offered] as const,
    );
    await bProfile.waitForFunction(
      ([gained]) =>
        [...document.querySelectorAll('.profile__cards .card-frame__open')].some(
          (n) => n.textContent === gained,
        ),
      [cards.offered],
    );
    expect(navigations).toEqual({ a: 0, b: 0 });

    // A's accepted tab shows the trade, no buttons.
    await aTrade.getByRole('tab', { name: 'Accepted' }).click();
    const done = aTrade.locator('.trade-card', { hasText: 'Offer to Hikari' });
    await done.waitFor();
    expect(await done.locator('.status-badge').textContent()).toBe('Accepted');
    expect(await done.getByRole('button').count()).toBe(0);
  });

  it("shows the trade in the received card's history", async () => {
    const { bProfile } = pages;
    await bProfile.getByRole('button', { name: `History of ${cards.offered}` }).click();
    const dialog = bProfile.getByRole('dialog');
    await dialog.locator('.provenance__event[data-kind="trade"]').waitFor();
    const events = await dialog.locator('.provenance__event').allTextContents();
    expect(events.some((e) => /^Traded from Sakura Fan to Hikari in trade #\d+/.test(e))).toBe(true);
    await bProfile.screenshot({ path: `${shots}/profile-card-history-en.png` });
    await bProfile.keyboard.press('Escape');
  });

  it("shows the Discord avatars through the image proxy: the profile, the card's owners, the trade page", async () => {
    const { aTrade } = pages;
    /** The picture an avatar element shows, once it stopped loading. */
    const avatar = async (page: Page, selector: string) => {
      const handle = await page.waitForFunction((sel) => {
        const img = document.querySelector<HTMLImageElement>(sel);
        if (!img?.complete || img.naturalWidth === 0 || !img.currentSrc) return false;
        return { src: img.currentSrc, width: img.naturalWidth };
      }, selector);
      return (await handle.jsonValue()) as { src: string; width: number };
    };
    // Not the generated letter (a data: URL): the fake Discord CDN's picture, through
    // /api/proxy/discord (kept by the browser image cache as a blob).
    const real = /^(blob:|https?:\/\/[^/]+\/api\/proxy\/discord\/avatars\/)/;
    // A fresh browser (empty image cache), so the avatars come over the network.
    const fresh = await contextFor(cookies.b);
    const bProfile = await fresh.newPage();
    const proxied: string[] = [];
    bProfile.on('response', (res) => {
      if (res.url().includes('/api/proxy/discord/avatars/') && res.ok()) proxied.push(res.url());
    });
    await bProfile.goto(`${system.url}/profile`);
    const header = await avatar(bProfile, '.profile__avatar img');
    expect(header.src).toMatch(real);
    expect(header.width).toBeGreaterThan(0);

    await bProfile.goto(`${system.url}/characters`);
    await bProfile.locator('.character-tile', { hasText: cards.offered }).first().click();
    const dialog = bProfile.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Owners' }).click();
    // Owners are named by display name (rules §51).
    await dialog.locator('.owner', { hasText: 'Hikari' }).first().waitFor();
    expect((await avatar(bProfile, '[role=dialog] .owner__avatar img')).src).toMatch(real);
    await bProfile.keyboard.press('Escape');
    expect(proxied.length).toBeGreaterThan(0);
    await fresh.close();

    await aTrade.getByRole('tab', { name: 'Accepted' }).click();
    await aTrade.locator('.trade-card', { hasText: 'Hikari' }).first().waitFor();
    expect((await avatar(aTrade, '.trade-card__avatar img')).src).toMatch(real);
  });

  it('shows a card the bot drops on the profile at once, with a notice', async () => {
    const { bProfile } = pages;
    const { cards: all } = await system.bus.request(cardsGet, { ids: [3, 4, 5, 6] });
    const dropped = all.find((c) => c.characterName !== cards.offered && c.characterName !== cards.asked)!;
    await system.bus.request(inventoryGrant, {
      userId: ids.b,
      cardId: dropped.id,
      idempotencyKey: `e2e-drop-${Math.random()}`,
      source: 'drop',
    });
    await bProfile.locator('.live-notice[data-kind="drop"]').waitFor();
    await bProfile.waitForFunction(
      (name) =>
        [...document.querySelectorAll('.profile__cards .card-frame__open')].some(
          (n) => n.textContent === name,
        ),
      dropped.characterName,
    );
  });

  it('shows the trade to the administrator: monitoring and the user modal’s trades tab', async () => {
    const { bTrade: admin } = pages;
    await admin.goto(`${system.url}/admin?tab=trades`);
    const row = admin.locator('.admin-table--trades tbody tr', { hasText: 'Sakura Fan' });
    await row.waitFor();
    expect(await row.locator('.status-badge').textContent()).toBe('Accepted');
    expect(await row.textContent()).toContain(cards.offered);
    expect(await row.textContent()).toContain(cards.asked);
    const stat = (label: string) =>
      admin.locator('.admin-stat', { hasText: label }).locator('.admin-stat__value').textContent();
    expect(await stat('Trades in total')).toBe('1');
    expect(await stat('Accepted')).toBe('1');
    await admin.getByLabel('Status').selectOption('pending');
    await admin.getByText('No trades', { exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Reset' }).click();
    await row.waitFor();
    await admin.getByRole('button', { name: 'Clean up expired' }).click();
    await waitForMessage(admin, 'Cleaned up 0 expired trades');
    await admin
      .locator('.trade-items__image, .admin-trade-cards__image')
      .first()
      .waitFor({ state: 'visible' });
    await admin.screenshot({ path: `${shots}/admin-trades-en.png`, fullPage: true });

    await admin.goto(`${system.url}/admin?tab=users`);
    const user = admin.locator('.admin-table tbody tr', { hasText: 'Sakura Fan' });
    await user.getByRole('button', { name: 'Sakura Fan' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('Found: 1').waitFor();
    expect(await dialog.locator('.admin-user-trades__item').textContent()).toContain('Hikari');
    await dialog.getByRole('searchbox').fill('nobody');
    await dialog.getByText('No trades found').waitFor();
    await admin.keyboard.press('Escape');
  });

  it('screenshots /trade in English and Russian, at desktop and phone width', async () => {
    const { aTrade } = pages;
    await aTrade.getByRole('tab', { name: 'Accepted' }).click();
    await aTrade.locator('.trade-items__image').first().waitFor({ state: 'visible' });
    await aTrade.screenshot({ path: `${shots}/trade-en.png`, fullPage: true });
    const phone = await contextFor(cookies.a, PHONE);
    const small = await open(phone, '/trade');
    await small.getByRole('tab', { name: 'Accepted' }).click();
    await small.locator('.trade-card').first().waitFor();
    // Nothing wider than the phone.
    expect(await overflowing(small)).toEqual([]);
    await small.screenshot({ path: `${shots}/trade-390-en.png`, fullPage: true });

    // A switches to Russian (the session's language) and looks again.
    const switched = await aTrade.evaluate(async () => {
      const res = await fetch('/change-language/ru', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return res.status;
    });
    expect(switched).toBe(200);
    await aTrade.reload();
    await aTrade.getByRole('heading', { level: 1, name: 'Обмены' }).waitFor();
    await aTrade.getByRole('tab', { name: 'Принят' }).click();
    await aTrade.locator('.trade-card .status-badge', { hasText: 'Принят' }).waitFor();
    await aTrade.getByRole('button', { name: 'Создать обмен' }).click();
    await aTrade.getByLabel('Получатель').waitFor();
    await aTrade.screenshot({ path: `${shots}/trade-ru.png`, fullPage: true });
    await small.reload();
    await small.getByRole('heading', { level: 1, name: 'Обмены' }).waitFor();
    await small.getByRole('button', { name: 'Создать обмен' }).click();
    await small.getByLabel('Получатель').waitFor();
    expect(await overflowing(small)).toEqual([]);
    await small.screenshot({ path: `${shots}/trade-390-ru.png`, fullPage: true });
  });
});
