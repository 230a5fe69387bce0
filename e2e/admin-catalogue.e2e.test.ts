import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../deploy/runner/src/testing/sign-in';
import { launchChromium, visitHydrated, waitForMessage } from './browser';
import { startSystem } from './system';

/**
 * The admin catalogue (issue 11) through the screens only, in the ru interface, starting from an
 * empty catalogue (no demo seed): the administrator creates a rank (the ranks section of
 * catalogue-rarity), a franchise, adds an anime by search-and-add (the fake Shikimori and
 * AniList), imports its characters and adds cards for them by anime; then a fan drops a card
 * with the bot (every card is a new one) and sees it on /characters. Screenshots of every
 * section go to screenshots/admin-catalogue.
 */
let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
let admin: Page;
let fan: Page;
const imported: string[] = [];
const shots = 'screenshots/admin-catalogue';
const SECTIONS = [
  'search',
  'franchises',
  'animes',
  'characters',
  'cards',
  'seasons',
  'import',
  'ranks',
  'rarity',
];
// Death Note: on both fake sites (Shikimori 1535, AniList 1535), not in the demo catalogue.
const ANIME = { query: 'Death Note', shikimoriId: 1535 };
// Another anime on both fake sites, for the anime-tab walkthrough (never added).
const OTHER = { query: 'Shingeki no Kyojin', shikimoriId: 16498 };
const FRANCHISE = 'Death Note (e2e)';

async function pageAs(
  username: string,
  width: number,
  language: 'ru' | 'en',
): Promise<{ context: BrowserContext; page: Page }> {
  const cookie = await signIn(system.url, username);
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const [name, value] = cookie.split(';')[0]!.split('=');
  await context.addCookies([{ name: name!, value: value!, url: system.url }]);
  const page = await context.newPage();
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
  return { context, page };
}

