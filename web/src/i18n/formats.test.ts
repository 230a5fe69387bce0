import { describe, expect, it } from 'vitest';
import { dateFormat, numberFormat } from './formats';

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
