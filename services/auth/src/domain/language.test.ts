import { i18nLanguages } from '@acg/contracts';
import { AppError, createMemoryBus } from '@acg/platform';
import { describe, expect, it } from 'vitest';
import { addedLanguagesFrom, languageCarriedIntoSignIn, parseLanguage } from './language';

const none = async () => [];
const refusal = async (value: string, added: () => Promise<readonly string[]>) => {
  try {
    await parseLanguage(value, added);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  return expect.unreachable();
};

describe('parseLanguage', () => {
  it('accepts the bundled languages without asking for the added ones', async () => {
    const never = () => Promise.reject(new Error('not asked'));
    expect(await parseLanguage('en', never)).toBe('en');
    expect(await parseLanguage('ru', never)).toBe('ru');
  });
  it('refuses anything else with a 400 naming the languages there are', async () => {
    for (const bad of ['de', 'EN', '', 'ru-RU']) {
      const err = await refusal(bad, none);
      expect(err.status).toBe(400);
      expect(err.message).toContain('use one of en, ru');
    }
  });
  it('accepts a language added in the admin area, and names it when refusing another', async () => {
    const added = async () => ['de'];
    expect(await parseLanguage('de', added)).toBe('de');
    expect((await refusal('fr', added)).message).toBe('Unsupported language "fr": use one of en, ru, de');
  });
});

describe('addedLanguagesFrom', () => {
  it('asks the admin service over the bus and remembers the answer', async () => {
    const bus = createMemoryBus();
    let asked = 0;
    const served = bus.serve(i18nLanguages, async () => {
      asked += 1;
      return { languages: ['de'] };
    });
    const added = addedLanguagesFrom(bus, 60_000);
    expect(await added()).toEqual(['de']);
    expect(await added()).toEqual(['de']);
    expect(asked).toBe(1);
    await served.stop();
    await bus.drain();
  });
  it('has none when no admin service is part of the system', async () => {
    const bus = createMemoryBus();
    expect(await addedLanguagesFrom(bus)()).toEqual([]);
    await bus.drain();
  });
  it('is unavailable (503) when the admin service fails and nothing is known yet', async () => {
    const bus = createMemoryBus();
    const served = bus.serve(i18nLanguages, async () => {
      throw new Error('database down');
    });
    await expect(addedLanguagesFrom(bus)()).rejects.toMatchObject({ status: 503 });
    await served.stop();
    await bus.drain();
  });
});

describe('languageCarriedIntoSignIn', () => {
  it('carries an anonymous visitor’s choice, and nothing from someone’s session', () => {
    expect(languageCarriedIntoSignIn({ userId: null, language: 'ru' })).toBe('ru');
    expect(languageCarriedIntoSignIn({ userId: 3, language: 'ru' })).toBeUndefined();
    expect(languageCarriedIntoSignIn(null)).toBeUndefined();
  });
});
