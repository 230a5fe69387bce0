import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser';
import { startSystem } from './system';

/**
 * Sign-in never fails silently (issue 6 item 5): started on another host name it still works and
 * returns to the page it started from; cancelled or failed, the page says so in the visitor's
 * language. Screenshots of the banner (phone 390 px, desktop 1366 px) go to screenshots/.
 */
let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
const shots = 'screenshots';
const contexts: BrowserContext[] = [];

async function freshPage(width = 1366, height = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  system = await startSystem();
  browser = await launchChromium();
  await mkdir(shots, { recursive: true });
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await system?.dispose();
});

describe('sign-in from another host name', () => {
  it('starts on 127.0.0.1, ends signed in on the public origin, back on the page it started from', async () => {
    const publicUrl = new URL(system.url);
    expect(publicUrl.hostname).toBe('localhost');
    const otherHost = `http://127.0.0.1:${publicUrl.port}`;
    const page = await freshPage();

    await page.goto(`${otherHost}/characters`);
    // Signed out, /characters is the 403 notice with a login link that remembers the page.
    const login = page.getByRole('main').getByRole('link', { name: 'Log in with Discord' });
    expect(await login.getAttribute('href')).toBe('/auth/discord?returnTo=%2Fcharacters');
    await login.click();

    // The gateway sent the browser to PUBLIC_URL first; then auth on to the (fake) Discord.
    await page.getByRole('button', { name: /sakura_fan/ }).click();
    await page.waitForURL(`${system.url}/characters`);
    await page.getByRole('heading', { level: 1, name: 'Characters' }).waitFor();
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Log out' }).count()).toBe(1);
    expect(await page.locator('.notice-banner').count()).toBe(0);
  });
});

describe('a sign-in that does not complete says so', () => {
  it('cancelled on Discord: back on the page with "Sign-in was cancelled", dismissible', async () => {
    const page = await freshPage();
    await page.goto(`${system.url}/anime`);
    await page.getByRole('navigation').getByRole('link', { name: 'Log in with Discord' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${system.url}/anime?login=cancelled`);
    const alert = page.getByRole('alert').filter({ hasText: 'Sign-in was cancelled' });
    await alert.waitFor();
    expect(
      await page.getByRole('navigation').getByRole('link', { name: 'Log in with Discord' }).count(),
    ).toBe(1);

    // Dismissed from the keyboard: the banner and the outcome in the address go.
    await alert.getByRole('button', { name: 'Dismiss' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.notice-banner').waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${system.url}/anime`);
  });

  it('failed (state mismatch) in Russian: «Не удалось войти, попробуйте ещё раз»', async () => {
    const page = await freshPage();
    await page.goto(`${system.url}/`);
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Language').selectOption('ru')]);
    await page.locator('html[lang="ru"]').waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Войти через Discord' }).click();
    // On Discord's page, the answer comes back with a state this sign-in never issued.
    await page.getByRole('button', { name: /sakura_fan/ }).waitFor();
    await page.goto(`${system.url}/auth/discord/callback?code=forged&state=forged`);
    await page.waitForURL(`${system.url}/?login=failed`);
    await page.getByRole('alert').filter({ hasText: 'Не удалось войти, попробуйте ещё раз' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Гость');
  });

  it.each([
    ['en', 'Sign-in failed, please try again'],
    ['ru', 'Не удалось войти, попробуйте ещё раз'],
  ] as const)(
    'shows the failure banner in %s on a phone and a desktop (screenshots)',
    async (language, text) => {
      for (const [device, width, height] of [
        ['phone', 390, 844],
        ['desktop', 1366, 900],
      ] as const) {
        const page = await freshPage(width, height);
        await page.goto(`${system.url}/characters?login=failed`);
        if (language === 'ru') {
          // On a phone the language selector sits in the closed navigation menu.
          const menu = page.getByRole('button', { name: 'Menu' });
          if (await menu.isVisible()) await menu.click();
          await Promise.all([
            page.waitForEvent('load'),
            page.getByLabel('Язык').or(page.getByLabel('Language')).selectOption('ru'),
          ]);
          await page.locator('html[lang="ru"]').waitFor();
        }
        const alert = page.getByRole('alert').filter({ hasText: text });
        await alert.waitFor();
        // The banner fits the screen: no horizontal scrolling.
        const box = (await alert.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${shots}/signin-failed-${language}-${device}.png` });
      }
    },
  );
});
