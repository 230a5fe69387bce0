import { describe, expect, it } from 'vitest';
import { quickRange, relativeTime } from './time';

describe('log times', () => {
  const now = new Date(2026, 10, 23, 12, 0, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('says how long ago in steps (requirements O9)', () => {
    expect(relativeTime(ago(30_000), now, 'ru', 'только что')).toBe('только что');
    expect(relativeTime(ago(5 * 60_000), now, 'ru', 'только что')).toBe('5 минут назад');
    expect(relativeTime(ago(3 * 3_600_000), now, 'ru', 'только что')).toBe('3 часа назад');
    expect(relativeTime(ago(2 * 86_400_000), now, 'ru', 'только что')).toBe('2 дня назад');
    expect(relativeTime(ago(65 * 86_400_000), now, 'ru', 'только что')).toBe('2 месяца назад');
    expect(relativeTime(ago(800 * 86_400_000), now, 'ru', 'только что')).toBe('2 года назад');
    expect(relativeTime(ago(5 * 60_000), now, 'en', 'just now')).toBe('5 minutes ago');
  });
  it('builds the quick ranges with today included', () => {
    expect(quickRange(1, now)).toEqual({ startDate: '2026-11-23', endDate: '2026-11-23' });
    expect(quickRange(7, now)).toEqual({ startDate: '2026-11-17', endDate: '2026-11-23' });
    expect(quickRange(30, now)).toEqual({ startDate: '2026-10-25', endDate: '2026-11-23' });
  });
});
