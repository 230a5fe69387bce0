import {
  type BundledLanguage,
  FALLBACK_LANGUAGE,
  fallbackChain,
  isBundled,
  SERVER_NAMESPACE,
} from '@acg/i18n';
import { createInstance, type i18n, type Resource } from 'i18next';

// The parts of i18n that do not import the bundled texts: the browser's first chunk takes only
// these and loads the page's language file on its own (./load.ts), the server and the tests
// take them through ./index.ts with both files.

// The languages and the fallback order are @acg/i18n's, shared with the services.
export { type BundledLanguage, FALLBACK_LANGUAGE, isBundled, LANGUAGES } from '@acg/i18n';
/** A language code: one of the bundled LANGUAGES, or a language added in the admin area. */
export type Language = string;

export type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The entries of `live` that differ from `bundled` (string leaves and whole non-string values),
 * as a nested object; undefined when nothing differs. Keys the bundle lacks are kept, except the
 * services' texts (the file's `server` namespace): the browser never shows them.
 */
export function translationDiff(bundled: unknown, live: unknown, root = true): Tree | undefined {
  if (!isTree(live)) return undefined;
  const base = isTree(bundled) ? bundled : {};
  const out: Tree = {};
  for (const [key, value] of Object.entries(live)) {
    if (root && key === SERVER_NAMESPACE) continue;
    if (isTree(value)) {
      const inner = translationDiff(base[key], value, false);
      if (inner) out[key] = inner;
    } else if (typeof value === 'string' && value !== base[key]) {
      out[key] = value;
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `base` with `over` laid on top, as new objects (neither input is changed). */
export function mergeTranslations(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    out[key] = isTree(value) && isTree(base[key]) ? mergeTranslations(base[key] as Tree, value) : value;
  }
  return out;
}

/**
 * One i18next instance per render (the server renders many users at once, each in their own
 * language). `bundled` holds the bundled files it may use, by language; they are given, so init
 * is synchronous and the first render is translated. `overrides` are the live translations that
 * differ from the bundled files (the admin area's editor, served by GET /api/i18n/{lang}); they
 * win over the bundled texts, which stay the fallback for every key they do not have.
 */
export function i18nWith(
  bundled: Partial<Record<BundledLanguage, Tree>>,
  language: Language,
  overrides?: Tree,
): i18n {
  const resources: Resource = {};
  for (const [code, translation] of Object.entries(bundled)) resources[code] = { translation };
  // A merged copy: the bundled objects are shared by every render and must not change.
  if (overrides)
    resources[language] = {
      translation: mergeTranslations(isBundled(language) ? (bundled[language] ?? {}) : {}, overrides),
    };
  const instance = createInstance({
    lng: language,
    // The one fallback order (@acg/i18n): the language, its base language, English.
    fallbackLng: (code?: string) => fallbackChain(code ?? FALLBACK_LANGUAGE).slice(1),
    resources,
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  void instance.init();
  return instance;
}
