import { fallbackChain } from './languages';

/**
 * Names, titles and descriptions of catalogue data (characters, anime) per language (rules
 * §57 "One language at a time"). Without dependencies: the browser's first chunk imports it.
 */

/** The languages data is stored in: English, Russian and the original Japanese. */
export const NAME_LANGUAGES = ['en', 'ru', 'ja'] as const;
export type NameLanguage = (typeof NAME_LANGUAGES)[number];
/** One text per language; a language without one is left out (or blank, which counts as none). */
export type Localized = Partial<Record<NameLanguage, string | null>>;

/** Texts as stored and sent (cleanLocalized): no blanks, no nulls. */
export type StoredTexts = Partial<Record<NameLanguage, string>>;

const isNameLanguage = (l: string): l is NameLanguage => (NAME_LANGUAGES as readonly string[]).includes(l);

/**
 * Where a name is looked for, for a viewer of `language`: the language itself (or its base
 * language: `ru-UA` reads Russian), then English, then the original Japanese. The record's own
 * primary name (the romanised name every record has) comes after the English one.
 */
export function nameFallbackOrder(language: string): NameLanguage[] {
  const chain = fallbackChain(language).filter(isNameLanguage);
  for (const l of ['en', 'ja'] as const) if (!chain.includes(l)) chain.push(l);
  return chain;
}

const present = (text: string | null | undefined): text is string =>
  typeof text === 'string' && text.trim() !== '';

/**
 * The text to show a viewer of `language`: the first of `values` along nameFallbackOrder, where
 * `primary` (the record's romanised name, or null for descriptions) stands in right after English.
 */
export function localize(
  values: Localized | null | undefined,
  language: string,
  primary: string | null = null,
): string | null {
  for (const l of nameFallbackOrder(language)) {
    const text = values?.[l];
    if (present(text)) return text;
    if (l === 'en' && present(primary)) return primary;
  }
  return present(primary) ? primary : null;
}

/** The texts as stored and sent: trimmed, in NAME_LANGUAGES order, blank ones left out. */
export function cleanLocalized(values: Localized | null | undefined): StoredTexts {
  const out: StoredTexts = {};
  for (const l of NAME_LANGUAGES) {
    const text = values?.[l]?.trim();
    if (text) out[l] = text;
  }
  return out;
}

/** Every distinct non-blank text of `values` and `extra` (the primary name, an alternative name). */
export function allNames(
  values: Localized | null | undefined,
  ...extra: Array<string | null | undefined>
): string[] {
  const texts = [...extra, ...NAME_LANGUAGES.map((l) => values?.[l])].filter(present);
  return [...new Set(texts)];
}

// Latin, Greek and Cyrillic accents (the combining diacritics block): é→e, ё→е, й→и.
const DIACRITICS = /[\u0300-\u036f]/g;
// Spaces and punctuation (・ in Japanese names, dots, hyphens, apostrophes) do not count.
const SEPARATORS = /[\p{Z}\p{P}\s]+/gu;
// Hiragana reads as the katakana of the same sound (ぎるべると finds ギルベルト).
const HIRAGANA = /[\u3041-\u3096]/g;

/**
 * A text as search compares it: compatibility forms folded (full-width Latin, half-width kana),
 * accents removed, lower case, hiragana as katakana, no spaces or punctuation. A name matches a
 * search when its key contains the search's key.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(DIACRITICS, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(HIRAGANA, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0x60))
    .replace(SEPARATORS, '');
}

/**
 * Whether any of `names` matches `query`. A blank query matches everything (no search); one of
 * punctuation only matches nothing, as on the server (no name is found by `%`).
 */
export function matchesSearch(names: Iterable<string | null | undefined>, query: string): boolean {
  if (query.trim() === '') return true;
  const key = searchKey(query);
  if (key === '') return false;
  for (const name of names) if (name && searchKey(name).includes(key)) return true;
  return false;
}

/** The keys of all `names` in one text, for a search column (`|` never occurs inside a key). */
export const searchKeys = (names: Iterable<string | null | undefined>): string =>
  [...names].filter(present).map(searchKey).join('|');
