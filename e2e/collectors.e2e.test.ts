import { mkdir } from 'node:fs/promises';
import { cardsGet, inventoryGrant } from '@acg/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCounts } from '../deploy/runner/src/testing/demo-counts';
import { signIn } from '../deploy/runner/src/testing/sign-in';
import { launchChromium, nativeDialogs } from './browser';
import { startSystem } from './system';

/**
 * Collectors see each other, one language at a time (issue 22 items 2, 6, 8), in Chromium, in
 * English and Russian, at 1366 and 390 px: sakura_fan opens the catalogue filtered to Violet
 * Evergarden, opens Gilbert's owners, follows Hikari's name to their collector page, offers a
 * trade from there (the form opens with Hikari chosen and Hikari's Gilbert to ask for), then
 * searches the profile by a Russian ("ДИМ") and a Japanese ("ギルベルト") name and looks at the
 * statistics' charts. Screenshots go to SHOTS (default /tmp/shots-collectors).
 */
const SHOTS = process.env.SHOTS ?? '/tmp/shots-collectors';
const VIEWPORTS = { 1366: { width: 1366, height: 900 }, 390: { width: 390, height: 844 } } as const;
const TEXT = {
  en: {
    owners: 'Owners',
    collection: 'Collection of Hikari',
    offer: 'Offer a trade',
    chosen: 'Recipient: Hikari',
    stats: 'Statistics',
    byRank: 'Cards by rank',
    gilbert: 'Gilbert Bougainvillea',
    dimple: 'Dimple',
  },
  ru: {
    owners: 'Владельцы',
    collection: 'Коллекция: Hikari',
    offer: 'Предложить обмен',
    chosen: 'Получатель: Hikari',
    stats: 'Статистика',
    byRank: 'Карты по рангам',
    gilbert: 'Гилберт Бугенвиллея',
    dimple: 'Димпл',
  },
} as const;
type Language = keyof typeof TEXT;

let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
const cookies = { fan: '', hikari: '' };
const ids = { fan: 0, hikari: 0, violet: 0 };

const grant = (userId: number, cardId: number) =>
  system.bus.request(inventoryGrant, {
    userId,
    cardId,
    idempotencyKey: `e2e-collectors-${userId}-${cardId}`,
    source: 'admin',
  });
const api = (path: string, cookie: string, init: RequestInit = {}) =>
  fetch(`${system.url}${path}`, {
    ...init,
    headers: { cookie, origin: system.url, 'content-type': 'application/json', ...init.headers },
  });

/** Elements reaching past the right edge of the viewport (none on a phone-friendly page). */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`)
      .slice(0, 8),
  );

beforeAll(async () => {
  system = await startSystem();
  cookies.fan = await signIn(system.url, 'sakura_fan');
  cookies.hikari = await signIn(system.url, 'admin_hikari');
  for (const who of ['fan', 'hikari'] as const)
    ids[who] = (await (await api('/api/me', cookies[who])).json()).user.id;
  const anime = await (await api('/api/anime', cookies.fan)).json();
  ids.violet = anime.find((a: { title: string }) => a.title === 'Violet Evergarden').id;
  const { cards } = await system.bus.request(cardsGet, {
    ids: Array.from({ length: demoCounts.cards }, (_, i) => i + 1),
  });
  const cardOf = (name: string) => cards.find((c) => c.characterName === name)!.id;
  await grant(ids.fan, cardOf('Dimple'));
  await grant(ids.fan, cardOf('Gilbert Bougainvillea'));
  await grant(ids.hikari, cardOf('Gilbert Bougainvillea'));
  browser = await launchChromium();
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await system?.dispose();
});

async function pageFor(language: Language, width: keyof typeof VIEWPORTS) {
  const switched = await api(`/change-language/${language}`, cookies.fan, { method: 'POST', body: '{}' });
  expect(switched.status).toBe(200);
  const context = await browser.newContext({ viewport: VIEWPORTS[width] });
  const [name, value] = cookies.fan.split(';')[0]!.split('=');
  await context.addCookies([{ name: name!, value: value!, url: system.url }]);
  const page = await context.newPage();
  return { page, dialogs: nativeDialogs(page), close: () => context.close() };
}

describe.each([
  ['en', 1366],
  ['en', 390],
  ['ru', 1366],
  ['ru', 390],
] as const)('collectors in %s at %i px', (language, width) => {
  const text = TEXT[language];
  const shot = (name: string) => `${SHOTS}/${name}-${language}-${width}.png`;

  it('opens another fan’s collector page from the owners tab and starts a trade from it', async () => {
    const { page, dialogs, close } = await pageFor(language, width);
    try {
      await page.goto(`${system.url}/characters?anime=${ids.violet}`);
      // The tile names Gilbert in the page's language and marks the copy the fan holds.
      const tile = page.locator('.character-tile', { hasText: text.gilbert });
      await tile.locator('.owned-mark').waitFor();
      await page.screenshot({ path: shot('catalogue'), fullPage: true });
      await tile.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: text.gilbert }).waitFor();
      await dialog.getByRole('tab', { name: text.owners }).click();
      const owner = dialog.getByRole('link', { name: 'Hikari' });
      await owner.waitFor();
      await page.screenshot({ path: shot('owners') });
      await owner.click();
      await page.waitForURL(`**/u/${ids.hikari}`);
      await page.getByRole('heading', { level: 1, name: text.collection }).waitFor();
      await page.locator('.collector-card', { hasText: text.gilbert }).waitFor();
      expect(await overflowing(page)).toEqual([]);
      await page.screenshot({ path: shot('collector'), fullPage: true });
      await page.getByRole('link', { name: text.offer }).click();
      await page.waitForURL(`**/trade?to=${ids.hikari}`);
      await page.getByText(text.chosen).waitFor();
      // Hikari's copies are there to ask for: the recipient really is chosen.
      await page
        .locator('fieldset[data-picker="receive"]')
        .getByRole('checkbox', { name: text.gilbert })
        .waitFor();
      expect(await overflowing(page)).toEqual([]);
      await page.screenshot({ path: shot('trade-offer'), fullPage: true });
      expect(dialogs).toEqual([]);
    } finally {
      await close();
    }
  });

  it('finds cards in the profile by a Russian and a Japanese name, and draws the statistics', async () => {
    const { page, close } = await pageFor(language, width);
    try {
      await page.goto(`${system.url}/profile`);
      const names = page.locator('.profile__cards .card-frame__open');
      await names.first().waitFor();
      const search = page.getByRole('searchbox').first();
      await search.fill('ДИМ');
      await expect.poll(() => names.allTextContents()).toEqual([text.dimple]);
      await page.screenshot({ path: shot('profile-search-ru-name') });
      await search.fill('ギルベルト');
      await expect.poll(() => names.allTextContents()).toEqual([text.gilbert]);
      await page.screenshot({ path: shot('profile-search-ja-name') });
      await page.getByRole('tab', { name: text.stats }).click();
      await page.getByRole('heading', { name: text.byRank }).waitFor();
      await page.locator('.collection-chart canvas').waitFor();
      await page.locator('.completion__row').first().waitFor();
      expect(await overflowing(page)).toEqual([]);
      await page.screenshot({ path: shot('profile-stats'), fullPage: true });
    } finally {
      await close();
    }
  });
});
