/**
 * The languages and the fallback order, for the web client and every service (rules §49).
 * Without dependencies: the browser's first chunk imports it.
 */

/** The languages whose texts ship with the code: always offered, and the fallback texts. */
export const LANGUAGES = ['en', 'ru'] as const;
export type BundledLanguage = (typeof LANGUAGES)[number];
/** The last language of every fallback chain: its texts exist for every key. */
export const FALLBACK_LANGUAGE: BundledLanguage = 'en';

export const isBundled = (language: string): language is BundledLanguage =>
  (LANGUAGES as readonly string[]).includes(language);

/**
 * Where a text of `language` is looked for, in order: the language itself, its base language
 * (`ru-UA` → `ru`, `pt-BR` → `pt`), then English. A language's own translations (the admin
 * area's) win at every step; the bundled texts are under them.
 */
export function fallbackChain(language: string): string[] {
  const chain = [language];
  const base = language.split('-')[0] ?? '';
  if (base && base !== language) chain.push(base);
  if (!chain.includes(FALLBACK_LANGUAGE)) chain.push(FALLBACK_LANGUAGE);
  return chain;
}

/** The first bundled language of `language`'s chain: the bundled texts it is shown with. */
export const bundledLanguageOf = (language: string): BundledLanguage =>
  fallbackChain(language).find(isBundled) ?? FALLBACK_LANGUAGE;

/**
 * The namespaces of a language's texts. `web` is the browser's (the root of the editable
 * file, as it always was); `server` is what the services say (the editable file's `server`
 * key), never sent to the browser.
 */
export const SERVER_NAMESPACE = 'server';
