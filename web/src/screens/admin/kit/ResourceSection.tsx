import type { ClientReadRoute } from '@acg/contracts';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../../api/field-errors';
import { useConfirm } from '../../../components/Confirm';
import { loadErrorText } from '../../../components/LoadError';
import { useNotify } from '../../../components/Notify';
import {
  type CatalogueColumn,
  CataloguePager,
  CatalogueTable,
  CatalogueToolbar,
} from '../table/CatalogueTable';
import { type Column, DataTable } from '../table/DataTable';
import type { Draft } from '../table/model';
import { ListStatus, useConfirmDelete } from '../table/parts';
import { type AdminTableState, deleteInTurn, useAdminTable } from '../table/useAdminTable';
import { AddForm, type AddFormDecl } from './AddForm';
import { type RowEditDecl, useRowEdit } from './RowEdit';
import { type ResourceList, useResourceWrites } from './useResource';

/**
 * A catalogue resource section as a declaration (requirements C2.2–C2.4, C4): its list, its columns, how
 * search and sorting read a row, its add form, its row save and its delete. The kit does the rest:
 * the stats line, the search (debounced, back to page 1), the page size, sorting (id descending by
 * default), the page's selection, inline edits whose save is enabled only once edited, delete with
 * a confirmation naming the rows (a bulk delete one call per row, in turn), the pager, loading and
 * error states, and reloading the reads a write changes.
 */
export interface CatalogueDecl<T extends { id: number }, K extends string, V extends Record<string, string>> {
  list: ResourceList<T>;
  /** The reads a write of this section changes (its own list first). */
  changes: readonly ClientReadRoute[];
  columns: readonly CatalogueColumn<T, K>[];
  filter: (row: T, q: string) => boolean;
  accessor: (row: T, column: K) => unknown;
  /** Anything else that, changed, returns to page 1 (the section's own filters). */
  resetKey?: string;
  rowName: (row: T) => string;
  /** Above the form: the stats line or tiles, given how many rows are selected. */
  summary?: (selected: number) => ReactNode;
  add?: AddFormDecl<V>;
  /** The section's own filter controls, in the toolbar. */
  filters?: ReactNode;
  /** The section's own controls after the page size (a view switch, a reset). */
  extra?: (table: AdminTableState<T, K>) => ReactNode;
  /** Shows the page's rows another way than the table (the character grid), or null for the table. */
  alternate?: (table: AdminTableState<T, K>) => ReactNode | null;
  save?: {
    /** A message that stops the save, or null. */
    check?: (row: T, draft: Draft<T>) => string | null;
    write: (row: T, draft: Draft<T>) => Promise<unknown>;
    error: string;
  };
  remove: {
    write: (id: number) => Promise<unknown>;
    /** The message for a failed single delete; a failed bulk delete says adminCatalogue.bulkDeleteError. */
    error: string;
    /** Deletes many at once instead of one call each (the character section's bulk call). */
    bulk?: (ids: number[]) => Promise<unknown>;
  };
}

export function CatalogueSection<
  T extends { id: number },
  K extends string,
  V extends Record<string, string>,
>({ decl }: { decl: CatalogueDecl<T, K, V> }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const confirmDelete = useConfirmDelete();
  const write = useResourceWrites(decl.changes);
  const [actionError, setActionError] = useState<string | null>(null);
  const { list } = decl;
  const table = useAdminTable<T, K>({
    rows: list.rows,
    filter: decl.filter,
    accessor: decl.accessor,
    resetKey: decl.resetKey,
  });

  const save = async (row: T) => {
    const draft = table.drafts[row.id];
    if (!draft || !decl.save) return;
    const problem = decl.save.check?.(row, draft) ?? null;
    if (problem) {
      setActionError(problem);
      return;
    }
    const { write: send, error } = decl.save;
    let failure: unknown;
    const saved = await table.saveRow(row.id, async () => {
      await write(() => send(row, draft)).catch((err: unknown) => {
        failure = err;
        throw err;
      });
    });
    if (saved) notify.success(t('adminKit.saved'));
    setActionError(saved ? null : (rowFieldError(t, failure, row, decl.columns) ?? error));
  };

  const remove = async (victims: readonly T[]) => {
    const names = victims.map(decl.rowName);
    if (victims.length === 0 || !(await confirmDelete(names))) return;
    const ids = victims.map((v) => v.id);
    const bulk = victims.length > 1;
    const { bulk: sendAll, write: sendOne } = decl.remove;
    const failed = await write(async () =>
      bulk && sendAll
        ? sendAll(ids).then(
            () => false,
            () => true,
          )
        : // Requirements C7: a bulk delete is one delete per id, in turn, stopping at the first failure.
          (await deleteInTurn(ids, sendOne)).failed,
    );
    setActionError(failed ? (bulk ? t('adminCatalogue.bulkDeleteError') : decl.remove.error) : null);
    if (!failed) notify.success(deletedText(t, names));
  };

  const error = list.error ? loadErrorText(t, list.error) : null;
  const empty = list.loaded && !list.loading && !error && table.pageRows.length === 0;
  const alternate = decl.alternate?.(table);
  const given = decl.add;
  const add = given && { ...given, create: (values: V) => write(() => given.create(values)) };
  return (
    <div className="admin-catalogue">
      {decl.summary?.(table.selected.size)}
      {add ? <AddForm decl={add} /> : null}
      <CatalogueToolbar
        table={table}
        filters={decl.filters}
        extra={decl.extra?.(table)}
        onRefresh={list.reload}
        onDeleteSelected={() => void remove(table.selectedRows)}
      />
      <ListStatus actionError={actionError} error={error} loading={list.loading} />
      {alternate !== null && alternate !== undefined ? (
        <>
          {empty ? <p className="admin-table__empty">{t('adminCatalogue.empty')}</p> : null}
          {alternate}
        </>
      ) : (
        <CatalogueTable
          table={table}
          columns={decl.columns}
          rowName={decl.rowName}
          loading={list.loading}
          showEmpty={empty}
          onSave={decl.save ? (row) => void save(row) : undefined}
          onDelete={(row) => void remove([row])}
        />
      )}
      <CataloguePager table={table} />
    </div>
  );
}

