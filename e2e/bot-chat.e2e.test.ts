import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser';
import { startSystem } from './system';

/**
 * The fake Discord's demo chat in a browser, at a phone's width: the /card button drops, and the
 * command form sends the bot's other commands (to the real bot and services), whose buttons and
 * menus work on the page.
 */
let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
let chat: Page;

beforeAll(async () => {
  system = await startSystem({ DROP_COOLDOWN_SECONDS: '0' });
  browser = await launchChromium();
  chat = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await chat.goto(`${system.fakeDiscordUrl}/demo/card?as=1187394520190640128`);
});
afterAll(async () => {
  await browser?.close();
  await system?.dispose();
});

/** Sends a command from the form, as the demo account, and waits for the bot's new answer. */
async function send(command: string, text = '', member = '') {
  const before = await chat.locator('.exchange').count();
  await chat.getByLabel('Command').selectOption(command);
  await chat.getByLabel('Text').fill(text);
  await chat.getByLabel('Member').selectOption(member);
  await chat.getByRole('button', { name: 'Send as @sakura_fan' }).click();
  await chat.locator('.exchange').nth(before).locator('.bot .line').waitFor();
  return chat.locator('.exchange').nth(before);
}

describe('the demo chat', () => {
  it('sends /collection, /view and /trade and uses the bot’s menus and buttons, at 390 px', async () => {
    await chat.getByRole('button', { name: '/card as @sakura_fan' }).click();
    await chat.locator('.exchange .embed').first().waitFor();
    const dropped = (await chat.locator('.exchange .embed b').first().textContent()) ?? '';

    const collection = await send('collection');
    expect(await collection.locator('.line.bot').textContent()).toContain('Your collection');
    expect(await collection.locator('.embed b').first().textContent()).toBe(dropped);

    const view = await send('view', dropped);
    expect(await view.locator('.embed b').first().textContent()).toBe(dropped);
    // Print numbers read as Discord shows them: the escape that keeps '#' plain is not shown.
    const card = await view.locator('.embed').textContent();
    expect(card).toContain('You own 1 copy#1');
    expect(card).not.toContain('\\');
    await view.getByRole('button', { name: 'Like' }).click();
    await chat.getByText('You like this card.').waitFor();

    const trade = await send('trade', '', '1187394520190640129');
    const menu = trade.getByRole('listbox', { name: 'Your copies to give' });
    await menu.selectOption({ index: 0 });
    await trade.getByRole('button', { name: 'Your copies to give' }).click();
    await chat
      .getByText(/You give: .+/)
      .last()
      .waitFor();
    const last = chat.locator('.exchange').last();
    await last.getByRole('button', { name: 'Send offer' }).click();
    await chat.getByText(/Trade #\d+ offered to admin_hikari/).waitFor();

    await mkdir('screenshots', { recursive: true });
    await chat.screenshot({ path: 'screenshots/bot-chat-390.png', fullPage: true });
    // Nothing wider than the phone.
    expect(await chat.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }, 120_000);
});
