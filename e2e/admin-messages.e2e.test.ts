import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../deploy/runner/src/testing/sign-in';
import {
  answerConfirm,
  launchChromium,
  nativeDialogs,
  signedInPage,
  visitHydrated,
  waitForMessage,
} from './browser';
import { startSystem } from './system';

/**
 * Every admin action answers (issue 28 item 5): per section converted to the kit, a save shows the
 * app's success message, a bad value shows an error under its field, and no native dialog ever
 * opens (each one the page opens is recorded; the list must stay empty).
 */
let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
let admin: Page;
let natives: string[] = [];

const visit = (path: string) => visitHydrated(admin, `${system.url}${path}`);

beforeAll(async () => {
  system = await startSystem();
  browser = await launchChromium();
  admin = await signedInPage(browser, system.url, await signIn(system.url, 'admin_hikari'));
  natives = nativeDialogs(admin);
});
afterAll(async () => {
  expect(natives).toEqual([]);
  await browser?.close();
  await system?.dispose();
});

describe('admin actions answer with the app messages', () => {
  it('franchises: Added, a refused title under its field, Deleted after the app dialog', async () => {
    await visit('/admin?tab=franchises');
    const form = admin.locator('form.admin-catalogue__form');
    const title = form.locator('input').first();
    await title.fill('E2E Franchise');
    await form.locator('button[type="submit"]').click();
    await waitForMessage(admin, /^(Added|Добавлено)$/);
    // Newest first (id descending); its title is an inline edit.
    const row = admin.locator('tbody tr').first();
    await expect
      .poll(() => row.locator('input[type="text"], input:not([type])').first().inputValue())
      .toBe('E2E Franchise');

    // Longer than the server takes (300): its schema refusal lands under the title field, once.
    await title.fill(`Long ${'x'.repeat(320)}`);
    await form.locator('button[type="submit"]').click();
    const fieldError = form.locator('.admin-field__error');
    await fieldError.waitFor();
    expect(await fieldError.textContent()).toMatch(/: (check this value|проверьте значение)$/);
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('.admin-error').isHidden()).toBe(true);

    await row.getByRole('button', { name: /^(Delete|Удалить)$/ }).click();
    expect(await answerConfirm(admin)).toContain('E2E Franchise');
    await waitForMessage(admin, /E2E Franchise/);
    await expect
      .poll(() => row.locator('input[type="text"], input:not([type])').first().inputValue())
      .not.toBe('E2E Franchise');
    expect(natives).toEqual([]);
  });

  it('users: a level save names the user and the level', async () => {
    await visit('/admin?tab=users');
    const row = admin.locator('.admin-table tbody tr', { hasText: 'sakura_fan' });
    await row.waitFor();
    await row.locator('select').selectOption('1');
    await row.getByRole('button', { name: /^(Save|Сохранить)$/ }).click();
    // The demo fan has not signed in here, so no Discord display name is known: the handle names them.
    expect(await waitForMessage(admin, /sakura_fan/)).toMatch(/sakura_fan: (level|уровень)/);
    expect(natives).toEqual([]);
  });

  it('vk: a refused schedule shows under the schedule; a good one says Saved', async () => {
    await visit('/admin?tab=vk');
    const form = admin.locator('.admin-vk form');
    const schedule = form.getByLabel(/Расписание \(cron\)|Schedule \(cron\)/);
    await form.locator('input[inputmode="numeric"]').first().fill('123456789');
    await schedule.fill('every minute');
    await form.locator('button[type="submit"]').click();
    const error = form
      .locator('label.admin-field', { hasText: /Расписание \(cron\)|Schedule \(cron\)/ })
      .locator('.admin-field__error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/cron/);
    expect(await form.getByRole('alert').count()).toBe(1);
    await schedule.fill('*/30 * * * *');
    await form.locator('button[type="submit"]').click();
    await waitForMessage(admin, /^(Saved|Сохранено)$/);
    expect(natives).toEqual([]);
  });
});
