import { type BundledLanguage, FALLBACK_LANGUAGE, isBundled, type Language, type Tree } from './core';

/**
 * The bundled files, each a chunk of its own: a page needs the texts of one language, so the
 * browser loads that file and not the other (docs/rules.md §28). The server preloads it.
 */
const FILES: Record<BundledLanguage, () => Promise<{ default: Tree }>> = {
  en: () => import('./en.json'),
  ru: () => import('./ru.json'),
};

/** Manifest keys (source paths relative to web/) of the files, for the server's modulepreload. */
export const TEXT_MODULES: Record<BundledLanguage, string> = {
  en: 'src/i18n/en.json',
  ru: 'src/i18n/ru.json',
};

/**
 * The bundled language whose file a page in `language` renders from: its own when it is bundled
 * (en and ru have the same keys, i18n.test.ts), else the fallback, English, under every text an
 * added language has not translated.
 */
export const textsFor = (language: Language): BundledLanguage =>
  isBundled(language) ? language : FALLBACK_LANGUAGE;

/** The bundled texts a page in `language` uses, by language (for `i18nWith`). */
export async function loadTexts(language: Language): Promise<Partial<Record<BundledLanguage, Tree>>> {
  const code = textsFor(language);
  return { [code]: (await FILES[code]()).default };
}
