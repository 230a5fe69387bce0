import { bundledLanguageOf } from '@acg/i18n';
import type { BundledLanguage, Language, Tree } from './core';

/**
 * The bundled files, each a chunk of its own: a page needs the texts of one language, so the
 * browser loads that file and not the other (docs/rules.md §28). The server preloads it.
 */
const FILES: Record<BundledLanguage, () => Promise<{ default: Tree }>> = {
  en: () => import('@acg/i18n/locales/en/web.json'),
  ru: () => import('@acg/i18n/locales/ru/web.json'),
};

/** Manifest keys (source paths relative to web/) of the files, for the server's modulepreload. */
export const TEXT_MODULES: Record<BundledLanguage, string> = {
  en: '../packages/i18n/locales/en/web.json',
  ru: '../packages/i18n/locales/ru/web.json',
};

/**
 * The bundled language whose file a page in `language` renders from: the first bundled one of
 * its fallback chain (`ru-UA` → ru, `de` → English; en and ru have the same keys), under every
 * text an added language has not translated.
 */
export const textsFor = (language: Language): BundledLanguage => bundledLanguageOf(language);

/** The bundled texts a page in `language` uses, by language (for `i18nWith`). */
export async function loadTexts(language: Language): Promise<Partial<Record<BundledLanguage, Tree>>> {
  const code = textsFor(language);
  return { [code]: (await FILES[code]()).default };
}
