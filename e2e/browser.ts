import { type Browser, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn } from '../deploy/runner/src/testing/sign-in';

/** Debian's Chromium (installed by scripts/test-all.mjs), headless, with no background networking. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

/**
 * Records every native dialog (alert, confirm, prompt) the page opens, dismissing it at once (a
 * dialog left open freezes the page). The app has none: a test expects the list to stay empty.
 */
export function nativeDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}

/**
 * Answers the app's confirmation dialog (web/src/components/Confirm.tsx): waits for it, clicks its
 * action (or Cancel), waits for it to close, and returns its question.
 */
export async function answerConfirm(page: Page, yes = true): Promise<string> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  const question = (await dialog.locator('.confirm__message').textContent()) ?? '';
  await dialog
    .locator('.confirm__actions button')
    .nth(yes ? 1 : 0)
    .click();
  await dialog.waitFor({ state: 'detached' });
  return question;
}

/** Waits for the app's message (web/src/components/Notify.tsx) matching `text`; returns its text. */
export async function waitForMessage(page: Page, text: string | RegExp): Promise<string> {
  const message = page.locator('[data-sonner-toast]', { hasText: text }).first();
  await message.waitFor();
  return (await message.locator('[data-title]').textContent()) ?? '';
}

/** Closes the app's messages shown (with their close buttons), so the next wait sees a new one. */
export async function closeMessages(page: Page): Promise<void> {
  const shown = page.locator('[data-sonner-toast]');
  // A closed message stays in the page while it slides out (data-removed): click the others.
  const open = page.locator('[data-sonner-toast]:not([data-removed="true"])');
  // Bounded: a message closes per click; a few at most are shown.
  for (let i = 0; i < 10 && (await open.count()) > 0; i++)
    await open
      .first()
      .locator('[data-close-button]')
      .click({ force: true, timeout: 2000 })
      .catch(() => undefined);
  await expect.poll(() => shown.count(), { timeout: 10_000 }).toBe(0);
}

/**
 * Opens a page and waits until the client has hydrated it (its live stream is open, an effect that
 * runs only after hydration), so a click reaches React's handlers and never a not-yet-hydrated
 * form's native submit.
 */
export async function visitHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.live === 'open');
}

/** Sets the session's language as the language switcher does (the page must be on the site); the status. */
export const setLanguage = (page: Page, language: string): Promise<number> =>
  page.evaluate(
    async (lang) =>
      (
        await fetch(`/change-language/${lang}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    language,
  );

/** A page of a new browser context carrying a sign-in cookie (from deploy/runner signIn) for the site. */
export async function signedInPage(
  browser: Browser,
  siteUrl: string,
  cookie: string,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const [name, value] = cookie.split(';')[0]!.split('=');
  await context.addCookies([{ name: name!, value: value!, url: siteUrl }]);
  return context.newPage();
}

/** A cookie as a browser context takes it. */
export type SiteCookie = { name: string; value: string; url: string };

/** Signs a demo member in through the fake Discord: their user id and the session cookie. */
export async function signInMember(
  siteUrl: string,
  username: string,
): Promise<{ id: number; cookie: SiteCookie }> {
  const header = await signIn(siteUrl, username);
  const me = await (await fetch(`${siteUrl}/api/me`, { headers: { cookie: header } })).json();
  const [name, value] = header.split(';')[0]!.split('=');
  return { id: me.user.id, cookie: { name: name!, value: value!, url: siteUrl } };
}

/**
 * The elements past the screen's right edge (`tag.class.class`), but for those inside a row that
 * scrolls sideways on its own and ends within the screen (the rank filter): those are scrolled
 * to, the page does not scroll. `skip` leaves out elements matching a selector.
 */
export const pastTheEdge = (page: Page, skip = ''): Promise<string[]> =>
  page.evaluate((skipSelector) => {
    const edge = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= edge + 0.5) continue;
      if (skipSelector && el.matches(skipSelector)) continue;
      let scroller = el.parentElement;
      while (scroller && !/^(auto|scroll)$/.test(getComputedStyle(scroller).overflowX))
        scroller = scroller.parentElement;
      if (scroller && scroller.getBoundingClientRect().right <= edge + 0.5) continue;
      found.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    }
    return found;
  }, skip);
