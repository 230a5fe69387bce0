import { mkdir } from 'node:fs/promises';
import { inventoryGrant } from '@acg/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../deploy/runner/src/testing/sign-in';
import { answerConfirm, launchChromium } from './browser';
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
    await admin.goto(`${system.url}/admin?tab=ranks`);
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
    await added.getByRole('button').click();
    expect(await answerConfirm(admin)).toMatch(/cannot be undone|нельзя отменить/);
    await added.waitFor({ state: 'detached' });
  });

  it('recalculates rarity, analyses the distribution as a chart and the likes, updates and fixes thresholds', async () => {
    await admin.goto(`${system.url}/admin?tab=rarity`);
    const section = admin.locator('.admin-rarity');
    await section.getByRole('button', { name: 'Recalculate rarityScore' }).click();
    await expect.poll(() => section.getByText(/rarityScore changed: \d+ of \d+/).count()).toBeGreaterThan(0);
    await section.getByRole('button', { name: 'Distribution analysis' }).click();
    await section.locator('.admin-chart canvas').waitFor();
    expect(await section.locator('.admin-panel table tbody tr').count()).toBeGreaterThanOrEqual(9);
    await section.getByRole('button', { name: 'Likes analysis' }).click();
    await section.getByRole('heading', { name: 'Likes analysis' }).waitFor();
    await section.getByRole('button', { name: 'Full smart update' }).click();
    await expect.poll(() => section.getByText('Method: smart').count()).toBeGreaterThan(0);
    await section.getByRole('button', { name: 'Force-fix thresholds' }).click();
    expect(await answerConfirm(admin)).toMatch(/strictly increasing/);
    await section.getByRole('heading', { name: /Thresholds fixed/ }).waitFor();
    expect(await section.getByRole('alert').count()).toBe(0);
    await admin.screenshot({ path: `${shots}/rarity-1280.png`, fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({ path: `${shots}/rarity-390.png`, fullPage: true });
    await admin.setViewportSize({ width: 1280, height: 900 });
  });
});
