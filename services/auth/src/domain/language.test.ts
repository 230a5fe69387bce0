import { AppError } from '@acg/platform';
import { describe, expect, it } from 'vitest';
import { languageCarriedIntoSignIn, parseLanguage } from './language';

describe('parseLanguage', () => {
  it('accepts the supported languages', () => {
    expect(parseLanguage('en')).toBe('en');
    expect(parseLanguage('ru')).toBe('ru');
  });
  it('refuses anything else with a 400 naming the supported ones', () => {
    for (const bad of ['de', 'EN', '', 'ru-RU']) {
      try {
        parseLanguage(bad);
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).status).toBe(400);
        expect((err as AppError).message).toContain('use one of en, ru');
      }
    }
  });
});

describe('languageCarriedIntoSignIn', () => {
  it('carries an anonymous visitor’s choice, and nothing from someone’s session', () => {
    expect(languageCarriedIntoSignIn({ userId: null, language: 'ru' })).toBe('ru');
    expect(languageCarriedIntoSignIn({ userId: 3, language: 'ru' })).toBeUndefined();
    expect(languageCarriedIntoSignIn(null)).toBeUndefined();
  });
});
