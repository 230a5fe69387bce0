import { type Browser, chromium, type Page } from 'playwright-core';

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
 * Accepts the next alert or confirm the page opens and resolves with its message. The handler
 * accepts at once: a dialog left open freezes the page, so a click that opened it (when the answer
 * came back before the click finished) would never return.
 */
export const acceptNextDialog = (page: Page): Promise<string> =>
  new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });

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
