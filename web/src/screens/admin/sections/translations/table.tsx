import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../../components/Confirm';
import { copyText } from '../users/shared';
import { type Entry, isEmpty, isPlural, isReadOnly, type Value } from './model';
import type { Editor, View } from './useEditor';

/** A sortable column's heading: a click sorts by it, a second click flips the order. */
function SortHeader({ by, label, view }: { by: 'key' | 'value'; label: string; view: View }) {
  const { sort, setSort } = view;
  const on = sort?.by === by;
  return (
    <th scope="col" aria-sort={on ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className="admin-table__sort"
        onClick={() =>
          setSort((s) =>
            s?.by === by ? { by, order: s.order === 'asc' ? 'desc' : 'asc' } : { by, order: 'asc' },
          )
        }
      >
        {label}
        <span aria-hidden="true">{on ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    </th>
  );
}

/** The page's texts: select, key, value editor, status and actions (requirements O2.6, O4). */
export function EntriesTable({ editor, view }: { editor: Editor; view: View }) {
  const { t } = useTranslation();
  const pageKeys = view.rows.map((r) => r.key);
  const allSelected = pageKeys.length > 0 && pageKeys.every((k) => editor.selected.has(k));
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--i18n">
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label={t('adminI18n.selectAll')}
                checked={allSelected}
                onChange={() => editor.select(pageKeys, !allSelected)}
              />
            </th>
            <SortHeader by="key" label={t('adminI18n.key')} view={view} />
            <SortHeader by="value" label={t('adminI18n.value')} view={view} />
            <th scope="col">{t('adminI18n.status')}</th>
            <th scope="col">{t('adminUsers.action')}</th>
          </tr>
        </thead>
        <tbody>
          {view.rows.map((entry) => (
            <EntryRow key={entry.key} entry={entry} editor={editor} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One text's row. */
function EntryRow({ entry, editor }: { entry: Entry; editor: Editor }) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const isChanged = editor.changed(entry);
  const saved = editor.original.has(entry.key);
  const status = !saved
    ? t('adminI18n.statuses.new')
    : isChanged
      ? t('adminI18n.statuses.changed')
      : isEmpty(entry.value)
        ? t('adminI18n.statuses.empty')
        : '—';
  const remove = async () =>
    (await ask({
      message: t('adminI18n.confirmDelete', { key: entry.key }),
      action: t('adminI18n.delete'),
      danger: true,
    })) && editor.remove([entry.key]);
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          aria-label={t('adminI18n.select', { key: entry.key })}
          checked={editor.selected.has(entry.key)}
          onChange={() => editor.select([entry.key], !editor.selected.has(entry.key))}
        />
      </td>
      <td data-label={t('adminI18n.key')}>
        <span className="admin-mono">{entry.key}</span>
      </td>
      <td data-label={t('adminI18n.value')} className="admin-i18n__value">
        <ValueEditor entry={entry} onChange={(v) => editor.setValue(entry.key, v)} />
      </td>
      <td data-label={t('adminI18n.status')}>{status}</td>
      <td data-label={t('adminUsers.action')}>
        <div className="admin-table__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => copyText(entry.key)}
            aria-label={t('adminI18n.copyKey', { key: entry.key })}
          >
            {t('adminUsers.copy')}
          </button>
          {isChanged && saved ? (
            <button type="button" className="button button--ghost" onClick={() => editor.reset([entry.key])}>
              {t('adminI18n.reset')}
            </button>
          ) : null}
          <button type="button" className="button button--ghost" onClick={remove}>
            {t('adminI18n.delete')}
          </button>
        </div>
      </td>
    </tr>
  );
}

/** A string, a plural list of forms (at least one kept), or a read-only object. */
function ValueEditor({ entry, onChange }: { entry: Entry; onChange: (v: Value) => void }) {
  const { t } = useTranslation();
  const { value, key } = entry;
  if (isReadOnly(value)) return <span className="admin-muted">{t('adminI18n.readOnly')}</span>;
  if (isPlural(value)) {
    return (
      <ol className="admin-plural">
        {value.plural.map((form, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: forms are positional
          <li key={i}>
            <input
              aria-label={t('adminI18n.form', { key, n: i + 1 })}
              value={form}
              onChange={(e) =>
                onChange({ plural: value.plural.map((f, j) => (j === i ? e.target.value : f)) })
              }
            />
            <button
              type="button"
              className="button button--ghost"
              disabled={value.plural.length <= 1}
              onClick={() => onChange({ plural: value.plural.filter((_, j) => j !== i) })}
            >
              {t('adminI18n.removeForm')}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => onChange({ plural: [...value.plural, ''] })}
          >
            {t('adminI18n.addForm')}
          </button>
        </li>
      </ol>
    );
  }
  return (
    <textarea
      aria-label={t('adminI18n.valueOf', { key })}
      rows={1}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
