import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCounts } from '../deploy/runner/src/testing/demo-counts';
import { launchChromium } from './browser';
import { startSystem } from './system';

let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
let page: Page;
const shots = 'screenshots';

beforeAll(async () => {
  system = await startSystem();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await mkdir(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await system?.dispose();
});

describe('a fan signs in through Discord, switches the language and signs out', () => {
  it('shows the guest home page with live counters', async () => {
    await page.goto(system.url);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Guest');
    // Counters come from GET /api/stats after hydration: demo users, anime, cards.
    await page.locator('.counter__value').first().waitFor();
    const values = await page.locator('.counter__value').allTextContents();
    expect(values).toEqual([demoCounts.users, demoCounts.anime, demoCounts.cards].map(String));
    await page.screenshot({ path: `${shots}/home-guest.png` });
  });

  it('signs in with a demo account on the fake Discord and is greeted by name', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Log in with Discord' }).click();
    await page.getByRole('button', { name: /sakura_fan/ }).click();
    await page.waitForURL(`${system.url}/`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Welcome, Sakura Fan!');
    const nav = page.getByRole('navigation');
    for (const name of ['Characters', 'Profile', 'Trades', 'Log out']) {
      expect(await nav.getByRole('link', { name }).count()).toBe(1);
    }
    // A fan (adminLevel 0) sees no admin link.
    expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0);
  });

  it('switches to Russian: the page reloads in ru', async () => {
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Language').selectOption('ru')]);
    await page.getByRole('heading', { level: 1, name: /Sakura Fan/ }).waitFor();
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).not.toBe('Welcome, Sakura Fan!');
    expect(heading).toMatch(/[А-Яа-яЁё]/);
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    await page.screenshot({ path: `${shots}/home-ru.png` });
  });

  it('signs out and is a guest again', async () => {
    await page.locator('a[href="/auth/logout"]').first().click();
    await page.waitForURL(`${system.url}/`);
    expect(await page.locator('a[href="/auth/discord"]').count()).toBeGreaterThan(0);
    expect(await page.locator('a[href="/auth/logout"]').count()).toBe(0);
  });
});
