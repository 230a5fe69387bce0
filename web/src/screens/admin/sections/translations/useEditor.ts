import { useEffect, useMemo, useState } from 'react';
import {
  type Entry,
  type Filter,
  flatten,
  isEmpty,
  isPlural,
  matches,
  type Scope,
  sameValue,
  type Value,
} from './model';

/** Requirements O9: search debounce 300 ms. */
const SEARCH_DEBOUNCE_MS = 300;
export type Sort = { by: 'key' | 'value'; order: 'asc' | 'desc' } | null;

/** The texts being edited (local until saved) beside the saved ones, and the rows selected. */
export function useEntries(file: Record<string, unknown>) {
  const [original] = useState(() => new Map(flatten(file).map((e) => [e.key, e.value])));
  const [entries, setEntries] = useState<Entry[]>(() => flatten(file));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const changed = (e: Entry) => !sameValue(original.get(e.key), e.value);
  const setValue = (key: string, value: Value) =>
    setEntries((es) => es.map((e) => (e.key === key ? { key, value } : e)));
  const remove = (keys: string[]) => {
    const gone = new Set(keys);
    setEntries((es) => es.filter((e) => !gone.has(e.key)));
    setSelected((s) => new Set([...s].filter((k) => !gone.has(k))));
  };
  const reset = (keys: string[]) =>
    setEntries((es) =>
      es.map((e) =>
        keys.includes(e.key) && original.has(e.key) ? { key: e.key, value: original.get(e.key)! } : e,
      ),
    );
  /** Selects the keys, or (`on` false) leaves them out. */
  const select = (keys: readonly string[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const k of keys) {
        if (on) next.add(k);
        else next.delete(k);
      }
      return next;
    });
  const counters = {
    total: entries.length,
    empty: entries.filter((e) => isEmpty(e.value)).length,
    plurals: entries.filter((e) => isPlural(e.value)).length,
    changed:
      entries.filter(changed).length +
      [...original.keys()].filter((k) => !entries.some((e) => e.key === k)).length,
    selected: selected.size,
  };
  return {
    original,
    entries,
    setEntries,
    selected,
    setSelected,
    changed,
    setValue,
    remove,
    reset,
    select,
    counters,
  };
}
export type Editor = ReturnType<typeof useEntries>;

/** What the table shows: searched (debounced, back to page 1), filtered, sorted, one page of it. */
export function useView(editor: Editor) {
  const { entries, original } = editor;
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [scope, setScope] = useState<Scope>('all');
  const [filter, setFilterOnly] = useState<Filter>('all');
  const [pageSize, setPageSizeOnly] = useState<number>(50);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);
  const visible = useMemo(() => {
    const shown = entries.filter(
      (e) =>
        matches(e, search, scope) &&
        (filter === 'all' ||
          (filter === 'changed' && !sameValue(original.get(e.key), e.value)) ||
          (filter === 'empty' && isEmpty(e.value)) ||
          (filter === 'plural' && isPlural(e.value))),
    );
    if (!sort) return shown;
    const text = (e: Entry) => (sort.by === 'key' ? e.key : typeof e.value === 'string' ? e.value : '');
    const sorted = [...shown].sort((a, b) => text(a).localeCompare(text(b)));
    return sort.order === 'asc' ? sorted : sorted.reverse();
  }, [entries, search, scope, filter, sort, original]);
  const pages = Math.max(1, Math.ceil(visible.length / pageSize));
  const current = Math.min(page, pages);
  const firstPage =
    <A>(set: (a: A) => void) =>
    (a: A) => {
      set(a);
      setPage(1);
    };
  return {
    ...{
      searchText,
      setSearchText,
      scope,
      setScope,
      filter,
      pageSize,
      sort,
      setSort,
      pages,
      current,
      setPage,
    },
    setFilter: firstPage(setFilterOnly),
    setPageSize: firstPage(setPageSizeOnly),
    rows: visible.slice((current - 1) * pageSize, current * pageSize),
  };
}
export type View = ReturnType<typeof useView>;
