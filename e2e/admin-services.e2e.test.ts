import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../deploy/runner/src/testing/sign-in';
import { launchChromium, setLanguage, signedInPage, visitHydrated } from './browser';
import { startSystem } from './system';

/**
 * The admin service map (issue 26 item 4) in Chromium: every process of the embedded system with
 * its health and figures, read again on its own, in English and Russian, at 1366 and 390 px, and
 * a stopped service shown down. Screenshots go to screenshots/admin-services.
 */
let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
let admin: string;
const shots = 'screenshots/admin-services';
const PROCESSES = [
  'gateway',
  'auth',
  'catalogue',
  'inventory',
  'trades',
  'anime-search',
  'image-proxy',
  'admin',
  'bot',
];

beforeAll(async () => {
  system = await startSystem();
  browser = await launchChromium();
  admin = await signIn(system.url, 'admin_hikari');
  await mkdir(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await system?.dispose();
});

/** The section open in `language` at `width`, once its first map has arrived. */
async function openMap(language: 'en' | 'ru', width: number): Promise<Page> {
  const page = await signedInPage(browser, system.url, admin, { width, height: 900 });
  await visitHydrated(page, `${system.url}/admin?tab=services`);
  expect(await setLanguage(page, language)).toBe(200);
  await visitHydrated(page, `${system.url}/admin?tab=services`);
  await page.locator('.service-map__summary').waitFor();
  return page;
}

const figure = (page: Page, process: string, name: string) =>
  page.locator(`[data-process="${process}"] [data-figure="${name}"] dd`).textContent();

describe('the service map', () => {
  it('shows every process ready with its figures, and reads them again on its own (en, 1366 px)', async () => {
    const page = await openMap('en', 1366);
    expect(await page.locator('.service-map__summary').textContent()).toBe('9 of 9 processes ready');
    const names = await page
      .locator('.service-node')
      .evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.process));
    expect(names).toEqual(PROCESSES);
    expect(await page.locator('.service-node--ready').count()).toBe(9);
    expect(await page.getByRole('link', { name: 'Service map' }).count()).toBeGreaterThan(0);
    // The sign-in went through the gateway; the seed's cards reached inventory over the bus.
    expect(await figure(page, 'gateway', 'requests')).not.toBe('—');
    expect(await figure(page, 'gateway', 'latency')).toMatch(/\d ms$/);
    expect(await figure(page, 'inventory', 'busLag')).toMatch(/\d (ms|sec)$/);
    expect(await figure(page, 'catalogue', 'outbox')).toMatch(/^0 waiting, oldest 0 sec$/);
    expect(await figure(page, 'image-proxy', 'outbox')).toBe('—');
    // The first map: its figures since each process started.
    await page.screenshot({ path: `${shots}/service-map-en-1366.png`, fullPage: true });
    const readAt = page.locator('.service-map__read-at');
    const first = await readAt.textContent();
    await expect.poll(() => readAt.textContent(), { timeout: 20_000, interval: 500 }).not.toBe(first);
    await page.context().close();
  });

  it('fits a phone in Russian (390 px), the whole map reachable without sideways scrolling', async () => {
    const page = await openMap('ru', 390);
    expect(await page.locator('.service-map__summary').textContent()).toBe('Готовы 9 из 9 процессов');
    expect(await page.locator('[data-process="trades"] .service-node__health').textContent()).toBe('Готов');
    expect(await figure(page, 'gateway', 'latency')).toMatch(/\d мс$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${shots}/service-map-ru-390.png`, fullPage: true });
    await page.context().close();
  });

  it('shows a stopped service down after a refresh, the others ready (ru, 1366 px)', async () => {
    const page = await openMap('ru', 1366);
    await system.stopService('bot');
    await page.getByRole('button', { name: 'Обновить сейчас' }).click();
    const bot = page.locator('[data-process="bot"]');
    await expect
      .poll(() => bot.locator('.service-node__health').textContent(), { timeout: 15_000 })
      .toBe('Недоступен');
    expect(await page.locator('.service-map__summary').textContent()).toBe('Готовы 8 из 9 процессов');
    expect(await figure(page, 'bot', 'requests')).toBe('—');
    await page.screenshot({ path: `${shots}/service-map-ru-1366-bot-down.png`, fullPage: true });
    await page.context().close();
  });
});
