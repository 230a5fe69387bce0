import { describe, expect, it } from 'vitest';
import { dateFormat, formatDateTime, formatNumber, numberFormat } from './formats';

describe('Intl formatters', () => {
  it('are made once per locale and options, and format as Intl does', () => {
    const medium = dateFormat('en-GB', { dateStyle: 'medium' });
    expect(dateFormat('en-GB', { dateStyle: 'medium' })).toBe(medium);
    expect(dateFormat('en-GB', { dateStyle: 'long' })).not.toBe(medium);
    expect(dateFormat('ru-RU', { dateStyle: 'medium' })).not.toBe(medium);
    const day = new Date('2026-11-26T12:00:00Z');
    expect(medium.format(day)).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(day));
    expect(numberFormat('ru')).toBe(numberFormat('ru'));
    expect(numberFormat('ru').format(12345)).toBe(new Intl.NumberFormat('ru').format(12345));
  });
});

describe('the site date style', () => {
  const at = new Date(Date.UTC(2026, 10, 27, 11, 17, 24));
  it('is day, month, year and time in the page language, one style per language', () => {
    expect(formatDateTime('en', at)).toMatch(/^Nov 27, 2026, \d{1,2}:17\s[AP]M$/);
    expect(formatDateTime('ru', at.toISOString())).toMatch(/^27 нояб\. 2026 г\., \d{2}:17$/);
    // No seconds, whatever the input carries.
    expect(formatDateTime('en', at)).not.toContain(':24');
  });
  it('shows a dash for no date or one it cannot read', () => {
    expect(formatDateTime('en', null)).toBe('-');
    expect(formatDateTime('ru', 'not a date')).toBe('-');
  });
  it('formats numbers in the page language', () => {
    expect(formatNumber('en', 12345)).toBe('12,345');
    expect(formatNumber('ru', 12345)).toBe('12\u00a0345');
  });
});
