import { LEVEL_NAMES, LEVEL_NAMES_RU } from '@acg/contracts';
import en from '@acg/i18n/locales/en/web.json';
import ru from '@acg/i18n/locales/ru/web.json';
import { describe, expect, it } from 'vitest';
import { createI18n } from './index';

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

  // Requirements M8, byte for byte in the ru interface; the en interface says the same in English.
  it.each([
    ['home.statsError', 'Ошибка загрузки статистики', {}],
    ['images.error', 'Ошибка загрузки', {}],
    ['characters.errorTitle', 'Ошибка', {}],
    ['characters.errors.api', 'API error: boom', { detail: 'boom' }],
    ['characters.errors.unexpected', 'Неожиданный ответ API: {}', { detail: '{}' }],
    ['characters.errors.request', 'Ошибка запроса: HTTP 502', { detail: 'HTTP 502' }],
    ['likes.loadFailed', 'Ошибка загрузки лайков', {}],
    ['likes.refused', 'Не удалось поставить лайк', {}],
    ['likes.network', 'Ошибка сети', {}],
    ['characters.ownersError', 'Ошибка загрузки владельцев: offline', { detail: 'offline' }],
  ] as const)('keep the spec text of %s in ru, and English in en', (key, spec, values) => {
    expect(createI18n('ru').t(key, values)).toBe(spec);
    const english = createI18n('en').t(key, values);
    expect(english).not.toMatch(/[\u0400-\u04FF]/);
    expect(english).not.toBe('');
  });

  it('keep the names of things the same in both', () => {
    expect(en.common.guest).toBe('Guest');
    expect(ru.common.guest).toBe('Гость');
  });

  it('are ready synchronously, for the server render', () => {
    expect(createI18n('ru').t('nav.home')).toBe('Главная');
    expect(createI18n('en').t('nav.home')).toBe('Home');
  });
});