beforeAll(async () => {
  system = await startSystem({ SEED_DEMO_CATALOGUE: 'false' });
  browser = await launchChromium();
  admin = (await pageAs('admin_hikari', 1280, 'ru')).page;
  fan = (await pageAs('sakura_fan', 1280, 'ru')).page;
  await mkdir(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await system?.dispose();
});

const open = async (page: Page, tab: string, extra = '') => {
  // Hydrated first: a click before it would submit the form natively and create nothing.
  await visitHydrated(page, `${system.url}/admin?tab=${tab}${extra}`);
  await page.locator('.admin__content h1').waitFor();
  // The section's chunk has loaded once its Suspense fallback is gone.
  await page.waitForFunction(() => !document.querySelector('.admin__content > .loading'));
};

describe('the admin catalogue, filled through the screens', () => {
  it('starts empty and gets a rank through the ranks section', async () => {
    await open(admin, 'ranks');
    const form = admin.locator('.admin-ranks form');
    await form.getByRole('textbox', { name: /^Код/ }).fill('E');
    await form.getByRole('textbox', { name: /^Название/ }).fill('Обычная');
    await form.getByRole('button', { name: 'Добавить ранг' }).click();
    await admin.locator('.admin-table--ranks tbody tr').filter({ hasText: 'Обычная' }).waitFor();
  });

  it('creates a franchise on the search-and-add franchises tab, with the live existence check', async () => {
    await open(admin, 'search');
    const form = admin.getByRole('form', { name: 'Новая франшиза' });
    const submit = form.getByRole('button');
    expect(await submit.textContent()).toBe('Создать');
    expect(await submit.isDisabled()).toBe(true);
    await form.getByRole('textbox').fill(FRANCHISE);
    await submit.click();
    await admin.getByText(`Выбрана франшиза: ${FRANCHISE}`).waitFor();
    // The same title again: the live check says it exists and the button says so.
    await form.getByRole('textbox').fill(FRANCHISE.toUpperCase());
    await admin.waitForFunction(() =>
      [...document.querySelectorAll('form button')].some((b) => b.textContent === 'Уже существует'),
    );
    expect(await submit.isDisabled()).toBe(true);
    await admin.screenshot({ path: `${shots}/search-franchises-1280.png`, fullPage: true });
  });

  it('adds the anime on the anime tab from a combined match, into the picked franchise', async () => {
    await open(admin, 'search');
    await admin.getByRole('tab', { name: 'Аниме' }).click();
    await admin.getByRole('searchbox', { name: 'Франшиза для нового аниме' }).fill(FRANCHISE.slice(0, 10));
    await admin.getByRole('button', { name: FRANCHISE }).click();
    await admin.getByText(`Аниме будет добавлено в франшизу: ${FRANCHISE}`).waitFor();
    await admin.getByRole('searchbox', { name: 'Найти аниме' }).fill(ANIME.query);
    const match = admin
      .locator('.admin-search__card')
      .filter({ hasText: `Shikimori ${ANIME.shikimoriId}` })
      .first();
    await match.waitFor();
    expect(await match.locator('.admin-similarity').getAttribute('class')).toContain(
      'admin-similarity--green',
    );
    await admin.screenshot({ path: `${shots}/search-anime-1280.png`, fullPage: true });
    await match.getByRole('button', { name: 'Добавить с обоими ID' }).click();
    await admin.locator('.admin-banner--success').waitFor();
    // After a successful add the search text and results are cleared.
    expect(await admin.getByRole('searchbox', { name: 'Найти аниме' }).inputValue()).toBe('');
    // Searching again shows it as already in the database, its buttons disabled.
    await admin.getByRole('searchbox', { name: 'Найти аниме' }).fill(ANIME.query);
    const again = admin
      .locator('.admin-search__card')
      .filter({ hasText: `Shikimori ${ANIME.shikimoriId}` })
      .first();
    await again.getByText(/^Уже в базе/).waitFor();
    expect(await again.getByRole('button', { name: 'Уже добавлено' }).first().isDisabled()).toBe(true);
  });

  it('lists the anime with its franchise', async () => {
    await open(admin, 'animes');
    const row = admin.locator('.admin-table tbody tr').filter({ hasText: String(ANIME.shikimoriId) });
    await row.waitFor();
    expect(await row.textContent()).toContain(FRANCHISE);
    await admin.screenshot({ path: `${shots}/animes-1280.png`, fullPage: true });
  });

  it('imports its characters: AniList then Shikimori, matched by name, pre-selected, in batches', async () => {
    await open(admin, 'import');
    const select = admin.getByRole('combobox', { name: 'Аниме' });
    const value = await select
      .locator('option')
      .filter({ hasText: `(Shikimori ${ANIME.shikimoriId})` })
      .getAttribute('value');
    await select.selectOption(value!);
    const rows = admin.locator('.admin-import__table tbody tr');
    await rows.first().waitFor();
    const count = await rows.count();
    expect(count).toBeGreaterThanOrEqual(3);
    // Shikimori's side arrives after AniList's: wait until every lead has its match.
    await admin.waitForFunction(
      () =>
        [...document.querySelectorAll('.admin-import__table tbody tr')].every((row) =>
          /^\d+%$/.test(row.querySelectorAll('td')[7]?.textContent ?? ''),
        ),
      undefined,
      { timeout: 15_000 },
    );
    // Every lead is matched automatically (100%) and pre-selected.
    for (let i = 0; i < count; i++) {
      expect(await rows.nth(i).locator('td').nth(7).textContent()).toMatch(/^\d+%$/);
    }
    for (let i = 0; i < count; i++)
      imported.push((await rows.nth(i).locator('td').nth(2).textContent()) ?? '');
    const run = admin.getByRole('button', { name: /^Импортировать \(\d+\)$/ });
    expect(await run.isDisabled()).toBe(false);
    await admin.screenshot({ path: `${shots}/import-1280.png`, fullPage: true });
    await run.click();
    await admin.locator('.admin-banner--success').waitFor();
    expect(await admin.locator('.admin-import__progress').textContent()).toContain('Батч 1 из 1');
    // Imported characters are now 'уже есть'.
    await admin.getByText('уже есть').first().waitFor();
  });

  it('shows the imported characters for the anime (?animeId=)', async () => {
    await open(admin, 'animes');
    const link = admin
      .locator('.admin-table tbody tr')
      .filter({ hasText: String(ANIME.shikimoriId) })
      .getByRole('link');
    const href = await link.getAttribute('href');
    await admin.goto(`${system.url}${href}`);
    await admin.locator('.admin-table tbody tr').first().waitFor();
    await admin.getByText(`Персонажи аниме ${ANIME.query}`).waitFor();
    const names = await admin
      .locator('.admin-table tbody tr td:nth-child(3) input')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(names.sort()).toEqual([...imported].sort());
    await admin.screenshot({ path: `${shots}/characters-1280.png`, fullPage: true });
  });

  it('adds cards for every character of the anime, by anime', async () => {
    await open(admin, 'cards');
    await admin.getByRole('button', { name: 'По аниме' }).click();
    const form = admin.getByRole('form', { name: 'По аниме' });
    const animeSelect = form.getByRole('combobox', { name: 'Аниме' });
    await animeSelect.locator('option').nth(1).waitFor({ state: 'attached' });
    const animeValue = await animeSelect
      .locator('option')
      .filter({ hasText: ANIME.query })
      .first()
      .getAttribute('value');
    await animeSelect.selectOption(animeValue!);
    const rankSelect = form.getByRole('combobox', { name: 'Ранг' });
    await rankSelect.selectOption({ index: 1 });
    await form.getByRole('button', { name: 'Создать' }).click();
    expect(await waitForMessage(admin, 'Добавлено')).toBe(`Добавлено: ${imported.length}, Пропущено: 0`);
    await admin.getByText(`Страница 1 из 1, найдено ${imported.length}`).waitFor();
    // Card images render once near the viewport: the first one loads from the card image path,
    // through the image loader (its bytes shown as an object URL, the path kept in the browser cache).
    const first = admin.locator('.admin-cards__card .image--loaded img').first();
    await first.waitFor();
    expect(await first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await first.getAttribute('src')).toMatch(/^blob:/);
    const cached = await admin.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('acg.image-cache.meta:')),
    );
    expect(cached.some((k) => /\/api\/cards\/\d+\/image/.test(k))).toBe(true);
    await admin.screenshot({ path: `${shots}/cards-grid-1280.png`, fullPage: true });
    await admin.locator('.admin-cards').getByRole('searchbox').fill('Light');
    // The debounced search leaves one card: the caption says so.
    await admin.getByText('Страница 1 из 1, найдено 1').waitFor();
    expect(await admin.locator('.admin-cards__card').first().textContent()).toContain('Light');
    await admin.screenshot({ path: `${shots}/cards-1280.png`, fullPage: true });
  });

  it('lets a fan drop one of the new cards with the bot and see it on /characters', async () => {
    const chat = await fan.context().newPage();
    await chat.goto(`${system.fakeDiscordUrl}/demo/card`);
    await chat.getByRole('button', { name: '/card as @sakura_fan' }).click();
    const embed = chat.locator('.embed');
    await embed.waitFor();
    const text = (await embed.textContent()) ?? '';
    const dropped = imported.find((name) => name && text.includes(name));
    expect(dropped, text).toBeTruthy();
    await chat.screenshot({ path: `${shots}/bot-drop.png` });
    await chat.close();
    await fan.goto(`${system.url}/characters`);
    await fan.locator('.character-tile', { hasText: dropped! }).click();
    const dialog = fan.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'Владельцы' }).click();
    await fan.waitForFunction(() =>
      [...document.querySelectorAll('[role=dialog] .owner')].some((o) =>
        // Owners are named by display name (Discord's global_name, rules §51).
        o.textContent?.includes('Sakura Fan'),
      ),
    );
    await fan.screenshot({ path: `${shots}/fan-characters-1280.png` });
  });
  it('adds a rank with a rarityScore threshold and recalculates rarity with the smart update', async () => {
    await open(admin, 'ranks');
    const form = admin.locator('.admin-ranks form');
    await form.getByRole('textbox', { name: /^Код/ }).fill('S');
    await form.getByRole('textbox', { name: /^Название/ }).fill('Редкая');
    await form.getByRole('spinbutton', { name: /^Порог/ }).fill('0.5');
    await form.getByRole('button', { name: 'Добавить ранг' }).click();
    const row = admin.locator('.admin-table--ranks tbody tr').filter({ hasText: 'Редкая' });
    await row.waitFor();
    expect(await row.locator('td').nth(3).textContent()).toBe('0.50');
    await admin.screenshot({ path: `${shots}/ranks-1280.png`, fullPage: true });

    await open(admin, 'rarity');
    const section = admin.locator('.admin-rarity');
    await section.getByRole('button', { name: 'Полное умное обновление' }).click();
    // A rank update is previewed first and applied on request (issue 28).
    const preview = section.locator('.admin-preview');
    await preview.getByRole('heading', { name: 'Предпросмотр: умное обновление' }).waitFor();
    await preview.getByRole('button', { name: 'Применить: умное обновление' }).click();
    await section.getByText('Метод: smart').first().waitFor();
    await section
      .getByText(`Изменено rarityScore: ${imported.length} из ${imported.length}`)
      .first()
      .waitFor();
    await section.getByRole('button', { name: 'Анализ распределения' }).click();
    await section.locator('.admin-chart canvas').waitFor();
    await admin.screenshot({ path: `${shots}/rarity-1280.png`, fullPage: true });
  });
});

