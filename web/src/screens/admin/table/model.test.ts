import { describe, expect, it } from 'vitest';
import {
  canSave,
  DEFAULT_SORT,
  editField,
  headerCheck,
  isEdited,
  keepExisting,
  nextSort,
  PAGE_SIZES,
  pageButtons,
  pageCount,
  pageSlice,
  shownRange,
  sortRows,
  toggleAll,
} from './model';

const rows = [
  { id: 1, title: 'Naruto', n: 3 },
  { id: 2, title: 'bleach', n: null },
  { id: 3, title: 'Attack on Titan', n: 1 },
  { id: 4, title: 'Bleach', n: 10 },
];
const get = (r: (typeof rows)[number], c: 'id' | 'title' | 'n') => r[c];

describe('the admin table kit', () => {
  it('offers the spec page sizes and sorts by id descending by default', () => {
    expect([...PAGE_SIZES]).toEqual([10, 25, 50, 100]);
    expect(sortRows(rows, DEFAULT_SORT, get).map((r) => r.id)).toEqual([4, 3, 2, 1]);
  });

  it('toggles the active column and starts a new column ascending', () => {
    expect(nextSort({ column: 'id', order: 'desc' }, 'id')).toEqual({ column: 'id', order: 'asc' });
    expect(nextSort({ column: 'id', order: 'asc' }, 'id')).toEqual({ column: 'id', order: 'desc' });
    expect(nextSort<'id' | 'title'>({ column: 'id', order: 'desc' }, 'title')).toEqual({
      column: 'title',
      order: 'asc',
    });
  });

  it('sorts text case-insensitively with ties by id, numbers numerically, empty values last both ways', () => {
    expect(sortRows(rows, { column: 'title', order: 'asc' }, get).map((r) => r.id)).toEqual([3, 2, 4, 1]);
    expect(sortRows(rows, { column: 'n', order: 'asc' }, get).map((r) => r.id)).toEqual([3, 1, 4, 2]);
    expect(sortRows(rows, { column: 'n', order: 'desc' }, get).map((r) => r.id)).toEqual([4, 1, 3, 2]);
  });

  it('shows at most 5 page buttons around the current page, inside the page range', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(2, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageButtons(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageButtons(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('slices pages and describes the shown range', () => {
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    expect(pageCount(60, 25)).toBe(3);
    expect(pageCount(0, 25)).toBe(1);
    expect(pageSlice(ids, 3, 25)).toEqual(ids.slice(50));
    expect(shownRange(3, 25, 60)).toEqual({ from: 51, to: 60, total: 60 });
    expect(shownRange(1, 25, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });

  it('has an indeterminate header checkbox when only some of the page is selected', () => {
    const page = [1, 2, 3];
    expect(headerCheck(page, new Set())).toBe('none');
    expect(headerCheck(page, new Set([2, 99]))).toBe('some');
    expect(headerCheck(page, new Set([1, 2, 3]))).toBe('all');
    expect(headerCheck([], new Set([1]))).toBe('none');
  });

  it('selects the whole page from none or some, and clears it from all, leaving other pages alone', () => {
    const page = [1, 2, 3];
    expect([...toggleAll(page, new Set([2, 99]))].sort((a, b) => a - b)).toEqual([1, 2, 3, 99]);
    expect([...toggleAll(page, new Set([1, 2, 3, 99]))]).toEqual([99]);
    expect([...keepExisting(new Set([1, 5]), [1, 2])]).toEqual([1]);
  });

  it('marks a row edited once a field differs, and unchanged again when it is set back', () => {
    const row = { id: 1, title: 'Naruto', altname: null as string | null };
    const edited = editField(row, undefined, 'title', 'Naruto Shippuden');
    expect(edited).toEqual({ title: 'Naruto Shippuden' });
    expect(isEdited(edited)).toBe(true);
    expect(canSave(edited, false)).toBe(true);
    expect(canSave(edited, true)).toBe(false);
    expect(editField(row, edited, 'title', 'Naruto')).toBeUndefined();
    expect(canSave(undefined, false)).toBe(false);
  });
});
