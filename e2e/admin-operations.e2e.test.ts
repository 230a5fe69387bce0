import { mkdir, readFile } from 'node:fs/promises';
import { cardsGet, inventoryGrant } from '@acg/contracts';
import { FAKE_GENERAL_CHANNEL_ID, FAKE_VK_TOKEN } from '@acg/fakes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../deploy/runner/src/testing/sign-in';
import { answerConfirm, closeMessages, launchChromium, visitHydrated, waitForMessage } from './browser';
import { startSystem } from './system';

/**
 * Admin operations (issue 12): the administrator raises the fan to moderator in the users table,
 * and the fan's next request shows the new level without signing in again.
 */
let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
let admin: Page;
let fan: Page;
let fanId: number;
const shots = 'screenshots/admin-ops';

async function pageAs(username: string, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const cookie = await signIn(system.url, username);
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const [name, value] = cookie.split(';')[0]!.split('=');
  await context.addCookies([{ name: name!, value: value!, url: system.url }]);
  return { context, page: await context.newPage() };
}

/** Opens an admin page, hydrated. */
const visit = (path: string) => visitHydrated(admin, `${system.url}${path}`);

beforeAll(async () => {
  system = await startSystem();
  browser = await launchChromium();
  admin = (await pageAs('admin_hikari', 1280)).page;
  fan = (await pageAs('sakura_fan', 1280)).page;
  const me = await (await fan.request.get(`${system.url}/api/me`)).json();
  fanId = me.user.id;
  // Two cards for the fan, so the user modal's inventory tab has something to show.
  const { cards } = await system.bus.request(cardsGet, { ids: [1, 2] });
  for (const card of cards) {
    await system.bus.request(inventoryGrant, {
      userId: fanId,
      cardId: card.id,
      idempotencyKey: `e2e-admin-ops-${card.id}`,
      source: 'admin',
    });
  }
  await mkdir(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await system?.dispose();
});

const levelText = (page: Page) => page.locator('.admin-level strong').textContent();

describe('users and access levels', () => {
  it('shows the fan only their own level', async () => {
    await fan.goto(`${system.url}/admin`);
    await fan.locator('.admin-level strong').waitFor();
    expect(await levelText(fan)).toBe('User');
  });

  it('lists the users with search, and the administrator raises the fan to moderator', async () => {
    await visit(`/admin?tab=users`);
    const table = admin.locator('.admin-table');
    await table.locator('tbody tr').first().waitFor();
    const lang = await admin.locator('html').getAttribute('lang');
    const ru = lang === 'ru';
    // No pagination with one page, no reset button without a filter.
    expect(await admin.locator('.admin-pagination').count()).toBe(0);
    expect(await admin.getByRole('button', { name: ru ? 'Сбросить фильтры' : 'Reset filters' }).count()).toBe(
      0,
    );
    await admin.screenshot({ path: `${shots}/users-1280.png`, fullPage: true });

    // The debounced search: mixed case and spaces still find the fan, and only them.
    await admin.locator('.admin-users').getByRole('searchbox').fill('  SAKURA ');
    await admin.waitForFunction(() => document.querySelectorAll('.admin-table tbody tr').length === 1);
    expect(await table.locator('tbody tr').first().textContent()).toContain('sakura_fan');
    expect(await admin.getByRole('button', { name: ru ? 'Сбросить фильтры' : 'Reset filters' }).count()).toBe(
      1,
    );

    const select = admin.getByLabel(ru ? 'Уровень доступа Sakura Fan' : 'Access level of Sakura Fan');
    const row = table.locator('tbody tr', { hasText: 'sakura_fan' });
    const save = row.getByRole('button', { name: ru ? 'Сохранить' : 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await select.selectOption('2');
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await admin.waitForFunction(() => {
      const b = [
        ...document.querySelectorAll<HTMLButtonElement>('.admin-table tbody tr button.button--primary'),
      ];
      return b.length === 1 && b[0]!.disabled && b[0]!.textContent !== '...';
    });
    expect(await select.inputValue()).toBe('2');
    await admin.screenshot({ path: `${shots}/users-saved-1280.png`, fullPage: true });
  });

  it('the fan’s next request shows the new level without signing in again', async () => {
    await fan.reload();
    await fan.locator('.admin-level strong').waitFor();
    expect(await levelText(fan)).toBe('Moderator');
    const me = await (await fan.request.get(`${system.url}/api/me`)).json();
    expect(me.user.adminLevel).toBe(2);
  });

  it('refuses the administrator’s own level and level 4 on the server', async () => {
    const own = await admin.evaluate(async () => {
      const me = await (await fetch('/api/me')).json();
      const res = await fetch(`/admin/users/${me.user.id}/adminLevel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ adminLevel: 1 }),
      });
      return res.status;
    });
    expect(own).toBe(403);
    const four = await admin.evaluate(async (id) => {
      const res = await fetch(`/admin/users/${id}/adminLevel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ adminLevel: 4 }),
      });
      return res.status;
    }, fanId);
    expect(four).toBe(400);
  });

  it('opens the user modal with the side panel and the inventory tab, and closes on Escape', async () => {
    const row = admin.locator('.admin-table tbody tr', { hasText: 'sakura_fan' });
    await row.getByRole('button', { name: 'Sakura Fan' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.locator('.admin-user-modal__side h2').waitFor();
    expect(await dialog.locator('.admin-user-modal__side').textContent()).toMatch(/Модератор|Moderator/);
    // Trades is the default tab.
    expect(await dialog.getByRole('tab', { selected: true }).textContent()).toMatch(/Трейды|Trades/);
    await dialog.getByRole('tab', { name: /Инвентарь|Inventory/ }).click();
    await dialog.locator('.admin-inventory__item').first().waitFor();
    expect(await dialog.locator('.admin-inventory__item').count()).toBe(2);
    await dialog.getByRole('searchbox').fill('zzzz-none');
    await dialog.locator('.admin-empty').waitFor();
    await dialog.getByRole('searchbox').fill('');
    await admin.screenshot({ path: `${shots}/user-modal-1280.png` });
    await dialog.getByRole('tab', { name: /Жалобы|Complaints/ }).click();
    expect(await dialog.locator('[data-placeholder="complaints"]').count()).toBe(1);
    await admin.keyboard.press('Escape');
    await admin.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('finds the change in the action log with its IP, and exports it as CSV with Cyrillic intact', async () => {
    await visit(`/admin?tab=logs`);
    const row = admin.locator('.admin-table--logs tbody tr', { hasText: 'user.level-changed' });
    // The audit event travels auth's outbox → bus → the admin service's consumer.
    await row.first().waitFor({ timeout: 15_000 });
    const text = await row.first().textContent();
    // The action log names the administrator by display name (rules §51).
    expect(text).toContain('Hikari');
    // Described in the reader's language (issue 28).
    const ru = (await admin.locator('html').getAttribute('lang')) === 'ru';
    expect(text).toMatch(ru ? /→ Модератор/ : /→ Moderator/);
    expect(await row.first().locator('.admin-category--users').count()).toBe(1);
    expect(await row.first().locator('td').nth(5).textContent()).toMatch(/\d+\.\d+\.\d+\.\d+|:/);
    // A filter adds a removable chip and reloads.
    await admin.locator('.admin-filters select').first().selectOption('users');
    await admin.locator('.admin-chip').first().waitFor();
    await admin.screenshot({ path: `${shots}/logs-1280.png`, fullPage: true });
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.locator('a[download="admin_logs.csv"]').click(),
    ]);
    expect(download.suggestedFilename()).toBe('admin_logs.csv');
    const path = await download.path();
    const bytes = await readFile(path!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8');
    expect(csv).toContain('user.level-changed');
    expect(csv).toMatch(ru ? /Модератор/ : /Moderator/);
    // The Russian export keeps its Cyrillic as UTF-8 after the byte order mark.
    const href = (await admin.locator('a[download="admin_logs.csv"]').getAttribute('href')) ?? '';
    const russian = await admin.request.get(`${system.url}${href.replace(/lang=\w+/, 'lang=ru')}`);
    const ruBytes = Buffer.from(await russian.body());
    expect([...ruBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(ruBytes.toString('utf8')).toMatch(/→ Модератор/);
    await admin.locator('.admin-chip__remove').first().click();
    expect(await admin.locator('.admin-chip').count()).toBe(0);
  });

  it('publishes a news item that appears on the home page, and deletes one after confirming', async () => {
    await visit(`/admin?tab=news`);
    const form = admin.locator('.admin-form');
    await form.waitFor();
    expect(await form.locator('textarea').getAttribute('rows')).toBe('8');
    await form.locator('input').first().fill('Сезон карточек открыт');
    await form.locator('select').first().selectOption('announcement');
    await form.locator('textarea').first().fill('Новые карточки уже в игре.');
    await form.locator('input').nth(1).fill(' осень, , карточки ,');
    // Beyond the spec: the same item in English, for readers of the English site.
    await form.getByLabel(/Добавить перевод|Add a translation/).selectOption('en');
    const english = form.locator('.admin-news__translation[lang="en"]');
    await english.locator('input').fill('Card season is open');
    await english.locator('textarea').fill('New cards are in the game.');
    await form.locator('input[type="checkbox"]').check();
    await form.locator('button[type="submit"]').click();
    const row = admin.locator('.admin-table--news tbody tr', { hasText: 'Сезон карточек открыт' });
    await row.waitFor();
    expect(await row.locator('td').nth(3).textContent()).toBe('осень, карточки');
    // The form is back to its empty state.
    expect(await form.locator('input').first().inputValue()).toBe('');
    expect(await form.locator('select').first().inputValue()).toBe('update');
    expect(await form.locator('.admin-news__translation').count()).toBe(0);
    expect(await form.locator('input[type="checkbox"]').isChecked()).toBe(false);
    // A draft, deleted after the spec's confirmation.
    await form.locator('input').first().fill('Черновик');
    await form.locator('textarea').first().fill('Не публиковать');
    await form.locator('button[type="submit"]').click();
    const draft = admin.locator('.admin-table--news tbody tr', { hasText: 'Черновик' });
    await draft.waitFor();
    await admin.screenshot({ path: `${shots}/news-1280.png`, fullPage: true });
    await draft.getByRole('button', { name: /Удалить|Delete/ }).click();
    expect(await answerConfirm(admin)).toMatch(/Удалить новость\?|Delete this news item\?/);
    await draft.waitFor({ state: 'detached' });

    await fan.goto(system.url);
    await fan.locator('.home-news__item').first().waitFor();
    const news = await fan.locator('.home-news').textContent();
    // The fan reads the English site: the English text; a reader of the Russian site gets the item.
    expect(news).toContain('Card season is open');
    expect(news).toContain('New cards are in the game.');
    expect(news).not.toContain('Черновик');
    await fan.screenshot({ path: `${shots}/home-news-1280.png`, fullPage: true });
    const reader = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await reader.goto(system.url);
    await Promise.all([reader.waitForEvent('load'), reader.getByLabel('Language').selectOption('ru')]);
    await reader.locator('.home-news__item').first().waitFor();
    expect(await reader.locator('.home-news').textContent()).toContain('Сезон карточек открыт');
    await reader.context().close();
  });

  it('an edited ru translation shows on the ru home page without a restart', async () => {
    const guest = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await guest.goto(system.url);
    await Promise.all([guest.waitForEvent('load'), guest.getByLabel('Language').selectOption('ru')]);
    await guest.locator('.hero__tagline').waitFor();
    const before = await guest.locator('.hero__tagline').textContent();
    const edited = 'Живой перевод: собирайте карточки любимых героев!';
    expect(before).not.toBe(edited);
    const status = await admin.evaluate(async (text) => {
      const ru = await (await fetch('/api/i18n/ru', { cache: 'no-store' })).json();
      ru.home.tagline = text;
      const res = await fetch('/admin/i18n?lang=ru', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ru),
      });
      return res.status;
    }, edited);
    expect(status).toBe(200);
    // The gateway revalidates live translations every I18N_REVALIDATE_MS (2 s by default).
    await expect
      .poll(
        async () => {
          await guest.reload();
          return guest.locator('.hero__tagline').textContent();
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toBe(edited);
    // Hydrated with the same texts: no mismatch warning replaced it.
    await guest.waitForTimeout(300);
    expect(await guest.locator('.hero__tagline').textContent()).toBe(edited);
    await guest.screenshot({ path: `${shots}/home-live-ru-1280.png` });
    await guest.context().close();
  });

  it('edits translations in the editor: search, key rules, save, and adds a language', async () => {
    await visit(`/admin?tab=translations&editlang=ru`);
    const editor = admin.locator('.admin-i18n');
    await editor.locator('.admin-table--i18n tbody tr').first().waitFor();
    const total = Number(await editor.locator('.admin-stat__value').first().textContent());
    expect(total).toBeGreaterThan(100);
    // The key rules, with the spec's messages in ru and English ones in en.
    const keyForm = editor.locator('.admin-inline-form').nth(1);
    await keyForm.locator('input').first().fill('a');
    await keyForm.locator('input').nth(1).fill('x');
    await keyForm.locator('button[type="submit"]').click();
    expect(await keyForm.getByRole('alert').textContent()).toMatch(/минимум 2 символа|at least 2 characters/);
    await keyForm.locator('input').first().fill('home.tagline');
    await keyForm.locator('button[type="submit"]').click();
    expect(await keyForm.getByRole('alert').textContent()).toMatch(/Ключ уже существует|already exists/);
    await keyForm.locator('input').first().fill(' home.extraNote ');
    await keyForm.locator('input').nth(1).fill(' Дополнительная заметка ');
    await keyForm.locator('button[type="submit"]').click();
    // New keys go on top.
    expect(
      await editor.locator('.admin-table--i18n tbody tr').first().locator('.admin-mono').textContent(),
    ).toBe('home.extraNote');
    // Search by key (debounced), edit the value, save: the page reloads with the saved text.
    await editor.locator('input[type="search"]').fill('home.tagline');
    await admin.waitForFunction(() => document.querySelectorAll('.admin-table--i18n tbody tr').length === 1);
    const value = editor.locator('.admin-table--i18n tbody tr textarea');
    await value.fill('Текст из редактора переводов');
    await admin.screenshot({ path: `${shots}/translations-1280.png`, fullPage: true });
    await Promise.all([admin.waitForEvent('load'), editor.locator('.admin-savebar button').click()]);
    await admin.locator('.admin-table--i18n tbody tr').first().waitFor();
    const saved = await admin.evaluate(async () =>
      (await fetch('/api/i18n/ru', { cache: 'no-store' })).json(),
    );
    expect(saved.home.tagline).toBe('Текст из редактора переводов');
    expect(saved.home.extraNote).toBe('Дополнительная заметка');
    // Adding a language that exists is refused on the spot; a new one opens its editor.
    const langForm = admin.locator('.admin-i18n .admin-inline-form').first();
    await langForm.locator('input').fill('ru');
    await langForm.locator('button[type="submit"]').click();
    await waitForMessage(admin, /Язык уже поддерживается|already supported/);
    await langForm.locator('input').fill('de');
    await Promise.all([admin.waitForURL(/editlang=de/), langForm.locator('button[type="submit"]').click()]);
    const languages = await admin.evaluate(async () =>
      (await fetch('/api/i18n', { cache: 'no-store' })).json(),
    );
    expect(languages.map((l: { lang: string }) => l.lang)).toContain('de');

    // Still empty, it is not offered; once it has a text it is, and the site switches to it.
    const guest = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await guest.goto(system.url);
    const offersGerman = () => guest.getByLabel('Language').locator('option[value="de"]').count();
    expect(await offersGerman()).toBe(0);
    const tagline = 'Sammle die Karten deiner Lieblingshelden!';
    const status = await admin.evaluate(async (text) => {
      const res = await fetch('/admin/i18n?lang=de', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ home: { tagline: text } }),
      });
      return res.status;
    }, tagline);
    expect(status).toBe(200);
    await expect
      .poll(
        async () => {
          await guest.reload();
          return offersGerman();
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toBe(1);
    expect(await guest.getByLabel('Language').locator('option[value="de"]').textContent()).toBe('Deutsch');
    await Promise.all([guest.waitForEvent('load'), guest.getByLabel('Language').selectOption('de')]);
    await expect.poll(() => guest.locator('.hero__tagline').textContent()).toBe(tagline);
    expect(await guest.locator('html').getAttribute('lang')).toBe('de');
    // What German does not have yet is in English.
    expect(await guest.getByLabel('Language').inputValue()).toBe('de');
    await guest.screenshot({ path: `${shots}/home-added-language-de-1280.png` });
    await guest.context().close();
  });

  it('configures the feed relay: channel digits, check states, groups, write-only token', async () => {
    await visit(`/admin?tab=vk`);
    const form = admin.locator('.admin-vk form');
    await form.waitFor();
    const checkButton = form.getByRole('button', { name: /Проверить канал|Check channel/ }).first();
    await checkButton.click();
    expect(await form.getByRole('alert').textContent()).toMatch(
      /Укажите корректный ID канала|Enter a valid channel ID/,
    );
    const channel = form.locator('input[inputmode="numeric"]').first();
    await channel.fill('12a3456-789');
    expect(await channel.inputValue()).toBe('123456789');
    await checkButton.click();
    // The fake Discord answers the check (success with the channel, or a clear failure).
    await form.locator('.admin-ok, .admin-error').first().waitFor();
    await form.locator('input[type="password"]').fill('vk1.a.fake-service-token-0123456789');
    await form.getByRole('button', { name: /Добавить группу|Add group/ }).click();
    await form.locator('.admin-table--groups input').nth(0).fill(' -203998877 ');
    await form.locator('.admin-table--groups input').nth(1).fill(' Аниме карточки ');
    await form.getByRole('button', { name: /Добавить группу|Add group/ }).click();
    await admin.screenshot({ path: `${shots}/vk-1280.png`, fullPage: true });
    await form.locator('button[type="submit"]').click();
    await waitForMessage(admin, /Сохранено|Saved/);
    const stored = await admin.evaluate(async () =>
      Promise.all(
        ['vk.token', 'vk.groups', 'vk.discordChannelId'].map(async (k) =>
          (await fetch(`/api/config/${k}`, { cache: 'no-store' })).json(),
        ),
      ),
    );
    expect(stored[0].value).toBeNull();
    expect(stored[0].isSet).toBe(true);
    expect(JSON.stringify(stored)).not.toContain('fake-service-token');
    expect(stored[1].value).toEqual([{ id: '-203998877', name: 'Аниме карточки' }]);
    expect(stored[2].value).toBe('123456789');
  });

  it('relays the fresh VK posts to the fake Discord channel exactly once over two scheduled runs', async () => {
    const posted = () => system.fakeDiscord!.interactions.channels.posted(FAKE_GENERAL_CHANNEL_ID);
    expect(posted()).toHaveLength(0);
    await visit(`/admin?tab=vk`);
    const form = admin.locator('.admin-vk form');
    await form.waitFor();
    await form.locator('input[inputmode="numeric"]').first().fill(FAKE_GENERAL_CHANNEL_ID);
    await form
      .getByRole('button', { name: /Проверить канал|Check channel/ })
      .first()
      .click();
    expect(await form.locator('.admin-ok').textContent()).toMatch(/general/);
    await form.locator('input[type="password"]').fill(FAKE_VK_TOKEN);
    await form.getByLabel(/Расписание \(cron\)|Schedule \(cron\)/).fill('*/2 * * * * *');
    await form.locator('button[type="submit"]').click();
    await waitForMessage(admin, /Сохранено|Saved/);
    const scheduledRuns = async () =>
      (
        (await admin.evaluate(async () =>
          (await fetch('/api/admin/vk/runs', { cache: 'no-store' })).json(),
        )) as { trigger: string; posted: number; finishedAt: string | null }[]
      ).filter((r) => r.trigger === 'schedule' && r.finishedAt !== null);
    await expect
      .poll(async () => (await scheduledRuns()).length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    // The demo wall has two posts inside the 30-minute freshness: each arrives once, never again.
    const messages = posted();
    expect(messages).toHaveLength(2);
    expect(new Set(messages.map((m) => m.embeds[0]?.url)).size).toBe(2);
    expect((await scheduledRuns()).reduce((sum, r) => sum + r.posted, 0)).toBe(2);
    // Back to every 30 minutes, so the rest of the run is quiet.
    await form.getByLabel(/Расписание \(cron\)|Schedule \(cron\)/).fill('*/30 * * * *');
    // Wait for the save's message, so the save is done before the next page.
    await closeMessages(admin);
    await form.locator('button[type="submit"]').click();
    await waitForMessage(admin, /Сохранено|Saved/);
  });

  it('fits a phone at 390 px', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await visit(`/admin?tab=users`);
    await admin.locator('.admin-table tbody tr').first().waitFor();
    const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await admin.screenshot({ path: `${shots}/users-390.png`, fullPage: true });
    await visit(`/admin?tab=logs`);
    await admin.locator('.admin-table--logs tbody tr').first().waitFor();
    const logsOverflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(logsOverflow).toBeLessThanOrEqual(0);
    await admin.screenshot({ path: `${shots}/logs-390.png`, fullPage: true });
    for (const [tab, ready] of [
      ['news', '.admin-form'],
      ['translations', '.admin-table--i18n tbody tr'],
      ['vk', '.admin-vk form'],
    ] as const) {
      await visit(`/admin?tab=${tab}`);
      await admin.locator(ready).first().waitFor();
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, tab).toBeLessThanOrEqual(0);
      await admin.locator('.admin__content').screenshot({ path: `${shots}/${tab}-390.png` });
    }
  });
});
