/**
 * The one table kit of the admin catalogue lists (requirements C2.2–C2.4, C4, C9): sorting, paging with
 * page sizes 10/25/50/100 and at most 5 page buttons, selection with an indeterminate header
 * checkbox, and per-row edits with edited/saving states. Pure functions here; useAdminTable.ts
 * holds the state; CatalogueTable.tsx (on DataTable.tsx) and parts.tsx draw it.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_BUTTONS = 5;
export const SEARCH_DEBOUNCE_MS = 300;

export type Order = 'asc' | 'desc';
export interface Sort<K extends string = string> {
  column: K;
  order: Order;
}
/** Requirements C9: the default sort is id descending. */
export const DEFAULT_SORT: Sort<'id'> = { column: 'id', order: 'desc' };

/** Clicking the active column toggles asc/desc; a new column starts ascending (requirements C4). */
export const nextSort = <K extends string>(current: Sort<K>, column: K): Sort<K> =>
  current.column === column
    ? { column, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { column, order: 'asc' };

const compareValues = (a: unknown, b: unknown): number => {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
};

/** The rows sorted by `accessor(row, column)`; empty values last in both orders, ties by id. */
export function sortRows<T extends { id: number }, K extends string>(
  rows: readonly T[],
  sort: Sort<K>,
  accessor: (row: T, column: K) => unknown,
): T[] {
  const sign = sort.order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = accessor(a, sort.column);
    const vb = accessor(b, sort.column);
    const aEmpty = va === null || va === undefined || va === '';
    const bEmpty = vb === null || vb === undefined || vb === '';
    if (aEmpty !== bEmpty) return aEmpty ? 1 : -1;
    return sign * compareValues(va, vb) || sign * (a.id - b.id);
  });
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The page clamped into 1..pages. */
export const clampPage = (page: number, pages: number) => Math.min(Math.max(1, page), Math.max(1, pages));

/** The rows of one page (1-based). */
export const pageSlice = <T>(rows: readonly T[], page: number, pageSize: number): T[] =>
  rows.slice((page - 1) * pageSize, page * pageSize);

/**
 * The page numbers to show as buttons: at most `max`, a window around the current page, shifted
 * to stay inside 1..pages.
 */
export function pageButtons(page: number, pages: number, max = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, pages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** 'shown X-Y of N' for a page (0-0 of 0 when empty). */
export const shownRange = (page: number, pageSize: number, total: number) => ({
  from: total === 0 ? 0 : (page - 1) * pageSize + 1,
  to: Math.min(page * pageSize, total),
  total,
});

export type HeaderCheck = 'none' | 'some' | 'all';
/** The header checkbox over the current page: all, some (indeterminate) or none selected. */
export function headerCheck(pageIds: readonly number[], selected: ReadonlySet<number>): HeaderCheck {
  if (pageIds.length === 0) return 'none';
  const n = pageIds.filter((id) => selected.has(id)).length;
  return n === 0 ? 'none' : n === pageIds.length ? 'all' : 'some';
}

/** Clicking the header checkbox: a fully selected page is cleared, otherwise all of it is selected. */
export function toggleAll(pageIds: readonly number[], selected: ReadonlySet<number>): Set<number> {
  const next = new Set(selected);
  if (headerCheck(pageIds, selected) === 'all') for (const id of pageIds) next.delete(id);
  else for (const id of pageIds) next.add(id);
  return next;
}

export function toggleOne(id: number, selected: ReadonlySet<number>): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Selected ids that are still rows (after a delete or a reload). */
export const keepExisting = (selected: ReadonlySet<number>, ids: readonly number[]): Set<number> => {
  const present = new Set(ids);
  return new Set([...selected].filter((id) => present.has(id)));
};

/**
 * Inline edits (requirements C4): a row is unchanged until a field differs from the row, then edited.
 * `draft` holds only the fields that differ; save is enabled only when edited and not saving.
 */
export type Draft<T> = Partial<T>;
export function editField<T extends object, K extends keyof T>(
  row: T,
  draft: Draft<T> | undefined,
  field: K,
  value: T[K],
): Draft<T> | undefined {
  const next: Draft<T> = { ...draft };
  if (value === row[field]) delete next[field];
  else next[field] = value;
  return Object.keys(next).length > 0 ? next : undefined;
}
export const isEdited = <T>(draft: Draft<T> | undefined): boolean =>
  draft !== undefined && Object.keys(draft).length > 0;
export const canSave = <T>(draft: Draft<T> | undefined, saving: boolean): boolean =>
  isEdited(draft) && !saving;

/** A text filter over some fields, trimmed and case-insensitive. */
export function matchesText(q: string, ...fields: unknown[]): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((f) => f !== null && f !== undefined && String(f).toLowerCase().includes(needle));
}
