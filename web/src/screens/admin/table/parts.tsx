import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/Confirm';
import { type HeaderCheck, headerCheck, PAGE_SIZES, pageButtons, type Sort, shownRange } from './model';

/** A sortable column header: a button, aria-sort on the cell. */
export function SortHeader<K extends string>({
  column,
  label,
  sort,
  onSort,
  sortLabel,
}: {
  column: K;
  label: string;
  sort: Sort<K>;
  onSort: (column: K) => void;
  /** The button's accessible name, when not the kit's 'Sort by {column}'. */
  sortLabel?: string;
}) {
  const { t } = useTranslation();
  const active = sort.column === column;
  return (
    <th scope="col" aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className="admin-table__sort"
        aria-label={sortLabel ?? t('adminTable.sortBy', { column: label })}
        onClick={() => onSort(column)}
      >
        {label}
        <span aria-hidden="true">{active ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    </th>
  );
}

/** A checkbox with an indeterminate state ('some'). */
export function TriCheckbox({
  state,
  label,
  onChange,
  disabled,
}: {
  state: HeaderCheck;
  label: string;
  onChange: () => void;
  disabled?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={state === 'all'}
      aria-checked={state === 'some' ? 'mixed' : state === 'all'}
      disabled={disabled}
      onChange={onChange}
    />
  );
}

/** The header checkbox of a page: selects all on the page, indeterminate when only some are. */
export function PageCheckbox({
  pageIds,
  selected,
  onToggle,
}: {
  pageIds: readonly number[];
  selected: ReadonlySet<number>;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <TriCheckbox
      state={headerCheck(pageIds, selected)}
      label={t('adminTable.selectPage')}
      disabled={pageIds.length === 0}
      onChange={onToggle}
    />
  );
}

/** The page size choice: the kit's sizes and label unless a list brings its own. */
export function PageSizeSelect({
  value,
  onChange,
  label,
  sizes = PAGE_SIZES,
}: {
  value: number;
  onChange: (n: number) => void;
  label?: string;
  sizes?: readonly number[];
}) {
  const { t } = useTranslation();
  return (
    <label className="admin-field">
      <span className="admin-field__label">{label ?? t('adminTable.pageSize')}</span>
      <select value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {sizes.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The texts of a pager's buttons; a pager without 'first' and 'last' has only the other two. */
export interface PageWords {
  first?: string;
  previous: string;
  next: string;
  last?: string;
}

/** The four pager buttons' texts of the table kit ('adminTable') or of the users list ('adminUsers'). */
export const pageWords = (t: TFunction, ns: 'adminTable' | 'adminUsers'): PageWords => ({
  first: t(`${ns}.first`),
  previous: t(`${ns}.previous`),
  next: t(`${ns}.next`),
  last: t(`${ns}.last`),
});

/**
 * A list's page navigation: 'first' and 'last' when they have a text, 'previous' and 'next'
 * around what the list shows of the current page (`children`), then `after`.
 */
export function PageNav({
  label,
  page,
  pages,
  onPage,
  words: { first, previous, next, last },
  children,
  after,
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  words: PageWords;
  children?: ReactNode;
  after?: ReactNode;
}) {
  const button = (text: string, to: number, disabled: boolean) => (
    <button type="button" className="button button--ghost" disabled={disabled} onClick={() => onPage(to)}>
      {text}
    </button>
  );
  return (
    <nav className="admin-pagination" aria-label={label}>
      {first === undefined ? null : button(first, 1, page <= 1)}
      {button(previous, page - 1, page <= 1)}
      {children}
      {button(next, page + 1, page >= pages)}
      {last === undefined ? null : button(last, pages, page >= pages)}
      {after}
    </nav>
  );
}

/** First, previous, up to 5 page buttons, next, last; and 'page N / total', 'shown X-Y of N'. */
export function Pager({
  page,
  pages,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <PageNav
      label={label ?? t('adminTable.pagination')}
      page={page}
      pages={pages}
      onPage={onPage}
      words={pageWords(t, 'adminTable')}
      after={
        <span className="admin-range">
          {t('adminTable.pageOf', { page, pages })} ·{' '}
          {t('adminTable.shown', shownRange(page, pageSize, total))}
        </span>
      }
    >
      {pageButtons(page, pages).map((n) => (
        <button
          key={n}
          type="button"
          className={n === page ? 'button button--primary' : 'button button--ghost'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('adminTable.pageN', { n })}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
    </PageNav>
  );
}

/**
 * Requirements C5: a deletion asks for confirmation (the app's dialog), says it cannot be undone
 * and names the items; resolves true when confirmed.
 */
export function useConfirmDelete() {
  const { t } = useTranslation();
  const ask = useConfirm();
  return (names: readonly string[]): Promise<boolean> => {
    const message =
      names.length === 1
        ? t('adminTable.confirmDeleteOne', { name: names[0] })
        : t('adminTable.confirmDeleteMany', { n: names.length, names: names.join(', ') });
    return ask({ message, action: t('adminCatalogue.delete'), danger: true });
  };
}

/** The catalogue lists' 'Refresh' and 'Delete selected (N)' buttons, at the end of a filter bar. */
export function ListActions({
  selected,
  onRefresh,
  onDeleteSelected,
}: {
  selected: number;
  onRefresh: () => void;
  onDeleteSelected: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="button button--ghost" onClick={onRefresh}>
        {t('adminCatalogue.refresh')}
      </button>
      <button
        type="button"
        className="button button--danger"
        disabled={selected === 0}
        onClick={onDeleteSelected}
      >
        {t('adminCatalogue.deleteSelected', { n: selected })}
      </button>
    </>
  );
}

/** A catalogue list's state line: the last action's error, the load error, 'Loading…'. */
export function ListStatus({
  actionError,
  error,
  loading,
}: {
  actionError: string | null | undefined;
  error: string | null | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {actionError ? (
        <p className="admin-error" role="alert">
          {actionError}
        </p>
      ) : null}
      {error ? (
        <p className="admin-error" role="alert">
          {t('adminCatalogue.loadError', { error })}
        </p>
      ) : null}
      {loading ? (
        <p className="admin-loading" role="status">
          {t('adminCatalogue.loading')}
        </p>
      ) : null}
    </>
  );
}

/** An inline-edited row's actions: 'Save' (only with an edit; 'Saving…' while it saves) and 'Delete'. */
export function RowActions({
  edited,
  saving,
  onSave,
  onDelete,
}: {
  edited: boolean;
  saving: boolean;
  onSave: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="admin-table__actions">
      <button type="button" className="button button--primary" disabled={!edited || saving} onClick={onSave}>
        {saving ? t('adminCatalogue.saving') : t('adminCatalogue.save')}
      </button>
      <button type="button" className="button button--danger" onClick={onDelete}>
        {t('adminCatalogue.delete')}
      </button>
    </div>
  );
}