/**
 * A small resource section as a declaration (requirements C2.5 ranks, §2.6 seasons): the add form, then
 * the loading text, the error or the whole list in a table whose last column deletes a row after
 * a confirmation.
 */
export interface PlainDecl<
  T extends { id: number },
  V extends Record<string, string>,
  E extends Record<string, string> = Record<string, string>,
> {
  list: ResourceList<T>;
  changes: readonly ClientReadRoute[];
  className: string;
  columns: readonly Column<T>[];
  add: AddFormDecl<V>;
  /** The loading text, the empty text, and the load error (from the failure). */
  texts: { loading: string; empty: string; loadError: (err: unknown) => string };
  remove: {
    label: string;
    buttonClass?: string;
    /** The column's heading. */
    column: string;
    confirm: (row: T) => string;
    write: (id: number) => Promise<unknown>;
    failure: (err: unknown) => string;
  };
  /** Wraps the whole section (the rank section's labelled region). */
  frame?: (children: ReactNode) => ReactNode;
  /** The row's name in the "Deleted" message (default "#id"). */
  rowName?: (row: T) => string;
  /** Rows edited in place (RowEdit.tsx): an Edit button beside Delete. */
  edit?: RowEditDecl<T, E>;
}

export function PlainSection<
  T extends { id: number },
  V extends Record<string, string>,
  E extends Record<string, string> = Record<string, string>,
>({ decl }: { decl: PlainDecl<T, V, E> }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const write = useResourceWrites(decl.changes);
  const ask = useConfirm();
  const rowEdit = useRowEdit(decl.edit, write);
  const [actionError, setActionError] = useState<string | null>(null);
  const { list, remove } = decl;
  const add: AddFormDecl<V> = { ...decl.add, create: (values) => write(() => decl.add.create(values)) };

  const drop = async (row: T) => {
    const { confirm: question } = remove;
    if (!(await ask({ message: question(row), action: remove.label, danger: true }))) return;
    setActionError(null);
    try {
      await write(() => remove.write(row.id));
      notify.success(deletedText(t, [decl.rowName?.(row) ?? `#${row.id}`]));
    } catch (err) {
      setActionError(remove.failure(err));
    }
  };

  const body = (
    <>
      <AddForm decl={add} />
      {actionError || rowEdit.error ? (
        <p className="admin-error" role="alert">
          {actionError ?? rowEdit.error}
        </p>
      ) : null}
      {!list.loaded && list.loading ? (
        <p className="admin-loading" role="status">
          {decl.texts.loading}
        </p>
      ) : list.error && !list.loaded ? (
        <p className="admin-error" role="alert">
          {decl.texts.loadError(list.error)}
        </p>
      ) : (
        <DataTable
          className={decl.className}
          rows={list.rows}
          rowKey={(row) => row.id}
          empty={decl.texts.empty}
          columns={[
            ...rowEdit.columns(decl.columns),
            {
              key: 'actions',
              label: remove.column,
              render: (row) => (
                <>
                  {rowEdit.actions(row)}
                  {rowEdit.editingId === row.id ? null : (
                    <button
                      type="button"
                      className={remove.buttonClass ?? 'button button--danger'}
                      onClick={() => void drop(row)}
                    >
                      {remove.label}
                    </button>
                  )}
                </>
              ),
            },
          ]}
        />
      )}
    </>
  );
  return <>{decl.frame ? decl.frame(body) : <div className="admin-catalogue">{body}</div>}</>;
}

/** The message after a delete, naming what went ("Deleted: Naruto"; "Deleted 3 items"). */
const deletedText = (t: TFunction, names: readonly string[]) =>
  names.length === 1
    ? t('adminKit.deletedOne', { name: names[0] })
    : t('adminKit.deletedMany', { n: names.length });

/**
 * A refused inline save that the server says is about one of the row's edited fields: that
 * field's refusal, named by its input's name ("Name of #3: check this value"), or null.
 */
function rowFieldError<T extends { id: number }, K extends string>(
  t: TFunction,
  err: unknown,
  row: T,
  columns: readonly CatalogueColumn<T, K>[],
): string | null {
  const named = serverFieldErrors(err);
  if (!named) return null;
  for (const c of columns) {
    if (!c.edit || !named.has(String(c.edit.field))) continue;
    const own = named.get(String(c.edit.field));
    const label = c.edit.label(row);
    return own ? `${label}: ${own}` : t('adminKit.fieldInvalid', { field: label });
  }
  return null;
}
