import { mkdir } from 'node:fs/promises';
import { inventoryGrant } from '@acg/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../deploy/runner/src/testing/sign-in';
import { answerConfirm, launchChromium, visitHydrated } from './browser';
import { startSystem } from './system';

/**
 * The rank and rarity sections of the admin area (issue 11, requirements C2.5, C2.7) as the
 * administrator uses them: add and delete a rank, recalculate rarity, run both analyses, the
 * smart update and the threshold fix (after its confirmation). Screenshots at desktop and phone.
 */
let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
let context: BrowserContext;
let admin: Page;
const shots = 'screenshots/admin-catalogue';
/** The rank update's preview in both languages at phone and desktop widths (issue 28). */
const previewShots = '/tmp/shots-rarity';

/**
 * A screenshot of one element, taken from the whole page scrolled to its top: an element
 * screenshot would show the sticky site header over the element's first lines.
 */
async function shoot(page: Page, element: Locator, path: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await element.boundingBox())!;
  await page.screenshot({ path, fullPage: true, clip: box });
}

/** The rarity section with a rank update's preview open: its button clicked, its heading shown. */
async function openPreview(page: Page, button: string, heading: string) {
  await visitHydrated(page, `${system.url}/admin?tab=rarity`);
  const section = page.locator('.admin-rarity');
  await section.getByRole('button', { name: button }).click();
  const preview = section.locator('.admin-preview');
  await preview.getByRole('heading', { name: heading }).waitFor();
  return { section, preview };
}

/** Another page of the administrator's, in a language of its own. */
async function pageIn(lang: 'en' | 'ru') {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await ctx.addCookies(await context.cookies());
  const page = await ctx.newPage();
  const switched = await page.request.post(`${system.url}/change-language/${lang}`, {
    headers: { origin: system.url },
    data: {},
  });
  expect(switched.status()).toBe(200);
  return { page };
}

