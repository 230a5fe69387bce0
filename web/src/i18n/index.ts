import { createInstance, type i18n } from 'i18next';
import en from './en.json';
import ru from './ru.json';

export type Language = 'en' | 'ru';
export const LANGUAGES: readonly Language[] = ['en', 'ru'];
export const resources = { en: { translation: en }, ru: { translation: ru } } as const;

/**
 * One i18next instance per render (the server renders many users at once, each in their own
 * language). Resources are bundled, so init is synchronous and the first render is translated.
 */
export function createI18n(language: Language): i18n {
  const instance = createInstance({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: LANGUAGES,
    resources,
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  void instance.init();
  return instance;
}
