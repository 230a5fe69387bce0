import en from '@acg/i18n/locales/en/web.json';
import ru from '@acg/i18n/locales/ru/web.json';
import type { i18n } from 'i18next';
import { i18nWith, isBundled, type Language, type Tree } from './core';

export {
  type BundledLanguage,
  FALLBACK_LANGUAGE,
  isBundled,
  LANGUAGES,
  type Language,
  mergeTranslations,
  translationDiff,
} from './core';

export const resources = { en: { translation: en }, ru: { translation: ru } } as const;

/** The bundled file of a language, the base the live translations are compared with. */
export const bundledTranslations = (language: Language): Tree =>
  isBundled(language) ? (resources[language].translation as Tree) : {};

/**
 * An i18next instance with both bundled files (the server render and the tests; the browser
 * loads only the file its page needs, ./load.ts). See `i18nWith` for the overrides.
 */
export function createI18n(language: Language, overrides?: Tree): i18n {
  return i18nWith({ en, ru }, language, overrides);
}
