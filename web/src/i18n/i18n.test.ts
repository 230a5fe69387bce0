import { LEVEL_NAMES, LEVEL_NAMES_RU } from '@acg/contracts';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import { createI18n } from './index';
import ru from './ru.json';

const keyPaths = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keyPaths(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('translations', () => {
  it('have the same keys in en and ru (plural forms per language), none empty', () => {
    // Plural suffixes differ by language (ru has few/many); the base keys must match.
    const base = (lang: object) =>
      [...new Set(keyPaths(lang).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
    expect(base(ru)).toEqual(base(en));
    for (const lang of [en, ru]) {
      const i18n = createI18n(lang === en ? 'en' : 'ru');
      for (const key of keyPaths(lang)) expect(i18n.t(key as 'app.name'), key).not.toBe('');
    }
  });

  it('name the access levels as the spec does', () => {
    expect(Object.values(en.levels)).toEqual([...LEVEL_NAMES]);
    expect(Object.values(ru.levels)).toEqual([...LEVEL_NAMES_RU]);
  });

  it('keep the spec error text verbatim in both languages', () => {
    expect(en.home.statsError).toBe('Ошибка загрузки статистики');
    expect(ru.home.statsError).toBe('Ошибка загрузки статистики');
    // The image overlay (spec 1 §8) is the same Russian text in both languages.
    expect(en.images.error).toBe('Ошибка загрузки');
    expect(ru.images.error).toBe('Ошибка загрузки');
    expect(en.common.guest).toBe('Guest');
    expect(ru.common.guest).toBe('Гость');
  });

  it('are ready synchronously, for the server render', () => {
    expect(createI18n('ru').t('nav.home')).toBe('Главная');
    expect(createI18n('en').t('nav.home')).toBe('Home');
  });
});
