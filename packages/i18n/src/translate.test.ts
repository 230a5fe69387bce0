import { afterEach, describe, expect, it } from 'vitest';
import { bundledLanguageOf, fallbackChain } from './languages';
import { replaceServerOverrides, serverTextsDiff, setServerOverrides, t, translatorFor } from './translate';

afterEach(() => replaceServerOverrides({}));

describe('the fallback order', () => {
  it('is the language, its base language, then English', () => {
    expect(fallbackChain('ru-UA')).toEqual(['ru-UA', 'ru', 'en']);
    expect(fallbackChain('pt-BR')).toEqual(['pt-BR', 'pt', 'en']);
    expect(fallbackChain('de')).toEqual(['de', 'en']);
    expect(fallbackChain('ru')).toEqual(['ru', 'en']);
    expect(fallbackChain('en')).toEqual(['en']);
    expect(fallbackChain('en-GB')).toEqual(['en-GB', 'en']);
    expect(bundledLanguageOf('ru-UA')).toBe('ru');
    expect(bundledLanguageOf('pt-BR')).toBe('en');
  });

  it('gives a regional language its base language’s bundled text, any other English', () => {
    expect(t('ru-UA', 'trades.expired')).toBe('Срок обмена истёк');
    expect(t('ru', 'trades.expired')).toBe('Срок обмена истёк');
    expect(t('pt-BR', 'trades.expired')).toBe('This trade has expired');
    expect(t('ja', 'trades.expired')).toBe('This trade has expired');
  });

  it('goes down the chain text by text: an added language’s own text, else its base’s, else English', () => {
    setServerOverrides('pt', { trades: { expired: 'Esta troca expirou', selfTrade: 'Não consigo' } });
    setServerOverrides('pt-BR', { trades: { expired: 'A troca expirou' } });
    expect(t('pt-BR', 'trades.expired')).toBe('A troca expirou');
    expect(t('pt-BR', 'trades.selfTrade')).toBe('Não consigo');
    expect(t('pt-BR', 'trades.notYourTrade')).toBe('This trade is not yours');
  });

  it('keeps a bundled language’s own text under its overrides, not English', () => {
    setServerOverrides('ru', { trades: { expired: 'Обмен просрочен' } });
    expect(t('ru', 'trades.expired')).toBe('Обмен просрочен');
    expect(t('ru-UA', 'trades.expired')).toBe('Обмен просрочен');
    expect(t('ru', 'trades.selfTrade')).toBe('Нельзя предложить обмен самому себе');
  });
});

describe('placeholders', () => {
  it('are filled from the values, text and numbers only, as they are (no HTML escaping)', () => {
    expect(t('ru', 'trades.tooManyItems', { max: 20 })).toBe('Не больше 20 карточек с каждой стороны');
    expect(t('en', 'catalogue.franchiseExists', { title: '<Fate & "Stay">' })).toBe(
      'Franchise "<Fate & "Stay">" already exists',
    );
    expect(t('en', 'trades.tooManyItems', { max: { toString: () => 'x' } })).toBe('At most  items per side');
    expect(t('en', 'trades.tooManyItems')).toBe('At most  items per side');
  });

  it('named like an i18next option are values, not options', () => {
    setServerOverrides('en', { trades: { expired: 'lng={{lng}} ns={{ns}}' } });
    expect(t('en', 'trades.expired', { lng: 'ru', ns: 'web' })).toBe('lng=ru ns=web');
  });
});

describe('plurals', () => {
  it.each([
    [0, 'Теперь у вас 0 копий'],
    [2, 'Теперь у вас 2 копии'],
    [4, 'Теперь у вас 4 копии'],
    [5, 'Теперь у вас 5 копий'],
    [11, 'Теперь у вас 11 копий'],
    [14, 'Теперь у вас 14 копий'],
    [21, 'Теперь у вас 21 копия'],
    [22, 'Теперь у вас 22 копии'],
    [25, 'Теперь у вас 25 копий'],
    [101, 'Теперь у вас 101 копия'],
    [111, 'Теперь у вас 111 копий'],
  ])('say %i in Russian’s own form', (count, text) => {
    expect(t('ru', 'bot.copies', { count })).toBe(text);
  });

  it('say English one and other', () => {
    expect(t('en', 'bot.copies', { count: 1 })).toBe('You now have 1 copy');
    expect(t('en', 'bot.copies', { count: 21 })).toBe('You now have 21 copies');
    const few = { free: 1, asked: 2, name: 'Rem', inventoryId: 7 };
    expect(t('en', 'trades.fewFreeOwn', { ...few, count: 1 })).toBe(
      'You have only 1 free copy of Rem (inventory item 7), 2 asked',
    );
    expect(t('en', 'trades.fewFreeOwn', { ...few, free: 3, count: 3 })).toMatch(/only 3 free copies of Rem/);
    // The spec's Russian has one text for every number.
    expect(t('ru', 'trades.fewFreeOwn', { ...few, count: 1 })).toBe(
      'Свободных копий «Rem» (карточка 7) у вас 1, а в обмене 2',
    );
  });
});

describe('overrides', () => {
  it('apply at once and go back to the bundled text when removed', () => {
    const say = translatorFor('ru');
    setServerOverrides('ru', { trades: { tooManyItems: 'Максимум {{max}}' } });
    expect(say('trades.tooManyItems', { max: 3 })).toBe('Максимум 3');
    setServerOverrides('ru', undefined);
    expect(say('trades.tooManyItems', { max: 3 })).toBe('Не больше 3 карточек с каждой стороны');
  });

  it('count only non-empty texts: a blanked text, a plural list or a number is the bundled text', () => {
    setServerOverrides('ru', { trades: { expired: '  ', selfTrade: { plural: ['a'] }, notYourTrade: 5 } });
    expect(t('ru', 'trades.expired')).toBe('Срок обмена истёк');
    expect(t('ru', 'trades.selfTrade')).toBe('Нельзя предложить обмен самому себе');
    expect(t('ru', 'trades.notYourTrade')).toBe('Это не ваш обмен');
  });

  it('are replaced as a whole: a language no longer listed is bundled again', () => {
    replaceServerOverrides({ ru: { trades: { expired: 'A' } }, de: { trades: { expired: 'B' } } });
    expect([t('ru', 'trades.expired'), t('de', 'trades.expired')]).toEqual(['A', 'B']);
    replaceServerOverrides({ de: { trades: { expired: 'C' } } });
    expect([t('ru', 'trades.expired'), t('de', 'trades.expired')]).toEqual(['Срок обмена истёк', 'C']);
  });

  it('differ from the bundle only where a text differs', () => {
    expect(
      serverTextsDiff('ru', { trades: { expired: 'Срок обмена истёк', selfTrade: 'Нет' }, x: { y: '' } }),
    ).toEqual({ trades: { selfTrade: 'Нет' } });
    expect(serverTextsDiff('ru', { trades: { expired: 'Срок обмена истёк' } })).toBeUndefined();
    expect(serverTextsDiff('de', { trades: { expired: 'Abgelaufen' } })).toEqual({
      trades: { expired: 'Abgelaufen' },
    });
    expect(serverTextsDiff('de', 'nonsense')).toBeUndefined();
  });
});
