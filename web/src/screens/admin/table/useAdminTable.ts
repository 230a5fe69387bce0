import { useEffect, useMemo, useState } from 'react';
import {
  clampPage,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  type Draft,
  editField,
  keepExisting,
  type Order,
  pageCount,
  pageSlice,
  SEARCH_DEBOUNCE_MS,
  type Sort,
  sortRows,
  toggleAll,
  toggleOne,
} from './model';

/** The search text, applied after a pause of `ms` (requirements C4: 300 ms). */
export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Requirements C7: a bulk delete is one delete per id, in turn, stopping at the first failure. Returns
 * the ids deleted and whether one failed.
 */
export async function deleteInTurn(
  ids: readonly number[],
  remove: (id: number) => Promise<unknown>,
): Promise<{ gone: number[]; failed: boolean }> {
  const gone: number[] = [];
  try {
    for (const id of ids) {
      await remove(id);
      gone.push(id);
    }
    return { gone, failed: false };
  } catch {
    return { gone, failed: true };
  }
}

export interface AdminTableOptions<T extends { id: number }, K extends string> {
  rows: readonly T[];
  /** Whether a row passes the (debounced) search and the screen's filters. */
  filter: (row: T, q: string) => boolean;
  accessor: (row: T, column: K) => unknown;
  defaultSort?: Sort<K>;
  /** Anything else that, changed, returns to page 1 (filters). */
  resetKey?: string;
}

/**
 * The state of one admin list: search (debounced, back to page 1), filters, sorting (default id
 * descending), page size and page, selection over the whole list, and per-row drafts with their
 * saving flags.
 */
export function useAdminTable<T extends { id: number }, K extends string>(options: AdminTableOptions<T, K>) {
  const { rows, filter, accessor, resetKey = '' } = options;
  const [search, setSearch] = useState('');
  const q = useDebounced(search);
  const [sort, setSort] = useState<Sort<K>>(options.defaultSort ?? (DEFAULT_SORT as Sort<K>));
  const [pageSize, setPageSizeState] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [drafts, setDrafts] = useState<Record<number, Draft<T>>>({});
  const [saving, setSaving] = useState<Record<number, boolean>>({});

  // Changing the search, the filters or the page size returns to page 1 (requirements C4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys are the triggers
  useEffect(() => setPage(1), [q, resetKey]);

  const filtered = useMemo(() => rows.filter((row) => filter(row, q)), [rows, filter, q]);
  const sorted = useMemo(() => sortRows(filtered, sort, accessor), [filtered, sort, accessor]);
  const pages = pageCount(sorted.length, pageSize);
  const current = clampPage(page, pages);
  const pageRows = useMemo(() => pageSlice(sorted, current, pageSize), [sorted, current, pageSize]);
  const pageIds = useMemo(() => pageRows.map((r) => r.id), [pageRows]);

  // Selection keeps only rows that still exist.
  useEffect(() => {
    setSelected((s) => {
      const kept = keepExisting(
        s,
        rows.map((r) => r.id),
      );
      return kept.size === s.size ? s : kept;
    });
  }, [rows]);

  const setRowSaving = (id: number, on: boolean) =>
    setSaving(({ [id]: _, ...rest }) => (on ? { ...rest, [id]: true } : rest));
  const clearDraft = (id: number) => setDrafts(({ [id]: _, ...rest }) => rest as Record<number, Draft<T>>);

  return {
    search,
    setSearch,
    q,
    sort,
    sortBy: (column: K) =>
      setSort((s) =>
        s.column === column
          ? { column, order: s.order === 'asc' ? 'desc' : 'asc' }
          : { column, order: 'asc' as Order },
      ),
    pageSize,
    setPageSize: (n: number) => {
      setPageSizeState(n);
      setPage(1);
    },
    page: current,
    pages,
    setPage: (p: number) => setPage(clampPage(p, pages)),
    total: sorted.length,
    filteredRows: sorted,
    pageRows,
    pageIds,
    selected,
    selectedRows: rows.filter((r) => selected.has(r.id)),
    toggleAll: () => setSelected((s) => toggleAll(pageIds, s)),
    toggleOne: (id: number) => setSelected((s) => toggleOne(id, s)),
    setSelected,
    clearSelection: () => setSelected(new Set()),
    drafts,
    edit: <F extends keyof T>(row: T, field: F, value: T[F]) =>
      setDrafts((d) => {
        const next = editField(row, d[row.id], field, value);
        const { [row.id]: _, ...rest } = d;
        return next ? { ...rest, [row.id]: next } : rest;
      }),
    saving,
    /**
     * Saves a row's edits: the row is saving while `write` runs, and its draft goes once `write`
     * has succeeded. Whether it succeeded.
     */
    saveRow: async (id: number, write: () => Promise<void>): Promise<boolean> => {
      setRowSaving(id, true);
      try {
        await write();
        clearDraft(id);
        return true;
      } catch {
        return false;
      } finally {
        setRowSaving(id, false);
      }
    },
  };
}
export type AdminTableState<T extends { id: number }, K extends string> = ReturnType<
  typeof useAdminTable<T, K>
>;
