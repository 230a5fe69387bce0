import { createInstance } from 'i18next';
import enServer from '../locales/en/server.json' with { type: 'json' };
import type enServerFile from '../locales/en/server.json';
import ruServer from '../locales/ru/server.json' with { type: 'json' };
import {
  type BundledLanguage,
  FALLBACK_LANGUAGE,
  fallbackChain,
  isBundled,
  LANGUAGES,
  SERVER_NAMESPACE,
} from './languages';

export type Tree = Record<string, unknown>;

/**
 * What the services say, in the caller's language: one i18next instance per process holding the
 * bundled server texts (`locales/<lang>/server.json`) with the administrators' overrides laid on
 * top (`setServerOverrides`, fed by the platform from the admin service, rules §49). Plurals and
 * `{{name}}` placeholders are i18next's own.
 */
const BUNDLED: Readonly<Record<BundledLanguage, Tree>> = { en: enServer, ru: ruServer };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
type Base<K extends string> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
  ? B
  : K;
type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${Base<K>}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A server text's key: its dotted path in en/server.json, without a plural suffix. */
export type ServerKey = Paths<typeof enServerFile>;
/** Placeholder values; `count` also picks the plural form. Anything but text and numbers is empty. */
export type Values = Readonly<Record<string, unknown>>;

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The non-empty string leaves of a tree (a plural list, a number or an empty text is dropped). */
export function textLeaves(tree: unknown): Tree | undefined {
  if (!isTree(tree)) return undefined;
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') {
      if (value.trim() !== '') out[key] = value;
    } else {
      const inner = textLeaves(value);
      if (inner) out[key] = inner;
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `base` with `over` laid on top, as new objects. */
function merge(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(over))
    out[key] = isTree(value) && isTree(base[key]) ? merge(base[key] as Tree, value) : value;
  return out;
}

/**
 * The texts of `live` (a stored `server` namespace) that differ from the bundled texts of
 * `language`: what the admin service hands the services, usually nothing.
 */
export function serverTextsDiff(language: string, live: unknown): Tree | undefined {
  const diff = (base: unknown, tree: Tree): Tree | undefined => {
    const out: Tree = {};
    for (const [key, value] of Object.entries(tree)) {
      const mine = isTree(base) ? base[key] : undefined;
      if (isTree(value)) {
        const inner = diff(mine, value);
        if (inner) out[key] = inner;
      } else if (value !== mine) out[key] = value;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  };
  const texts = textLeaves(live);
  return texts && diff(isBundled(language) ? BUNDLED[language] : undefined, texts);
}

const instance = createInstance({
  resources: Object.fromEntries(LANGUAGES.map((l) => [l, { [SERVER_NAMESPACE]: BUNDLED[l] }])),
  ns: [SERVER_NAMESPACE],
  defaultNS: SERVER_NAMESPACE,
  // The one fallback order (languages.ts): the language, its base language, English.
  lng: FALLBACK_LANGUAGE,
  fallbackLng: (code?: string) => fallbackChain(code ?? FALLBACK_LANGUAGE).slice(1),
  load: 'currentOnly',
  initAsync: false,
  // Answers are JSON and Discord messages, not HTML.
  interpolation: { escapeValue: false },
  // A placeholder without a value is left empty, not shown as `{{name}}`.
  missingInterpolationHandler: () => '',
  returnEmptyString: false,
});
void instance.init();

// The web client's typed keys (web/src/i18n/i18next.d.ts) are not these: call untyped.
const translate = instance.t as unknown as (key: string, options: Record<string, unknown>) => string;

const plain = (values: Values): Record<string, string | number> => {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(values))
    out[key] = typeof value === 'string' || typeof value === 'number' ? value : '';
  return out;
};

/** A server text in `language` (down its fallback chain), its placeholders filled from `values`. */
export function t(language: string, key: ServerKey, values: Values = {}): string {
  const count = values.count;
  return translate(key, {
    lng: language,
    // Under `replace`, a value named like an i18next option (`ns`, `lng`…) is only a value.
    replace: plain(values),
    ...(typeof count === 'number' ? { count } : {}),
  });
}

/** `t` fixed to one language (a request's, a Discord user's). */
export const translatorFor =
  (language: string) =>
  (key: ServerKey, values?: Values): string =>
    t(language, key, values);

const overridden = new Set<string>();

/**
 * Lays an administrator's texts for `language` (its stored `server` namespace, or the part that
 * differs from the bundle) over the bundled ones; `undefined` goes back to the bundled texts.
 * Only non-empty strings count: a text blanked in the editor is the bundled one again.
 */
export function setServerOverrides(language: string, tree: unknown): void {
  const texts = textLeaves(tree);
  const bundled = isBundled(language) ? BUNDLED[language] : undefined;
  instance.removeResourceBundle(language, SERVER_NAMESPACE);
  if (texts) overridden.add(language);
  else overridden.delete(language);
  const bundle = texts ? merge(bundled ?? {}, texts) : bundled;
  if (bundle) instance.addResourceBundle(language, SERVER_NAMESPACE, bundle, true, true);
}

/** Replaces every language's overrides: a language missing from `all` gets its bundled texts. */
export function replaceServerOverrides(all: Readonly<Record<string, unknown>>): void {
  for (const language of [...overridden]) if (!(language in all)) setServerOverrides(language, undefined);
  for (const [language, tree] of Object.entries(all)) setServerOverrides(language, tree);
}

/** The base keys of a namespace part (plural suffixes dropped): `keysOf('trades')`. */
export function keysOf(part: keyof typeof enServerFile): string[] {
  const node = BUNDLED.en[part];
  return isTree(node) ? [...new Set(Object.keys(node).map((k) => k.replace(PLURAL_SUFFIX, '')))] : [];
}
