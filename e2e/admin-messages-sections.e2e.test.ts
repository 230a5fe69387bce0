import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../deploy/runner/src/testing/sign-in';
import {
  answerConfirm,
  closeMessages,
  launchChromium,
  nativeDialogs,
  setLanguage,
  signedInPage,
  visitHydrated,
  waitForMessage,
} from './browser';
import { startSystem } from './system';

/**
 * Every admin form answers (issue 28 item 5), section by section beyond franchises, users and VK
 * (e2e/admin-messages): a save shows the app's success message; a bad value shows its refusal
 * under its field, in the admin's language (Russian here), once; no native dialog ever opens.
 * Sections another branch is moving onto the kit (cache) are found by role and label only.
 */
let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
let admin: Page;
let natives: string[] = [];

const visit = async (tab: string) => {
  await visitHydrated(admin, `${system.url}/admin?tab=${tab}`);
  // The section's chunk has loaded once its Suspense fallback is gone, its list once a row shows.
  await admin.waitForFunction(() => !document.querySelector('.admin__content > .loading'));
  if (tab !== 'cache')
    await admin.locator('.admin__content tbody tr, .admin-cards__grid li').first().waitFor();
};

beforeAll(async () => {
  system = await startSystem();
  browser = await launchChromium();
  admin = await signedInPage(browser, system.url, await signIn(system.url, 'admin_hikari'), {
    width: 1366,
    height: 900,
  });
  natives = nativeDialogs(admin);
  await admin.goto(`${system.url}/`);
  expect(await setLanguage(admin, 'ru')).toBeLessThan(300);
});
afterAll(async () => {
  expect(natives).toEqual([]);
  await browser?.close();
  await system?.dispose();
});

/** The one refusal the form shows: under `field` (its label's text), marked invalid, nothing else. */
async function expectFieldError(form: Locator, label: RegExp, text: RegExp): Promise<void> {
  const field = form.locator('label.admin-field', { hasText: label }).first();
  const error = field.locator('.admin-field__error');
  await error.waitFor();
  expect(await error.textContent()).toMatch(text);
  expect(await field.locator('input, select, textarea').first().getAttribute('aria-invalid')).toBe('true');
  expect(await form.getByRole('alert').count()).toBe(1);
}

