import { describe, expect, it } from 'vitest';
import { rowRange } from './useWindowRows';

const grid = { size: 280, overscan: 3, scrollMargin: 0, scrollY: 0, viewportHeight: 900 };

describe('rowRange', () => {
  it('shows the rows in the window and three more each side', () => {
    // Rows 0–3 meet the first 900 px; three more below, none above the first.
    expect(rowRange({ ...grid, count: 20 })).toEqual({ first: 0, last: 6 });
    // Scrolled 1,000 px: rows 3 (840–1120) to 6 (1680–1960) meet 1000–1900.
    expect(rowRange({ ...grid, count: 20, scrollY: 1000 })).toEqual({ first: 0, last: 9 });
    expect(rowRange({ ...grid, count: 20, scrollY: 2800 })).toEqual({ first: 7, last: 16 });
  });

  it('counts from where the list starts on the page', () => {
    expect(rowRange({ ...grid, count: 20, scrollMargin: 400, scrollY: 3200 })).toEqual({
      first: 7,
      last: 16,
    });
    // Above the list: its first rows.
    expect(rowRange({ ...grid, count: 20, scrollMargin: 400, viewportHeight: 300 })).toEqual({
      first: 0,
      last: 3,
    });
  });

  it('stops at the ends of the list', () => {
    expect(rowRange({ ...grid, count: 2 })).toEqual({ first: 0, last: 1 });
    expect(rowRange({ ...grid, count: 1 })).toEqual({ first: 0, last: 0 });
    // Scrolled past the end: the last screenful.
    expect(rowRange({ ...grid, count: 20, scrollY: 99_999 })).toEqual({ first: 13, last: 19 });
  });

  it('shows nothing without rows or without a window', () => {
    expect(rowRange({ ...grid, count: 0 })).toBeNull();
    expect(rowRange({ ...grid, count: 20, viewportHeight: 0 })).toBeNull();
  });
});
