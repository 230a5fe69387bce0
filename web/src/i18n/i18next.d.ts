import 'i18next';
import type en from './en.json';

// Typed translation keys: t('nav.home') is checked against en.json (ru.json has the same keys,
// which i18n.test.ts asserts).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
