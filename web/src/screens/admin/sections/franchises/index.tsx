import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createFranchise,
  deleteFranchise,
  type Franchise,
  fetchFranchises,
  renameFranchise,
} from '../../../../api/admin-catalogue';
import { useLatestOnly } from '../../../../components/useLatestOnly';
import { say } from '../../catalogue/say';
import { type Message, validateFranchise } from '../../catalogue/validation';
import {
  type CatalogueColumn,
  CataloguePager,
  CatalogueTable,
  CatalogueToolbar,
} from '../../table/CatalogueTable';
import { matchesText } from '../../table/model';
import { ListStatus, useConfirmDelete } from '../../table/parts';
import { deleteInTurn, useAdminTable } from '../../table/useAdminTable';

type Column = 'id' | 'title';
const accessor = (f: Franchise, c: Column) => f[c];
const filter = (f: Franchise, q: string) => matchesText(q, f.title, f.id);

/** Franchise admin (spec 2 §2.3): counters, add form, search, sortable table with inline title edits. */
export default function FranchisesSection() {
  const { t } = useTranslation();
  const ids = useId();
  const confirmDelete = useConfirmDelete();
  const [rows, setRows] = useState<Franchise[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [formError, setFormError] = useState<Message | null>(null);
  const [adding, setAdding] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const table = useAdminTable<Franchise, Column>({ rows, filter, accessor });

  const begin = useLatestOnly();
  const load = useCallback(
    async (fresh: boolean) => {
      const current = begin();
      setLoading(true);
      try {
        const list = await fetchFranchises(fresh);
        if (!current()) return;
        setRows(list);
        setError(null);
      } catch (err) {
        if (current()) setError(err instanceof Error ? err.message : String(err));
      } finally {
        if (current()) setLoading(false);
      }
    },
    [begin],
  );
  useEffect(() => {
    void load(false);
  }, [load]);

  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = validateFranchise(title, rows);
    setFormError(problem);
    if (problem) return;
    setAdding(true);
    try {
      const created = await createFranchise(title.trim());
      setRows((r) => [...r, created]);
      setTitle('');
    } catch {
      setFormError({ key: 'adminCatalogue.franchises.addError' });
    } finally {
      setAdding(false);
    }
  };

  const save = async (row: Franchise) => {
    const draft = table.drafts[row.id];
    if (!draft?.title) return;
    const problem = validateFranchise(
      draft.title,
      rows.filter((r) => r.id !== row.id),
    );
    if (problem) {
      setActionError(say(t, problem));
      return;
    }
    const title = draft.title.trim();
    const saved = await table.saveRow(row.id, async () => {
      await renameFranchise(row.id, title);
      setRows((list) => list.map((r) => (r.id === row.id ? { ...r, title } : r)));
    });
    setActionError(saved ? null : t('adminCatalogue.franchises.saveError'));
  };

  const remove = async (victims: Franchise[]) => {
    if (victims.length === 0 || !confirmDelete(victims.map((v) => v.title))) return;
    const bulk = victims.length > 1;
    // Spec 2 §7: bulk delete is one delete per id, sequentially.
    const { gone, failed } = await deleteInTurn(
      victims.map((v) => v.id),
      deleteFranchise,
    );
    setActionError(
      failed ? t(bulk ? 'adminCatalogue.bulkDeleteError' : 'adminCatalogue.franchises.deleteError') : null,
    );
    setRows((list) => list.filter((r) => !gone.includes(r.id)));
  };

  const columns: CatalogueColumn<Franchise, Column>[] = [
    { key: 'id', label: t('adminCatalogue.id'), sortable: true, render: (row) => row.id },
    {
      key: 'title',
      label: t('adminCatalogue.title'),
      sortable: true,
      edit: { field: 'title', label: (row) => t('adminCatalogue.titleOf', { id: row.id }) },
    },
  ];

  return (
    <div className="admin-catalogue">
      <p className="admin-catalogue__stats">
        {t('adminCatalogue.franchises.stats', { total: rows.length, selected: table.selected.size })}
      </p>
      <form className="admin-catalogue__form" onSubmit={add} noValidate>
        <label className="admin-field admin-field--grow">
          <span className="admin-field__label">{t('adminCatalogue.franchises.newTitle')}</span>
          <input value={title} onChange={(e) => setTitle(e.target.value)} aria-describedby={`${ids}-err`} />
        </label>
        <button type="submit" className="button button--primary" disabled={adding}>
          {adding ? t('adminCatalogue.adding') : t('adminCatalogue.add')}
        </button>
        <p id={`${ids}-err`} className="admin-error" role={formError ? 'alert' : undefined}>
          {formError ? say(t, formError) : ''}
        </p>
      </form>
      <CatalogueToolbar
        table={table}
        onRefresh={() => void load(true)}
        onDeleteSelected={() => void remove(table.selectedRows)}
      />
      <ListStatus actionError={actionError} error={error} loading={loading} />
      <CatalogueTable
        table={table}
        columns={columns}
        rowName={(row) => row.title}
        loading={loading}
        showEmpty={!loading && !error}
        onSave={(row) => void save(row)}
        onDelete={(row) => void remove([row])}
      />
      <CataloguePager table={table} />
    </div>
  );
}
