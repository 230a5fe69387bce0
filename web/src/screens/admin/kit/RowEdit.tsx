import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../table/DataTable';
import type { FieldDecl } from './AddForm';

/**
 * Rows of a plain section edited in place (additive to the kit): Edit turns the row's cells into
 * inputs, Save sends only the values that differ from the row's, Cancel (or Escape) leaves it.
 */
export interface RowEditDecl<T, E extends Record<string, string>> {
  /** The Edit button's accessible name for a row (its text is the kit's Edit). */
  editRow: (row: T) => string;
  /** Each edited value, and the key of the column whose cell becomes its input. */
  fields: readonly (FieldDecl<E> & { column: string })[];
  /** The row's values as the inputs show them. */
  values: (row: T) => E;
  /** Writes the changed values (only those); the section reloads its reads after it. */
  write: (row: T, changed: Partial<E>) => Promise<unknown>;
  failure: (err: unknown) => string;
}

type Run = <R>(write: () => Promise<R>) => Promise<R>;

/** The edit state of a plain section: its columns with inputs, a row's buttons, the error. */
export function useRowEdit<T extends { id: number }, E extends Record<string, string>>(
  decl: RowEditDecl<T, E> | undefined,
  run: Run,
) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ row: T; values: E } | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (!decl || !editing || saving) return;
    const original = decl.values(editing.row);
    const changed = Object.fromEntries(
      Object.entries(editing.values).filter(([k, v]) => v !== original[k]),
    ) as Partial<E>;
    if (Object.keys(changed).length === 0) return setEditing(null);
    setSaving(true);
    setError(null);
    try {
      await run(() => decl.write(editing.row, changed));
      setEditing(null);
    } catch (err) {
      setError(decl.failure(err));
    } finally {
      setSaving(false);
    }
  };
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Enter') void save();
    if (e.key === 'Escape') setEditing(null);
  };
  const input = (field: RowEditDecl<T, E>['fields'][number], first: boolean) => (
    <input
      className="admin-row-edit__input"
      aria-label={field.label}
      type={field.type ?? 'text'}
      maxLength={field.maxLength}
      lang={field.lang}
      inputMode={field.inputMode}
      step={field.step}
      min={field.min}
      // biome-ignore lint/a11y/noAutofocus: the input the Edit button just opened takes the focus
      autoFocus={first}
      value={editing?.values[field.name] ?? ''}
      onChange={(e) => {
        const value = e.target.value;
        setEditing((ed) => ed && { ...ed, values: { ...ed.values, [field.name]: value } });
      }}
      onKeyDown={keys}
    />
  );

  const columns = (list: readonly Column<T>[]): Column<T>[] =>
    list.map((c) => {
      const at = decl?.fields.findIndex((f) => f.column === c.key) ?? -1;
      if (!decl || at < 0) return c;
      return {
        ...c,
        render: (row: T) => (editing?.row.id === row.id ? input(decl.fields[at]!, at === 0) : c.render(row)),
      };
    });

  const actions = (row: T): ReactNode =>
    decl ? (
      <RowEditButtons
        labels={{ edit: t('adminTable.edit'), save: t('adminTable.save'), cancel: t('adminTable.cancel') }}
        editRow={decl.editRow(row)}
        editing={editing === null ? 'none' : editing.row.id === row.id ? 'this' : 'other'}
        saving={saving}
        onEdit={() => {
          setError(null);
          setEditing({ row, values: decl.values(row) });
        }}
        onSave={() => void save()}
        onCancel={() => setEditing(null)}
      />
    ) : null;
  return { columns, actions, error, editingId: editing?.row.id ?? null };
}

/** A row's Edit button, or Save and Cancel while it is edited (Edit waits while another row is). */
function RowEditButtons(p: {
  labels: { edit: string; save: string; cancel: string };
  editRow: string;
  editing: 'none' | 'this' | 'other';
  saving: boolean;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  if (p.editing !== 'this')
    return (
      <button
        type="button"
        className="button button--ghost"
        aria-label={p.editRow}
        disabled={p.editing === 'other'}
        onClick={p.onEdit}
      >
        {p.labels.edit}
      </button>
    );
  return (
    <>
      <button type="button" className="button button--primary" disabled={p.saving} onClick={p.onSave}>
        {p.labels.save}
      </button>
      <button type="button" className="button button--ghost" disabled={p.saving} onClick={p.onCancel}>
        {p.labels.cancel}
      </button>
    </>
  );
}
