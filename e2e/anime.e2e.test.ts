import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser';
import { startSystem } from './system';

/**
 * Anime search and detail (issue 9) as an anonymous visitor would use them, answered by the fake
 * Shikimori and AniList through the anime-search service: search, open a result, read the info
 * tab, and the same at phone width.
 */
let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
const shots = 'screenshots';

beforeAll(async () => {
  system = await startSystem();
  browser = await launchChromium();
  await mkdir(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await system?.dispose();
});

describe('anime search and detail', () => {
  it.each([
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const)('finds Steins;Gate and opens its detail page (%s)', async (label, viewport) => {
    const page = await browser.newPage({ viewport });
    await page.goto(`${system.url}/anime`);
    const query = page.getByLabel('Search text');
    await query.fill('Steins');
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('list', { name: 'Results' });
    await results.locator('.anime-tile').first().waitFor();
    const titles = await results.locator('.anime-tile__title').allTextContents();
    expect(titles.some((t) => t.includes('Steins;Gate'))).toBe(true);
    expect(titles.every((t) => /steins|штейн/i.test(t))).toBe(true);
    await page.screenshot({ path: `${shots}/anime-search-${label}.png`, fullPage: label === 'phone' });

    await results
      .locator('.anime-tile', { hasText: /^Steins;Gate$|Steins;Gate(?! 0)/ })
      .first()
      .click();
    await page.waitForURL(/\/anime\/[^/]+$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toMatch(/Steins;Gate|Врата Штейна/);
    await page.locator('.anime-info__facts').waitFor();
    expect(await page.getByRole('tab', { name: 'Info' }).getAttribute('aria-selected')).toBe('true');
    await page.screenshot({ path: `${shots}/anime-detail-${label}.png`, fullPage: label === 'phone' });

    await page.getByRole('link', { name: 'Back to search' }).click();
    await page.waitForURL(`${system.url}/anime`);
    await page.close();
  });
});