beforeAll(async () => {
  system = await startSystem();
  browser = await launchChromium();
  const cookie = await signIn(system.url, 'admin_hikari');
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const [name, value] = cookie.split(';')[0]!.split('=');
  await context.addCookies([{ name: name!, value: value!, url: system.url }]);
  admin = await context.newPage();
  // Players holding cards: without any, rank updates are refused (rules §37).
  const me = await (await admin.request.get(`${system.url}/api/me`)).json();
  for (const cardId of [1, 2, 3])
    await system.bus.request(inventoryGrant, {
      userId: me.user.id,
      cardId,
      idempotencyKey: `e2e-rarity-${cardId}`,
      source: 'admin',
    });
  await mkdir(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await system?.dispose();
});

describe('ranks and rarity in the admin area', () => {
  it('lists the ranks with 2-decimal thresholds, adds one and deletes it after confirming', async () => {
    await visitHydrated(admin, `${system.url}/admin?tab=ranks`);
    const table = admin.locator('.admin-table--ranks');
    await table.locator('tbody tr').first().waitFor();
    const rows = await table.locator('tbody tr').count();
    expect(rows).toBeGreaterThanOrEqual(9);
    const form = admin.locator('.admin-ranks form');
    await form.getByRole('button').click();
    expect(await form.getByRole('alert').textContent()).toMatch(
      /Code and title are required|Код и название обязательны/,
    );
    await form.getByLabel(/Code|Код/).fill('Z');
    await form.getByLabel(/^Title|Название/).fill('Zenith');
    await form.getByLabel(/Threshold|Порог/).fill('99.5');
    await form.getByRole('button').click();
    const added = table.locator('tbody tr', { hasText: 'Zenith' });
    await added.waitFor();
    expect(await added.locator('td').nth(3).textContent()).toBe('99.50');
    await admin.screenshot({ path: `${shots}/ranks-1280.png`, fullPage: true });
    await added.getByRole('button', { name: /^(Delete|Удалить)$/ }).click();
    expect(await answerConfirm(admin)).toMatch(/cannot be undone|нельзя отменить/);
    await added.waitFor({ state: 'detached' });
  });

  it('recalculates rarity and analyses the distribution as a chart and the likes', async () => {
    await visitHydrated(admin, `${system.url}/admin?tab=rarity`);
    const section = admin.locator('.admin-rarity');
    await section.getByRole('button', { name: 'Recalculate rarityScore' }).click();
    await expect.poll(() => section.getByText(/rarityScore changed: \d+ of \d+/).count()).toBeGreaterThan(0);
    // Each step's errors are listed apart (requirements C8); an answered run has none.
    expect(await section.locator('.admin-step-errors').first().textContent()).toMatch(
      /rarityScore errors: none.*Rank errors: none/s,
    );
    await section.getByRole('button', { name: 'Distribution analysis' }).click();
    await section.locator('.admin-chart canvas').waitFor();
    expect(await section.locator('.admin-panel table tbody tr').count()).toBeGreaterThanOrEqual(9);
    await section.getByRole('button', { name: 'Likes analysis' }).click();
    await section.getByRole('heading', { name: 'Likes analysis' }).waitFor();
  });

  it('previews a smart update with warnings, applies it, and undo restores every rank and threshold exactly', async () => {
    const snapshot = async () => ({
      cards: (
        (await (await admin.request.get(`${system.url}/admin/cards`)).json()) as Array<{
          id: number;
          rank_id: number;
        }>
      )
        .map((c) => [c.id, c.rank_id])
        .sort((a, b) => a[0]! - b[0]!),
      thresholds: (
        (await (await admin.request.get(`${system.url}/admin/ranks`)).json()) as Array<{
          id: number;
          threshold: number | null;
        }>
      ).map((r) => [r.id, r.threshold]),
    });
    const before = await snapshot();
    let dialogs = 0;
    admin.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    const { section, preview } = await openPreview(admin, 'Full smart update', 'Preview: smart update');
    // Warnings: most cards share one score (the demo), and more than half would move.
    expect(await preview.locator('[data-warning="many_ties"]').textContent()).toMatch(
      /have the same rarityScore/,
    );
    const moving = Number(
      (await preview.locator('.admin-preview__moving').textContent())!.match(/^(\d+) of/)![1],
    );
    expect(moving).toBeGreaterThan(0);
    expect(await preview.locator('.admin-preview__sample li').count()).toBe(Math.min(20, moving));
    // Nothing has changed yet.
    expect(await snapshot()).toEqual(before);
    await mkdir(previewShots, { recursive: true });
    for (const width of [1366, 390]) {
      await admin.setViewportSize({ width, height: 900 });
      await shoot(admin, preview, `${previewShots}/preview-en-${width}.png`);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await admin.setViewportSize({ width: 1280, height: 900 });

    await preview.getByRole('button', { name: 'Apply the smart update' }).click();
    await expect.poll(() => section.getByText('Method: smart').count()).toBeGreaterThan(0);
    const after = await snapshot();
    const moved = after.cards.filter((c, i) => c[1] !== before.cards[i]![1]);
    expect(moved).toHaveLength(moving);
    expect(after.thresholds).not.toEqual(before.thresholds);
    // Every rank has cards after the tie was split.
    const ranksUsed = new Set(after.cards.map((c) => c[1]));
    expect(ranksUsed.size).toBe(after.thresholds.length);

    const revisions = section.locator('.admin-table--revisions');
    await revisions.getByRole('button', { name: /^Undo revision #\d+ \(smart update\)$/ }).click();
    await section.getByText(/^Revision #\d+ undone: \d+ cards are back/).waitFor();
    expect(await snapshot()).toEqual(before);
    expect(dialogs).toBe(0);
    await admin.screenshot({ path: `${shots}/rarity-1280.png`, fullPage: true });
  });

  it('shows the preview in Russian at phone and desktop widths, and force-fix applies only after its preview', async () => {
    const { page } = await pageIn('ru');
    const { section, preview } = await openPreview(
      page,
      'Полное умное обновление',
      'Предпросмотр: умное обновление',
    );
    expect(await preview.locator('[data-warning="many_ties"]').textContent()).toMatch(
      /одинаковый rarityScore/,
    );
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, preview, `${previewShots}/preview-ru-${width}.png`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The longest button and the table stay inside the panel.
      const panel = (await preview.boundingBox())!;
      for (const inside of [preview.getByRole('button').first(), preview.locator('table')]) {
        const box = (await inside.boundingBox())!;
        expect(box.x + box.width, `${width}`).toBeLessThanOrEqual(panel.x + panel.width);
      }
    }
    await preview.getByRole('button', { name: 'Отмена' }).click();
    await section.getByRole('button', { name: /Исправить пороги/ }).click();
    await preview.getByRole('heading', { name: 'Предпросмотр: исправление порогов' }).waitFor();
    await preview.getByRole('button', { name: 'Применить: исправление порогов' }).click();
    await section.getByRole('heading', { name: /Пороги исправлены/ }).waitFor();
    expect(await section.getByRole('alert').count()).toBe(0);
    // Back to English for the administrator's other pages.
    await page.request.post(`${system.url}/change-language/en`, {
      headers: { origin: system.url },
      data: {},
    });
    await page.close();
  });

  it("edits a rank's threshold in its row, and the action log records it", async () => {
    await visitHydrated(admin, `${system.url}/admin?tab=ranks`);
    const table = admin.locator('.admin-table--ranks');
    const row = table.locator('tbody tr', { has: admin.getByText('Epic', { exact: true }) });
    await row.getByRole('button', { name: 'Edit rank B' }).click();
    // The row being edited shows inputs in place of its cells.
    await table.getByRole('spinbutton', { name: 'Threshold' }).fill('47.25');
    await table.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('47.25');
    await expect
      .poll(
        async () => {
          const logs = await (
            await admin.request.get(`${system.url}/admin/logs?category=cards&limit=50`)
          ).json();
          return (logs.rows as Array<{ action: string; details?: unknown }>).some(
            (r) => r.action === 'rank.updated',
          );
        },
        { timeout: 10_000 },
      )
      .toBe(true);
  });
});
