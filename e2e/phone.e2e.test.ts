import { mkdir } from 'node:fs/promises';
import { cardsGet, inventoryGrant } from '@acg/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCounts } from '../deploy/runner/src/testing/demo-counts';
import { signIn } from '../deploy/runner/src/testing/sign-in';
import { launchChromium, pastTheEdge } from './browser';
import { startSystem } from './system';

/**
 * The phone layout at 390 px (an iPhone 12-15 width): two tiles and two cards a row, a one-row
 * header whose menu works from the keyboard, the modal's close button clear of the title, a
 * profile header no taller than a third of the screen. Screenshots of every screen at 390 and
 * 1366 px in both languages go to screenshots/ for a person to look at.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const shots = 'screenshots';

let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
let cookie: { name: string; value: string; url: string };

beforeAll(async () => {
  system = await startSystem();
  const header = await signIn(system.url, 'sakura_fan');
  const me = await (await fetch(`${system.url}/api/me`, { headers: { cookie: header } })).json();
  const { cards } = await system.bus.request(cardsGet, {
    ids: Array.from({ length: demoCounts.cards }, (_, i) => i + 1),
  });
  for (const card of cards)
    await system.bus.request(inventoryGrant, {
      userId: me.user.id,
      cardId: card.id,
      idempotencyKey: `phone-e2e-${card.id}`,
      source: 'admin',
    });
  const [name, value] = header.split(';')[0]!.split('=');
  cookie = { name: name!, value: value!, url: system.url };
  browser = await launchChromium();
  await mkdir(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await system?.dispose();
});

async function phonePage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, hasTouch: true });
  await context.addCookies([cookie]);
  return { context, page: await context.newPage() };
}

type Box = { x: number; y: number; width: number; height: number };
const boxes = (page: Page, selector: string): Promise<Box[]> =>
  page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
/** How many boxes share the first one's row, all inside the viewport's width. */
function firstRow(list: Box[]): Box[] {
  const top = list[0]!.y;
  return list.filter((b) => Math.abs(b.y - top) < 1);
}
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('at 390 px', () => {
  it('puts two character tiles a row under a one-row header', async () => {
    const { context, page } = await phonePage();
    await page.goto(`${system.url}/characters`);
    await page.locator('.character-tile').nth(3).waitFor();
    const row = firstRow(await boxes(page, '.character-tile'));
    expect(row.length).toBeGreaterThanOrEqual(2);
    for (const tile of row) expect(tile.x + tile.width).toBeLessThanOrEqual(PHONE.width);
    const [header] = await boxes(page, '.site-header');
    expect(header!.height).toBeLessThanOrEqual(72);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('opens and closes the navigation menu from the keyboard', async () => {
    const { context, page } = await phonePage();
    await page.goto(`${system.url}/`);
    await page.locator('.counter__value').first().waitFor(); // hydrated: the stats have loaded
    const menu = page.getByRole('button', { name: 'Menu' });
    const profileLink = page.getByRole('navigation').getByRole('link', { name: 'Profile', exact: true });
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => profileLink.isVisible()).toBe(false);
    // Tab from the top of the page: skip link, then the menu button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => profileLink.isVisible()).toBe(true);
    const panelId = await menu.getAttribute('aria-controls');
    await expect.poll(() => page.locator(`[id="${panelId}"]`).isVisible()).toBe(true);
    // The panel follows the button in the Tab order.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Home');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => profileLink.isVisible()).toBe(false);
    // Space opens it too; following a link closes it.
    await page.keyboard.press(' ');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    await profileLink.click();
    await page.waitForURL('**/profile');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('keeps the modal close button clear of the character name', async () => {
    const { context, page } = await phonePage();
    await page.goto(`${system.url}/characters`);
    await page.locator('.character-tile').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const [close] = await boxes(page, '.modal__close');
    const [title] = await boxes(page, '[role=dialog] h2');
    expect(overlap(close!, title!)).toBe(false);
    const [panel] = await boxes(page, '[role=dialog]');
    expect(panel!.x).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('puts two profile cards a row under a header a third of the screen tall at most', async () => {
    const { context, page } = await phonePage();
    await page.goto(`${system.url}/profile`);
    await page.locator('.profile__cards > li').nth(3).waitFor();
    const row = firstRow(await boxes(page, '.profile__cards > li'));
    expect(row.length).toBeGreaterThanOrEqual(2);
    for (const card of row) expect(card.x + card.width).toBeLessThanOrEqual(PHONE.width);
    const [header] = await boxes(page, '.profile__header');
    expect(header!.height).toBeLessThanOrEqual(PHONE.height / 3);
    await context.close();
  });
});

describe('no member page scrolls sideways', () => {
  it.each([360, 390])('at %s px, in en and ru', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: PHONE.height } });
    await context.addCookies([cookie]);
    const page = await context.newPage();
    for (const language of ['en', 'ru'] as const) {
      await page.goto(`${system.url}/`);
      await page.evaluate(async (lang) => {
        await fetch(`/change-language/${lang}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
      }, language);
      for (const path of [
        '/',
        '/anime',
        '/anime?q=Steins',
        '/anime/1',
        '/characters',
        '/profile',
        '/trade',
      ]) {
        await page.goto(`${system.url}${path}`, { waitUntil: 'networkidle' });
        const wider = await pastTheEdge(page);
        expect(wider, `${language} ${path}`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${language} ${path}`).toBe(
          width,
        );
      }
    }
    await context.close();
  });
});

describe('screenshots', () => {
  it.each([
    ['390', PHONE],
    ['1366', DESKTOP],
  ])('of home, /characters, the modal and /profile at %s px in en and ru', async (label, viewport) => {
    const context = await browser.newContext({ viewport });
    await context.addCookies([cookie]);
    const page = await context.newPage();
    for (const language of ['en', 'ru'] as const) {
      await page.goto(`${system.url}/`);
      const changed = await page.evaluate(async (lang) => {
        const res = await fetch(`/change-language/${lang}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        return res.ok;
      }, language);
      expect(changed).toBe(true);
      await page.reload();
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      await page.locator('.counter__value').first().waitFor();
      await page.screenshot({ path: `${shots}/phone-${label}-${language}-home.png` });
      await page.goto(`${system.url}/characters`);
      await page.locator('.character-tile img').first().waitFor({ state: 'visible' });
      await page.screenshot({ path: `${shots}/phone-${label}-${language}-characters.png` });
      await page.locator('.character-tile').first().click();
      await page.locator('[role=dialog] .modal-card img').first().waitFor({ state: 'visible' });
      await page.screenshot({ path: `${shots}/phone-${label}-${language}-modal.png` });
      await page.keyboard.press('Escape');
      await page.goto(`${system.url}/profile`);
      await page.locator('.profile__cards img').first().waitFor({ state: 'visible' });
      await page.screenshot({ path: `${shots}/phone-${label}-${language}-profile.png` });
      if (label === '390') {
        await page.getByRole('button', { name: language === 'en' ? 'Menu' : 'Меню' }).click();
        await page.screenshot({ path: `${shots}/phone-${label}-${language}-menu.png` });
      }
    }
    await context.close();
  });
});
