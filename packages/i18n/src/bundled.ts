import enServer from '../locales/en/server.json' with { type: 'json' };
import enWeb from '../locales/en/web.json' with { type: 'json' };
import ruServer from '../locales/ru/server.json' with { type: 'json' };
import ruWeb from '../locales/ru/web.json' with { type: 'json' };
import { type BundledLanguage, SERVER_NAMESPACE } from './languages';

export type Tree = Record<string, unknown>;

/** Every bundled text by language and namespace (the tests, the admin service's seed). */
export const bundledTexts: Readonly<Record<BundledLanguage, { web: Tree; server: Tree }>> = {
  en: { web: enWeb, server: enServer },
  ru: { web: ruWeb, server: ruServer },
};

/**
 * A language's editable file as the translations screen shows it and the admin service stores
 * it (`GET /api/i18n/{lang}`): the web namespace at the root, the server namespace under
 * `server`. The admin service seeds these at start.
 */
export const editableFile = (language: BundledLanguage): Tree => ({
  ...bundledTexts[language].web,
  [SERVER_NAMESPACE]: bundledTexts[language].server,
});

/** The editable file of every bundled language. */
export const bundledTranslationFiles: Readonly<Record<BundledLanguage, Tree>> = {
  en: editableFile('en'),
  ru: editableFile('ru'),
};
