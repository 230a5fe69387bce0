import { describe, expect, it } from 'vitest';
import { flatten, isEmpty, keyList, matches, newKeyError, pageWindow, unflatten } from './model';

describe('translation editor model', () => {
  const file = { a: { b: 'B', c: { plural: ['one', 'many'] } }, d: 'D', e: [1, 2] };
  it('flattens to dotted keys and back', () => {
    const entries = flatten(file);
    expect(entries.map((e) => e.key)).toEqual(['a.b', 'a.c', 'd', 'e']);
    expect(entries[1]?.value).toEqual({ plural: ['one', 'many'] });
    expect(entries[3]?.value).toEqual({ readonly: [1, 2] });
    expect(unflatten(entries)).toEqual(file);
  });
  it('checks a new key with the spec’s rules', () => {
    const keys = new Set(['home.title']);
    expect(newKeyError('  ', 'v', keys)).toBe('required');
    expect(newKeyError('a', 'v', keys)).toBe('short');
    expect(newKeyError('a b', 'v', keys)).toBe('spaces');
    for (const key of ['home..title', '.home', 'home.', '..'])
      expect(newKeyError(key, 'v', keys), key).toBe('parts');
    expect(newKeyError(' home.title ', 'v', keys)).toBe('duplicate');
    expect(newKeyError('home.new', '  ', keys)).toBe('valueRequired');
    expect(newKeyError('home.new', 'v', keys)).toBeNull();
  });
  it('takes a key that would replace a text or a group on save as an existing key', () => {
    const entries = flatten({ home: { title: 'Главная', tagline: 'Карточки' }, nav: 'Меню' });
    const keys = new Set(entries.map((e) => e.key));
    // 'home' would replace the group home.*, 'nav.menu' the text nav, 'home.title.x' the text home.title.
    for (const key of ['home', 'nav.menu', 'home.title.x'])
      expect(newKeyError(key, 'v', keys), key).toBe('duplicate');
    expect(newKeyError('homepage', 'v', keys)).toBeNull();
    expect(newKeyError('home.titles', 'v', keys)).toBeNull();
    // What the rule protects: each of those keys, saved, loses an existing text.
    for (const key of ['home', 'nav.menu', 'home.title.x']) {
      const saved = flatten(unflatten([{ key, value: 'v' }, ...entries])).map((e) => e.key);
      expect([...keys].every((k) => saved.includes(k)) && saved.includes(key), key).toBe(false);
    }
  });
  it('tells empty entries, searches by scope, lists keys and windows pages', () => {
    expect(isEmpty(' ')).toBe(true);
    expect(isEmpty({ plural: ['', ' '] })).toBe(true);
    expect(isEmpty({ plural: ['', 'x'] })).toBe(false);
    const entry = { key: 'home.title', value: 'Welcome' };
    expect(matches(entry, 'HOME', 'keys')).toBe(true);
    expect(matches(entry, 'home', 'values')).toBe(false);
    expect(matches(entry, 'welc', 'all')).toBe(true);
    expect(keyList(['a', 'b', 'c', 'd', 'e', 'f', 'g'], (n) => `и еще ${n}`)).toBe('a\nb\nc\nd\ne\nи еще 2');
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
});
