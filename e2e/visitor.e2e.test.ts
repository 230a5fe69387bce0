import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../deploy/runner/src/testing/sign-in';
import { launchChromium, setLanguage } from './browser';
import { startSystem } from './system';

/**
 * A visitor's first look and pages that degrade instead of breaking (issue 22 items 4 and 7), in
 * English and Russian at 1366 and 390 px: home shows cards and how to get them; /characters
 * signed out explains signing in; unknown anime and collector ids are 404 pages in the visitor's
 * language; offline, a filter tap shows the error in place with a retry; a filtered catalogue
 * keeps its filter over a reload. Screenshots go to /tmp/shots-visitor/.
 */
const shots = '/tmp/shots-visitor';
const INVITE = 'https://discord.gg/anime-cards-demo';
const WIDTHS = { 1366: { width: 1366, height: 900 }, 390: { width: 390, height: 844 } } as const;
const LANGUAGES = ['en', 'ru'] as const;
type Language = (typeof LANGUAGES)[number];

let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
let member: { name: string; value: string; url: string };

const TEXT = {
  en: {
    featured: 'Cards you can collect',
    frieren: 'Frieren',
    howTo: 'How to get cards',
    invite: 'Add the card bot to Discord',
    signInCatalogue: 'Sign in to see every character',
    login: 'Log in with Discord',
    notFound: '404 — Not found',
    errorTitle: 'Error',
    retry: 'Retry',
    network: 'Request failed: Could not reach the server. Check your connection and try again.',
  },
  ru: {
    featured: 'Карточки, которые можно собрать',
    frieren: 'Фрирен',
    howTo: 'Как получить карточки',
    invite: 'Добавить бота в Discord',
    signInCatalogue: 'Войдите, чтобы увидеть всех персонажей',
    login: 'Войти через Discord',
    notFound: '404 — Не найдено',
    errorTitle: 'Ошибка',
    retry: 'Повторить',
    network: 'Ошибка запроса: Не удалось связаться с сервером. Проверьте подключение и повторите.',
  },
} as const;

beforeAll(async () => {
  system = await startSystem({ BOT_INVITE_URL: INVITE });
  const cookie = await signIn(system.url, 'sakura_fan');
  const [name, value] = cookie.split(';')[0]!.split('=');
  member = { name: name!, value: value!, url: system.url };
  browser = await launchChromium();
  await mkdir(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await system?.dispose();
});

/** A browser in `language` (the session's language, as the switcher sets it), signed in or not. */
async function visit(language: Language, width: keyof typeof WIDTHS, signedIn: boolean) {
  const context = await browser.newContext({ viewport: WIDTHS[width] });
  if (signedIn) await context.addCookies([member]);
  const page = await context.newPage();
  await page.goto(`${system.url}/anime`);
  const switched = await setLanguage(page, language);
  expect(switched).toBe(200);
  return { context, page };
}

const each = LANGUAGES.flatMap((language) =>
  ([1366, 390] as const).map((width) => [language, width] as const),
);

describe('a visitor sees the game (issue 22 item 7)', () => {
  it.each(each)(
    'home in %s at %s px: featured cards with pictures, and how to get cards',
    async (language, width) => {
      const { context, page } = await visit(language, width, false);
      const res = await page.goto(`${system.url}/`);
      expect(res?.status()).toBe(200);
      const featured = page.getByRole('region', { name: TEXT[language].featured });
      const tiles = featured.locator('.featured__card');
      await tiles.nth(5).waitFor();
      expect(await tiles.count()).toBe(6);
      // Every card image arrived and is shown (no error overlay, no blank). Pictures load once
      // near the viewport: on a phone the lower rows are scrolled to.
      for (let i = 0; i < 6; i++) await tiles.nth(i).scrollIntoViewIfNeeded();
      await page.waitForFunction(() => {
        const images = [...document.querySelectorAll<HTMLImageElement>('.featured__image img')];
        return images.length === 6 && images.every((img) => img.complete && img.naturalWidth > 0);
      });
      expect(await featured.locator('.image__overlay').count()).toBe(0);
      // Named in the page's language (rules §57).
      expect(await tiles.first().locator('.featured__name').textContent()).toBe(TEXT[language].frieren);
      const howTo = page.getByRole('region', { name: TEXT[language].howTo });
      expect(await howTo.locator('code').textContent()).toBe('/card');
      expect(await howTo.getByRole('link', { name: TEXT[language].invite }).getAttribute('href')).toBe(
        INVITE,
      );
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        WIDTHS[width].width,
      );
      await page.screenshot({ path: `${shots}/visitor-home-${width}-${language}.png`, fullPage: true });
      await context.close();
    },
  );

  it.each(each)('/characters signed out in %s at %s px explains signing in', async (language, width) => {
    const { context, page } = await visit(language, width, false);
    const res = await page.goto(`${system.url}/characters`);
    expect(res?.status()).toBe(403);
    const main = page.getByRole('main');
    expect(await main.getByRole('heading', { level: 1 }).textContent()).toBe(TEXT[language].signInCatalogue);
    expect(await main.getByRole('link', { name: TEXT[language].login }).getAttribute('href')).toMatch(
      /^\/auth\/discord/,
    );
    await main.locator('.featured__image img').first().waitFor({ state: 'visible' });
    await page.screenshot({ path: `${shots}/visitor-characters-${width}-${language}.png`, fullPage: true });
    await context.close();
  });
});

