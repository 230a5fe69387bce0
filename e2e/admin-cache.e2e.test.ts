import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../deploy/runner/src/testing/sign-in';
import { answerConfirm, closeMessages, launchChromium, nativeDialogs, waitForMessage } from './browser';
import { startSystem } from './system';

/**
 * Images and the cache administration (issue 10): pictures go through the image loader into the
 * browser's IndexedDB cache, so a second visit is served from it (counted hits); the admin cache
 * section shows the server and browser statistics, clears them, and runs the cache test.
 */
let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
let admin: Page;
let ru = false;
let natives: string[] = [];
const shots = 'screenshots/admin-cache';

async function pageAs(username: string, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const cookie = await signIn(system.url, username);
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const [name, value] = cookie.split(';')[0]!.split('=');
  await ctx.addCookies([{ name: name!, value: value!, url: system.url }]);
  return { context: ctx, page: await ctx.newPage() };
}

/** The browser cache's persisted counters and how many pictures IndexedDB holds. */
const browserCache = (page: Page) =>
  page.evaluate(async () => {
    const counters = JSON.parse(localStorage.getItem('acg.image-cache.stats') ?? '{}');
    const stored = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('anime-cards-image-cache', 1);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const count = db.transaction('images').objectStore('images').count();
        count.onsuccess = () => {
          resolve(count.result);
          db.close();
        };
      };
    });
    return { hits: Number(counters.hits ?? 0), misses: Number(counters.misses ?? 0), stored };
  });

/** Shows every tile, so each picture comes near the viewport and loads. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      // Two frames: the intersection observers see the new scroll position.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
  });
}

/** The counters once loading has stopped: unchanged over a second. */
async function settled(page: Page) {
  let last = JSON.stringify(await browserCache(page));
  for (;;) {
    await page.waitForTimeout(1000);
    const now = JSON.stringify(await browserCache(page));
    if (now === last) return JSON.parse(now) as Awaited<ReturnType<typeof browserCache>>;
    last = now;
  }
}

const stat = (page: Page, cache: 'server' | 'browser', key: string) =>
  page.locator(`[data-cache="${cache}"] [data-stat="${key}"] .admin-stat__value`).textContent();

