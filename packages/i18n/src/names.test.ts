import { describe, expect, it } from 'vitest';
import { allNames, localize, matchesSearch, nameFallbackOrder, searchKey, searchKeys } from './names';

const gilbert = { en: 'Gilbert Bougainvillea', ru: 'Гилберт Бугенвиллея', ja: 'ギルベルト・ブーゲンビリア' };

describe('the names fallback order', () => {
  it('is the language (or its base), then English, then Japanese', () => {
    expect(nameFallbackOrder('ru')).toEqual(['ru', 'en', 'ja']);
    expect(nameFallbackOrder('ru-UA')).toEqual(['ru', 'en', 'ja']);
    expect(nameFallbackOrder('en')).toEqual(['en', 'ja']);
    expect(nameFallbackOrder('ja')).toEqual(['ja', 'en']);
    expect(nameFallbackOrder('pt-BR')).toEqual(['en', 'ja']);
  });

  it('shows the viewer’s language, else English, else the primary name, else Japanese', () => {
    expect(localize(gilbert, 'ru')).toBe('Гилберт Бугенвиллея');
    expect(localize(gilbert, 'en')).toBe('Gilbert Bougainvillea');
    expect(localize({ ja: 'エクボ' }, 'ru', 'Dimple')).toBe('Dimple');
    expect(localize({ ru: '  ', ja: 'エクボ' }, 'ru')).toBe('エクボ');
    expect(localize({ ru: 'Ямочка' }, 'en', 'Dimple')).toBe('Dimple');
    expect(localize({ ru: 'Ямочка' }, 'en')).toBe(null);
    expect(localize(null, 'ru', 'Dimple')).toBe('Dimple');
    expect(localize({ en: 'Spike' }, 'ru', 'Supaiku')).toBe('Spike');
  });

  it('lists every distinct name once', () => {
    expect(allNames(gilbert, 'Gilbert Bougainvillea', null)).toEqual([
      'Gilbert Bougainvillea',
      'Гилберт Бугенвиллея',
      'ギルベルト・ブーゲンビリア',
    ]);
  });
});

describe('search keys', () => {
  it('ignore case, accents, spaces and punctuation in every script', () => {
    expect(searchKey('Édouard  Élric')).toBe('edouardelric');
    expect(searchKey('ДИМ')).toBe('дим');
    expect(searchKey('Ёж')).toBe(searchKey('еж'));
    expect(searchKey('ギルベルト・ブーゲンビリア')).toBe('ギルベルトブーゲンビリア');
    expect(searchKey('ＡＢＣ')).toBe('abc');
    expect(searchKey('ｷﾞﾙﾍﾞﾙﾄ')).toBe('ギルベルト');
    expect(searchKey('ぎるべると')).toBe('ギルベルト');
  });

  it('find a name by part of any of its names', () => {
    const names = allNames(gilbert);
    expect(matchesSearch(names, 'ギルベルト')).toBe(true);
    expect(matchesSearch(names, 'бугенВИЛЛ')).toBe(true);
    expect(matchesSearch(names, 'bougainvillea')).toBe(true);
    expect(matchesSearch(names, 'gilbert b')).toBe(true);
    expect(matchesSearch(names, 'Violet')).toBe(false);
    expect(matchesSearch(['Димпл', 'Dimple', 'エクボ'], 'ДИМ')).toBe(true);
    expect(matchesSearch(names, '  ')).toBe(true);
    expect(matchesSearch(names, ' · ')).toBe(false);
  });

  it('join into one column without a key crossing into the next', () => {
    const column = searchKeys(['Ab', null, 'Cd']);
    expect(column).toBe('ab|cd');
    expect(column.includes(searchKey('bc'))).toBe(false);
  });
});
