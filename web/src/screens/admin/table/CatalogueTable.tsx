import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from './DataTable';
import { ListActions, PageCheckbox, Pager, PageSizeSelect, RowActions, SortHeader } from './parts';
import type { AdminTableState } from './useAdminTable';

/** The fields of T that hold text (or null): the ones an inline edit binds to an input. */
export type TextField<T> = { [F in keyof T]-?: T[F] extends string | null ? F : never }[keyof T];

/** An inline text edit (requirements C4): the cell is an input over the row's draft. */
export interface InlineEdit<T> {
  field: TextField<T>;
  /** The input's accessible name ('Title of #3'). */
  label: (row: T) => string;
}

type CatalogueCell<T> =
  | { render: (row: T) => ReactNode; edit?: never }
  | { edit: InlineEdit<T>; render?: never };
type CatalogueSorting<K extends string> = { key: K; sortable: true } | { key: string; sortable?: false };

/**
 * A column of a catalogue list between its selection and action cells: read-only (`render`) or an
 * inline edit (`edit`); `sortable` columns have a sort button and are keyed by their sort column.
 */
export type CatalogueColumn<T, K extends string> = { label: string } & CatalogueCell<T> & CatalogueSorting<K>;

export interface CatalogueTableProps<T extends { id: number }, K extends string> {
  table: AdminTableState<T, K>;
  columns: readonly CatalogueColumn<T, K>[];
  /** The row's name in its checkbox's label ('Select {{name}}'). */
  rowName: (row: T) => string;
  /** The list is loading (aria-busy). */
  loading: boolean;
  /** An empty page shows the 'Nothing found' row (not while loading, nor after a failed load). */
  showEmpty?: boolean;
  onDelete: (row: T) => void;
  /** Saves a row's inline edits; without it the last cell has only 'Delete'. */
  onSave?: (row: T) => void;
}

/**
 * A catalogue list's table (requirements C2.2–C2.4, C4): a selection checkbox per row under the page's
 * indeterminate header checkbox, the columns with their sort buttons and inline edits, and the
 * actions; a row with edits is marked edited, its inputs disabled while it saves.
 */
export function CatalogueTable<T extends { id: number }, K extends string>({
  table,
  columns,
  rowName,
  loading,
  showEmpty = false,
  onDelete,
  onSave,
}: CatalogueTableProps<T, K>) {
  const { t } = useTranslation();
  const all: Column<T>[] = [
    {
      key: 'select',
      label: t('adminCatalogue.select'),
      head: (
        <th scope="col" data-label={t('adminTable.selectPage')}>
          <PageCheckbox pageIds={table.pageIds} selected={table.selected} onToggle={table.toggleAll} />
        </th>
      ),
      render: (row) => (
        <input
          type="checkbox"
          aria-label={t('adminCatalogue.selectRow', { name: rowName(row) })}
          checked={table.selected.has(row.id)}
          onChange={() => table.toggleOne(row.id)}
        />
      ),
    },
    ...columns.map(
      (c): Column<T> => ({
        key: c.key,
        label: c.label,
        head: c.sortable ? (
          <SortHeader column={c.key} label={c.label} sort={table.sort} onSort={table.sortBy} />
        ) : undefined,
        render: c.edit ? (row) => <EditCell row={row} edit={c.edit} table={table} /> : c.render,
      }),
    ),
    {
      key: 'actions',
      label: t('adminCatalogue.actions'),
      render: (row) =>
        onSave ? (
          <RowActions
            edited={Boolean(table.drafts[row.id])}
            saving={table.saving[row.id] === true}
            onSave={() => onSave(row)}
            onDelete={() => onDelete(row)}
          />
        ) : (
          <button type="button" className="button button--danger" onClick={() => onDelete(row)}>
            {t('adminCatalogue.delete')}
          </button>
        ),
    },
  ];
  return (
    <DataTable
      className="admin-table admin-table--selectable"
      busy={loading}
      columns={all}
      rows={table.pageRows}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ className: table.drafts[row.id] ? 'admin-row--edited' : undefined })}
      empty={showEmpty ? t('adminCatalogue.empty') : null}
    />
  );
}

/** An inline edit's input: the draft's value or the row's, disabled while the row saves. */
function EditCell<T extends { id: number }, K extends string>({
  row,
  edit,
  table,
}: {
  row: T;
  edit: InlineEdit<T>;
  table: AdminTableState<T, K>;
}) {
  const original = row[edit.field] as string | null;
  const drafted = table.drafts[row.id]?.[edit.field] as string | null | undefined;
  return (
    <input
      aria-label={edit.label(row)}
      value={drafted ?? original ?? ''}
      disabled={table.saving[row.id] === true}
      // Emptying the input of a field that is null is no edit: it stays null.
      onChange={(e) =>
        table.edit(
          row,
          edit.field,
          (e.target.value === '' && original === null ? null : e.target.value) as T[TextField<T>],
        )
      }
    />
  );
}

/**
 * A catalogue list's filter bar: the search, the screen's own `filters`, the page size, its
 * `extra` controls, then 'Refresh' and 'Delete selected (N)'.
 */
export function CatalogueToolbar<T extends { id: number }, K extends string>({
  table,
  filters,
  extra,
  onRefresh,
  onDeleteSelected,
}: {
  table: AdminTableState<T, K>;
  filters?: ReactNode;
  extra?: ReactNode;
  onRefresh: () => void;
  onDeleteSelected: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="admin-toolbar">
      <label className="admin-field admin-field--grow">
        <span className="admin-field__label">{t('adminCatalogue.searchLabel')}</span>
        <input type="search" value={table.search} onChange={(e) => table.setSearch(e.target.value)} />
      </label>
      {filters}
      <PageSizeSelect value={table.pageSize} onChange={table.setPageSize} />
      {extra}
      <ListActions selected={table.selected.size} onRefresh={onRefresh} onDeleteSelected={onDeleteSelected} />
    </div>
  );
}

/** The pager of a list kept by useAdminTable. */
export function CataloguePager<T extends { id: number }, K extends string>({
  table,
}: {
  table: AdminTableState<T, K>;
}) {
  return (
    <Pager
      page={table.page}
      pages={table.pages}
      pageSize={table.pageSize}
      total={table.total}
      onPage={table.setPage}
    />
  );
}