describe('pages that say what went wrong (issue 22 item 4)', () => {
  it.each(each)('unknown anime and collector in %s at %s px are 404 pages', async (language, width) => {
    const { context, page } = await visit(language, width, false);
    for (const path of ['/anime/99999999', '/u/99999999']) {
      const res = await page.goto(`${system.url}${path}`);
      expect(res?.status(), path).toBe(404);
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe(TEXT[language].notFound);
      // No anime tabs under it.
      expect(await page.getByRole('tablist').count(), path).toBe(0);
    }
    await page.screenshot({ path: `${shots}/not-found-${width}-${language}.png` });
    await context.close();
  });

  it.each(each)(
    'offline in %s at %s px, a filter tap shows the error in place with a retry',
    async (language, width) => {
      const { context, page } = await visit(language, width, true);
      await page.goto(`${system.url}/characters`);
      await page.locator('.character-tile').first().waitFor();
      await context.setOffline(true);
      await page.getByRole('button', { name: 'S', exact: true }).click();
      const box = page.locator('.error-box[role="alert"]');
      await box.waitFor();
      expect(await box.getByRole('heading').textContent()).toBe(TEXT[language].errorTitle);
      expect(await box.locator('p').textContent()).toBe(TEXT[language].network);
      expect(await box.textContent()).not.toContain('Failed to fetch');
      // The rest of the page is still there and usable.
      expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'S', exact: true }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      await page.screenshot({ path: `${shots}/offline-filter-${width}-${language}.png` });
      await context.setOffline(false);
      await box.getByRole('button', { name: TEXT[language].retry }).click();
      await box.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.querySelectorAll('.character-tile').length === 2);
      await context.close();
    },
  );

  it.each(each)(
    'a filtered /characters in %s at %s px keeps its filter over a reload',
    async (language, width) => {
      const { context, page } = await visit(language, width, true);
      await page.goto(`${system.url}/characters`);
      await page.locator('.character-tile').first().waitFor();
      await page.getByRole('button', { name: 'SSS', exact: true }).click();
      await page.waitForURL(/[?&]rank=SSS/);
      const names = async () => (await page.locator('.character-tile__name').allTextContents()).sort();
      await page.waitForFunction(() => document.querySelectorAll('.character-tile').length === 5);
      const filtered = await names();
      await page.reload();
      await page.locator('.character-tile').first().waitFor();
      expect(page.url()).toMatch(/[?&]rank=SSS/);
      expect(await page.getByRole('button', { name: 'SSS', exact: true }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      await page.waitForFunction(() => document.querySelectorAll('.character-tile').length === 5);
      expect(await names()).toEqual(filtered);
      // From the demo catalogue: the five characters with an SSS card.
      // Named in the page's language (rules §57).
      const sss = {
        en: ['Frieren', 'Kurisu Makise', 'Rei Ayanami', 'Violet Evergarden', 'Yor Forger'],
        ru: ['Вайолет Эвергарден', 'Йор Форджер', 'Курису Макисэ', 'Рей Аянами', 'Фрирен'],
      };
      expect(filtered).toEqual(sss[language]);
      await context.close();
    },
  );
});
