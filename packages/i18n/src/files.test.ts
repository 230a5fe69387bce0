import { describe, expect, it } from 'vitest';
import { bundledTexts, editableFile, type Tree } from './bundled';
import { LANGUAGES, SERVER_NAMESPACE } from './languages';

/**
 * The bundled files: every text of every namespace exists in every bundled language, with the
 * same placeholders, and the plural forms each language's rules need.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Dotted key → text, for every string leaf. */
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value]]
      : typeof value === 'object' && value !== null
        ? leaves(value as Tree, `${prefix}${key}.`)
        : [[`${prefix}${key}`, `not a text: ${JSON.stringify(value)}`]],
  );

/** Base key (plural suffix dropped) → the texts of its forms. */
const byBase = (tree: Tree): Map<string, { suffixes: string[]; texts: string[] }> => {
  const out = new Map<string, { suffixes: string[]; texts: string[] }>();
  for (const [key, text] of leaves(tree)) {
    const base = key.replace(PLURAL, '');
    const entry = out.get(base) ?? { suffixes: [], texts: [] };
    entry.suffixes.push(PLURAL.exec(key)?.[1] ?? '');
    entry.texts.push(text);
    out.set(base, entry);
  }
  return out;
};

const placeholders = (texts: readonly string[]): string[] =>
  [
    ...new Set(texts.flatMap((text) => [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1]!))),
  ].sort();

/** The plural categories a language's numbers fall in (Intl's CLDR data), besides `other`. */
const categoriesOf = (language: string) => new Intl.PluralRules(language).resolvedOptions().pluralCategories;

describe.each(['web', 'server'] as const)('the bundled %s texts', (namespace) => {
  const english = byBase(bundledTexts.en[namespace]);

  it('are there', () => {
    expect(english.size).toBeGreaterThan(namespace === 'web' ? 500 : 80);
  });

  it.each(LANGUAGES)('%s has every key English has and no other, none empty', (language) => {
    const mine = byBase(bundledTexts[language][namespace]);
    expect([...mine.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, { texts }] of mine) for (const text of texts) expect(text.trim(), key).not.toBe('');
  });

  it.each(LANGUAGES)('%s uses the placeholders English uses, in every form', (language) => {
    const mismatched = [...byBase(bundledTexts[language][namespace])]
      .filter(([key, { texts }]) => {
        const source = english.get(key);
        return source && placeholders(texts).join() !== placeholders(source.texts).join();
      })
      .map(
        ([key, { texts }]) => `${key}: ${placeholders(texts)} vs ${placeholders(english.get(key)!.texts)}`,
      );
    expect(mismatched).toEqual([]);
  });

  it.each(LANGUAGES)('%s has a form for each of its plural categories where a text has forms', (language) => {
    const needed = categoriesOf(language).filter((c) => c !== 'zero' && c !== 'two');
    const missing = [...byBase(bundledTexts[language][namespace])]
      .filter(([, { suffixes }]) => suffixes.some((s) => s !== ''))
      .flatMap(([key, { suffixes }]) =>
        needed.filter((c) => !suffixes.includes(c)).map((c) => `${key}_${c}`),
      );
    expect(missing).toEqual([]);
  });
});

describe('the editable file', () => {
  it('is the web texts at the root and the server texts under `server`', () => {
    const file = editableFile('ru');
    expect(file[SERVER_NAMESPACE]).toBe(bundledTexts.ru.server);
    expect(file.nav).toBe(bundledTexts.ru.web.nav);
    // The web namespace has no root `server` key the server texts would hide.
    expect(Object.hasOwn(bundledTexts.en.web, SERVER_NAMESPACE)).toBe(false);
  });
});