beforeAll(async () => {
  system = await startSystem();
  browser = await launchChromium();
  ({ page: admin } = await pageAs('admin_hikari', 1280));
  natives = nativeDialogs(admin);
  await mkdir(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await system?.dispose();
});

describe('the browser image cache', () => {
  it('stores the pictures of a first visit and serves a second visit from IndexedDB', async () => {
    // Another browser (its own IndexedDB) draws every card on the server first: a cold card takes
    // the server about half a second, and one the loader gave up on (its 8 s) would count a
    // second miss when it is asked again, which is the server's pace, not the browser cache's.
    const warm = await pageAs('sakura_fan', 1280);
    await warm.page.goto(`${system.url}/characters`);
    await warm.page.locator('.character-tile').first().waitFor();
    await expect
      .poll(
        async () => {
          await scrollThrough(warm.page);
          return warm.page.evaluate(
            () =>
              document.querySelectorAll('.character-tile').length -
              document.querySelectorAll('.character-tile .image--loaded').length,
          );
        },
        { timeout: 90_000, interval: 1000 },
      )
      .toBe(0);
    await warm.context.close();

    await admin.goto(`${system.url}/characters`);
    await admin.locator('.character-tile').first().waitFor();
    ru = (await admin.locator('html').getAttribute('lang')) === 'ru';
    await scrollThrough(admin);
    await admin.waitForFunction(() => document.querySelectorAll('.character-tile .image--loaded').length > 3);
    await expect.poll(async () => (await browserCache(admin)).stored, { timeout: 15_000 }).toBeGreaterThan(0);
    const first = await settled(admin);
    expect(first.misses).toBeGreaterThan(0);
    // Each picture fetched was stored.
    expect(first.stored).toBe(first.misses);

    await admin.reload();
    await admin.locator('.character-tile').first().waitFor();
    await scrollThrough(admin);
    await admin.waitForFunction(() => document.querySelectorAll('.character-tile .image--loaded').length > 3);
    await expect
      .poll(async () => (await browserCache(admin)).hits, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(first.stored);
    // Nothing new was fetched for the pictures already stored: no more misses than the first visit's.
    const second = await settled(admin);
    expect(second.hits).toBe(first.stored);
    expect(second.misses).toBe(first.misses);
    // The served pictures are the cache's bytes (object URLs), not requests to the server.
    const sources = await admin
      .locator('.character-tile .image--loaded img')
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
    expect(sources.some((s) => s.startsWith('blob:'))).toBe(true);
    await admin.screenshot({ path: `${shots}/characters-second-visit-1280.png` });
  });
});

describe('the admin cache section', () => {
  it('shows the server and browser statistics with the namespaces', async () => {
    await admin.goto(`${system.url}/admin?tab=cache`);
    const server = admin.locator('[data-cache="server"]');
    await server.locator('tr[data-namespace="characters"]').waitFor();
    expect(
      await server
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-namespace'))),
    ).toEqual(['cards', 'characters', 'ranks', 'seasons', 'animes']);
    // The /characters visits filled the catalogue's cache and were counted for the administrator.
    expect(Number(await stat(admin, 'server', 'keys'))).toBeGreaterThan(0);
    expect(
      Number(await stat(admin, 'server', 'hits')) + Number(await stat(admin, 'server', 'misses')),
    ).toBeGreaterThan(0);
    expect(Number(await stat(admin, 'server', 'users_tracked'))).toBeGreaterThanOrEqual(1);
    expect(Number(await stat(admin, 'browser', 'count'))).toBeGreaterThan(0);
    expect(Number(await stat(admin, 'browser', 'hits'))).toBeGreaterThan(0);
    expect(await stat(admin, 'browser', 'sizeMB')).toMatch(/200/);
    await admin.screenshot({ path: `${shots}/cache-section-1280.png`, fullPage: true });
  });

  it('clears the server cache and the browser cache, with the spec messages', async () => {
    const cleared = ru ? 'Кэш успешно очищен' : 'Cache cleared successfully';
    await admin.getByRole('button', { name: ru ? 'Очистить кэш сервера' : 'Clear server cache' }).click();
    await answerConfirm(admin);
    await waitForMessage(admin, cleared);
    await expect.poll(() => stat(admin, 'server', 'keys')).toBe('0');
    expect(await stat(admin, 'server', 'hits')).toBe('0');
    expect(await stat(admin, 'server', 'users_tracked')).toBe('0');

    await admin.getByRole('button', { name: ru ? 'Очистить кэш браузера' : 'Clear browser cache' }).click();
    await answerConfirm(admin);
    await expect.poll(() => stat(admin, 'browser', 'count')).toBe('0');
    expect(await stat(admin, 'browser', 'hits')).toBe('0');
    expect(await stat(admin, 'browser', 'misses')).toBe('0');
    expect(await browserCache(admin)).toEqual({ hits: 0, misses: 0, stored: 0 });

    const cleaned = ru ? 'Кэш очищен от старых записей' : 'Old entries removed from the cache';
    await admin
      .getByRole('button', { name: ru ? 'Очистить старые записи сервера' : 'Clean old server entries' })
      .click();
    await answerConfirm(admin);
    await waitForMessage(admin, cleaned);
    // The next wait sees the browser's own message, not the server's still shown.
    await closeMessages(admin);
    await admin
      .getByRole('button', { name: ru ? 'Очистить старые записи браузера' : 'Clean old browser entries' })
      .click();
    await waitForMessage(admin, cleaned);
    await admin.screenshot({ path: `${shots}/cache-cleared-1280.png`, fullPage: true });
    expect(natives).toEqual([]);
  });

  it('runs the cache test: the test image through the loader into the browser cache', async () => {
    await admin.getByRole('button', { name: ru ? 'Запустить тест кэша' : 'Run the cache test' }).click();
    await waitForMessage(admin, ru ? 'Тест кэша пройден' : 'Cache test passed');
    const picture = admin.getByRole('img', { name: ru ? 'Тестовое изображение кэша' : 'Cache test image' });
    await picture.waitFor();
    expect(await picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(320);
    await expect.poll(() => stat(admin, 'browser', 'count')).toBe('1');
    await admin.screenshot({ path: `${shots}/cache-test-1280.png`, fullPage: true });
  });

  it('fits a 390 px phone in both languages (the Russian button labels are the longer ones)', async () => {
    const { page } = await pageAs('admin_hikari', 390);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const lang of ['en', 'ru']) {
      const switched = await page.request.post(`${system.url}/change-language/${lang}`, {
        headers: { origin: system.url },
        data: {},
      });
      expect(switched.status()).toBe(200);
      await page.goto(`${system.url}/admin?tab=cache`);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      await page.locator('[data-cache="server"] tr[data-namespace="cards"]').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), lang).toBeLessThanOrEqual(390);
      for (const name of ['server', 'browser', 'test']) {
        const box = await page.locator(`[data-cache="${name}"]`).boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${name} ${lang}`).toBeLessThanOrEqual(390);
        for (const button of await page.locator(`[data-cache="${name}"] button`).all()) {
          const b = await button.boundingBox();
          expect(b!.x + b!.width, `${await button.textContent()} (${lang})`).toBeLessThanOrEqual(
            box!.x + box!.width,
          );
        }
      }
      await page.screenshot({ path: `${shots}/cache-section-390-${lang}.png`, fullPage: true });
    }
    await page.context().close();
  });
});
