import { describe, expect, it } from 'vitest';
import { bundledTranslations, createI18n, translationDiff } from './index';

describe('live translations', () => {
  it('keeps only what differs from the bundle, nested', () => {
    const bundled = { home: { title: 'Hi', tagline: 'Collect' }, nav: { home: 'Home' } };
    expect(translationDiff(bundled, bundled)).toBeUndefined();
    expect(
      translationDiff(bundled, {
        home: { title: 'Hello', tagline: 'Collect' },
        nav: { home: 'Home' },
        extra: 'x',
      }),
    ).toEqual({ home: { title: 'Hello' }, extra: 'x' });
    expect(translationDiff(bundled, null)).toBeUndefined();
    // The services' texts (the file's `server` namespace) never travel with a page; a nested
    // `server` key of the web texts does.
    expect(
      translationDiff(bundled, { ...bundled, server: { trades: { expired: 'Истёк' } } }),
    ).toBeUndefined();
    expect(translationDiff(bundled, { ...bundled, nav: { home: 'Home', server: 'S' } })).toEqual({
      nav: { server: 'S' },
    });
    expect(translationDiff(bundled, ['a'])).toBeUndefined();
  });

  it('lets the live texts win and keeps the bundle as the fallback', () => {
    const i18n = createI18n('ru', { home: { tagline: 'Живой текст' } });
    expect(i18n.t('home.tagline')).toBe('Живой текст');
    const bundledNav = (bundledTranslations('ru').nav as Record<string, string>).home;
    expect(i18n.t('nav.home')).toBe(bundledNav);
    // Another render without overrides is untouched (instances are per render).
    expect(createI18n('ru').t('home.tagline')).not.toBe('Живой текст');
  });
});