describe('every section', () => {
  it('renders at 1280 and 390 px without horizontal scrolling, even with the longest season title', async () => {
    // A season title of the most characters the server takes (rules §36), one unbroken word: it
    // shows in the seasons table and in the card screen's season filter.
    const longTitle = 'Ж'.repeat(200);
    await open(admin, 'seasons');
    const form = admin.getByRole('form', { name: 'Добавить сезон' });
    await form.getByRole('textbox', { name: 'Название' }).fill(longTitle);
    await form.getByLabel('Начало').fill('2026-01-01');
    await form.getByLabel('Конец').fill('2026-02-01');
    await form.getByRole('button', { name: 'Добавить' }).click();
    await admin.locator('.admin-catalogue td').filter({ hasText: longTitle }).first().waitFor();
    for (const width of [1280, 390]) {
      await admin.setViewportSize({ width, height: 900 });
      for (const tab of SECTIONS) {
        await open(admin, tab);
        await admin.waitForTimeout(0);
        await admin.waitForLoadState('networkidle');
        await admin.screenshot({ path: `${shots}/${tab}-section-${width}.png`, fullPage: true });
        const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${tab} at ${width}`).toBeLessThanOrEqual(0);
      }
    }
    await admin.setViewportSize({ width: 1280, height: 900 });
  });

  it('searches the fake sites on the anime tab: combined matches with a similarity badge, three add buttons', async () => {
    for (const width of [1280, 390]) {
      await admin.setViewportSize({ width, height: 900 });
      await open(admin, 'search');
      await admin.getByRole('tab', { name: 'Аниме' }).click();
      expect(
        await admin
          .getByRole('checkbox', { name: 'Автоматически создавать франшизу из названия аниме' })
          .isChecked(),
      ).toBe(true);
      await admin.getByRole('searchbox', { name: 'Найти аниме' }).fill(OTHER.query);
      const match = admin
        .locator('.admin-search__card')
        .filter({ hasText: `Shikimori ${OTHER.shikimoriId}` })
        .first();
      await match.waitFor();
      expect(await match.getByRole('button').allTextContents()).toEqual([
        'Добавить с обоими ID',
        'Только Shikimori',
        'Только AniList',
      ]);
      await admin.screenshot({ path: `${shots}/search-anime-results-${width}.png`, fullPage: true });
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // Switching the source clears the search text and the results.
      await admin.getByRole('radio', { name: 'Shikimori' }).check();
      expect(await admin.getByRole('searchbox', { name: 'Найти аниме' }).inputValue()).toBe('');
      expect(await admin.locator('.admin-search__card').count()).toBe(0);
    }
    await admin.setViewportSize({ width: 1280, height: 900 });
  });
});
