import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, logParams } from './admin-logs';

describe('the log query', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it("sends the date inputs as the browser's local days, as the table shows the dates", () => {
    // Moscow is UTC+3: its 27 November runs from 26 Nov 21:00 to 27 Nov 20:59:59.999 UTC.
    process.env.TZ = 'Europe/Moscow';
    const params = logParams(
      { ...EMPTY_FILTERS, startDate: '2026-11-27', endDate: '2026-11-27' },
      'date-desc',
    );
    expect(params.get('startDate')).toBe('2026-11-26T21:00:00.000Z');
    expect(params.get('endDate')).toBe('2026-11-27T20:59:59.999Z');
    process.env.TZ = 'UTC';
    const utc = logParams({ ...EMPTY_FILTERS, startDate: '2026-03-01' }, 'date-asc');
    expect([utc.get('startDate'), utc.has('endDate')]).toEqual(['2026-03-01T00:00:00.000Z', false]);
  });

  it('passes the other filters trimmed and leaves out the empty ones', () => {
    const params = logParams({ ...EMPTY_FILTERS, adminId: ' 42 ', category: 'users' }, 'admin-asc', {
      limit: 50,
      offset: 100,
    });
    expect(Object.fromEntries(params)).toEqual({
      adminId: '42',
      category: 'users',
      sort: 'admin-asc',
      limit: '50',
      offset: '100',
    });
  });
});