describe('every admin form answers, in the admin’s language', () => {
  it('animes: a one-letter title is refused under the title; a good anime says Добавлено', async () => {
    await visit('animes');
    const form = admin.getByRole('form', { name: 'Добавить аниме' });
    await form.getByRole('textbox', { name: 'Название' }).fill('Я');
    await form.getByRole('textbox', { name: 'Shikimori ID' }).fill('990123');
    await form.getByRole('button', { name: 'Добавить' }).click();
    await expectFieldError(form, /^Название/, /^Название должно содержать минимум 2 символа$/);
    await form.getByRole('textbox', { name: 'Название' }).fill('Аниме из теста');
    await form.getByRole('button', { name: 'Добавить' }).click();
    await waitForMessage(admin, /^Добавлено$/);
    await admin.locator('tbody tr', { hasText: 'Аниме из теста' }).first().waitFor();
    expect(natives).toEqual([]);
  });

  it('characters: an image address the server refuses shows under the image field; a good one says Добавлено', async () => {
    await closeMessages(admin);
    await visit('characters');
    const form = admin.getByRole('form', { name: 'Добавить персонажа' });
    await form.getByRole('textbox', { name: 'Имя' }).fill('Персонаж из теста');
    await form.getByRole('textbox', { name: 'URL изображения' }).fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Добавить' }).click();
    await expectFieldError(form, /^URL изображения/, /^URL изображения: проверьте значение$/);
    await form.getByRole('textbox', { name: 'URL изображения' }).fill('');
    await form.getByRole('button', { name: 'Добавить' }).click();
    await waitForMessage(admin, /^Добавлено$/);
    expect(natives).toEqual([]);
  });

  it('seasons: an end before the start shows under the end date; a good season says Добавлено', async () => {
    await closeMessages(admin);
    await visit('seasons');
    const form = admin.getByRole('form', { name: 'Добавить сезон' });
    await form.getByRole('textbox', { name: /^Название/ }).fill('Сезон из теста');
    await form.getByLabel(/^Начало/).fill('2031-05-10');
    await form.getByLabel(/^Конец/).fill('2031-05-01');
    await form.getByRole('button', { name: 'Добавить' }).click();
    await expectFieldError(form, /^Конец/, /^Дата окончания не может быть раньше даты начала$/);
    await form.getByLabel(/^Конец/).fill('2031-06-01');
    await form.getByRole('button', { name: 'Добавить' }).click();
    await waitForMessage(admin, /^Добавлено$/);
    expect(natives).toEqual([]);
  });

  it('news: an empty text shows under the text field; publishing says Опубликовано', async () => {
    await closeMessages(admin);
    await visit('news');
    const form = admin.locator('.admin-news form').first();
    await form.getByRole('textbox', { name: 'Заголовок' }).first().fill('Новость из теста');
    await form.getByRole('checkbox', { name: 'Опубликовано' }).check();
    await form.getByRole('button', { name: 'Создать' }).click();
    await expectFieldError(form, /^Текст/, /^Текст: /);
    await form.getByRole('textbox', { name: 'Текст' }).first().fill('Что-то **новое**');
    await form.getByRole('button', { name: 'Создать' }).click();
    expect(await waitForMessage(admin, /Новость из теста/)).toBe(
      'Опубликовано: «Новость из теста» уже на главной странице.',
    );
    expect(await form.getByRole('alert').count()).toBe(0);
    expect(natives).toEqual([]);
  });

  it('cards: a missing character shows under the character field; a new card says so', async () => {
    await closeMessages(admin);
    await visit('cards');
    await admin.getByRole('button', { name: 'Одна карточка' }).click();
    const form = admin.getByRole('form', { name: 'Одна карточка' });
    const rank = form.getByRole('combobox', { name: 'Ранг' });
    await rank.locator('option').nth(1).waitFor({ state: 'attached' });
    await rank.selectOption({ index: 1 });
    await form.getByRole('button', { name: 'Создать' }).click();
    await expectFieldError(form, /^ID персонажа/, /^Выберите персонажа$/);
    // A character id the catalogue does not have: the server's refusal, under the same field.
    await form.getByRole('combobox', { name: 'ID персонажа' }).fill('999999');
    await form.getByRole('button', { name: 'Создать' }).click();
    await expectFieldError(form, /^ID персонажа/, /^Персонаж не найден$/);
    await form.getByRole('combobox', { name: 'ID персонажа' }).fill('1');
    await form.getByRole('button', { name: 'Создать' }).click();
    await waitForMessage(admin, /^Карточка добавлена: /);
    expect(natives).toEqual([]);
  });

  it('ranks: a code already taken is refused in Russian; a new rank says Добавлено', async () => {
    await closeMessages(admin);
    await visit('ranks');
    const form = admin.locator('.admin-ranks form');
    await form.getByRole('textbox', { name: 'Код' }).fill('S');
    await form.getByRole('textbox', { name: 'Название' }).fill('Дубль');
    await form.getByRole('button', { name: 'Добавить ранг' }).click();
    const refusal = form.getByRole('alert').first();
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/[А-Яа-яЁё]/);
    expect(await refusal.textContent()).not.toMatch(/[A-Za-z]{4,}/);
    await form.getByRole('textbox', { name: 'Код' }).fill('Q');
    await form.getByRole('textbox', { name: 'Название' }).fill('Ранг из теста');
    await form.getByRole('button', { name: 'Добавить ранг' }).click();
    await waitForMessage(admin, /^Добавлено$/);
    await admin.locator('.admin-table--ranks tbody tr', { hasText: 'Ранг из теста' }).waitFor();
    expect(natives).toEqual([]);
  });

  it('translations: a save reloads the editor, which says the texts were saved', async () => {
    await closeMessages(admin);
    await visit('translations');
    await Promise.all([
      admin.waitForEvent('load'),
      admin.getByRole('button', { name: 'Сохранить переводы' }).click(),
    ]);
    expect(await waitForMessage(admin, /^Переводы сохранены/)).toBe('Переводы сохранены: ru');
    expect(natives).toEqual([]);
  });

  it('cache: clearing asks in the app’s dialog and says the cache is cleared', async () => {
    await closeMessages(admin);
    await visit('cache');
    await admin.getByRole('button', { name: 'Очистить кэш сервера' }).click();
    expect(await answerConfirm(admin)).toMatch(/^Очистить весь кэш сервера\?/);
    await admin.getByText('Кэш успешно очищен').first().waitFor();
    expect(natives).toEqual([]);
  });
});
