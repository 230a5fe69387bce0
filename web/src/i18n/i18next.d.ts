import 'i18next';
import type en from '@acg/i18n/locales/en/web.json';

// Typed translation keys: t('nav.home') is checked against the English web texts (the Russian
// ones have the same keys, which @acg/i18n's tests assert).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
