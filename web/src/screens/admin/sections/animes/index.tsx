import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Anime,
  createAnime,
  deleteAnime,
  type Franchise,
  fetchAnimes,
  fetchFranchises,
} from '../../../../api/admin-catalogue';
import { useLatestOnly } from '../../../../components/useLatestOnly';
import { say } from '../../catalogue/say';
import { type Message, positiveId, validateAnime } from '../../catalogue/validation';
import {
  type CatalogueColumn,
  CataloguePager,
  CatalogueTable,
  CatalogueToolbar,
} from '../../table/CatalogueTable';
import { matchesText } from '../../table/model';
import { ListStatus, useConfirmDelete } from '../../table/parts';
import { deleteInTurn, useAdminTable } from '../../table/useAdminTable';

type Column = 'id' | 'title' | 'shikimoriId' | 'anilistId' | 'franchiseTitle';
const accessor = (a: Anime, c: Column) => a[c];
const filter = (a: Anime, q: string) =>
  matchesText(q, a.title, a.id, a.shikimoriId, a.anilistId, a.franchiseTitle);
const emptyForm = { title: '', shikimoriId: '', anilistId: '', franchiseId: '' };

/** Anime admin (spec 2 §2.4): stats, add form, search, sortable table (id descending), deletes. */
export default function AnimesSection() {
  const { t } = useTranslation();
  const ids = useId();
  const confirmDelete = useConfirmDelete();
  const [rows, setRows] = useState<Anime[]>([]);
  const [franchises, setFranchises] = useState<Franchise[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState(emptyForm);
  const [formError, setFormError] = useState<Message | null>(null);
  const [adding, setAdding] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const table = useAdminTable<Anime, Column>({ rows, filter, accessor });

  const begin = useLatestOnly();
  const load = useCallback(async () => {
    const current = begin();
    setLoading(true);
    try {
      const [animes, list] = await Promise.all([fetchAnimes(), fetchFranchises().catch(() => [])]);
      if (!current()) return;
      setRows(animes);
      setFranchises(list);
      setError(null);
    } catch (err) {
      if (current()) setError(err instanceof Error ? err.message : String(err));
    } finally {
      if (current()) setLoading(false);
    }
  }, [begin]);
  useEffect(() => {
    void load();
  }, [load]);

  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = validateAnime(form, rows);
    setFormError(problem);
    if (problem) return;
    setAdding(true);
    try {
      const franchiseId = form.franchiseId ? Number(form.franchiseId) : null;
      const created = await createAnime({
        title: form.title.trim(),
        shikimoriId: positiveId(form.shikimoriId),
        anilistId: positiveId(form.anilistId),
        franchise_id: franchiseId,
      });
      const franchiseTitle = franchises.find((f) => f.id === franchiseId)?.title ?? created.franchiseTitle;
      setRows((r) => [...r, { ...created, franchiseId: created.franchiseId ?? franchiseId, franchiseTitle }]);
      setForm(emptyForm);
    } catch {
      setFormError({ key: 'adminCatalogue.animes.addError' });
    } finally {
      setAdding(false);
    }
  };

  const remove = async (victims: Anime[]) => {
    if (victims.length === 0 || !confirmDelete(victims.map((v) => v.title))) return;
    const { gone, failed } = await deleteInTurn(
      victims.map((v) => v.id),
      deleteAnime,
    );
    setActionError(
      failed
        ? t(victims.length > 1 ? 'adminCatalogue.bulkDeleteError' : 'adminCatalogue.animes.deleteError')
        : null,
    );
    setRows((list) => list.filter((r) => !gone.includes(r.id)));
  };

  const columns: CatalogueColumn<Anime, Column>[] = [
    { key: 'id', label: t('adminCatalogue.id'), sortable: true, render: (row) => row.id },
    {
      key: 'title',
      label: t('adminCatalogue.title'),
      sortable: true,
      render: (row) => <a href={`/admin?tab=characters&animeId=${row.id}`}>{row.title}</a>,
    },
    {
      key: 'shikimoriId',
      label: t('adminCatalogue.shikimoriId'),
      sortable: true,
      render: (row) => row.shikimoriId ?? '-',
    },
    {
      key: 'anilistId',
      label: t('adminCatalogue.anilistId'),
      sortable: true,
      render: (row) => row.anilistId ?? '-',
    },
    {
      key: 'franchiseTitle',
      label: t('adminCatalogue.franchise'),
      sortable: true,
      render: (row) => row.franchiseTitle ?? '-',
    },
  ];

  const set =
    (field: keyof typeof emptyForm) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setForm((f) => ({ ...f, [field]: e.target.value }));

  return (
    <div className="admin-catalogue">
      <p className="admin-catalogue__stats">
        {t('adminCatalogue.animes.stats', {
          total: rows.length,
          anilist: rows.filter((r) => r.anilistId !== null).length,
          franchise: rows.filter((r) => r.franchiseId !== null).length,
          selected: table.selected.size,
        })}
      </p>
      <form
        className="admin-catalogue__form"
        onSubmit={add}
        noValidate
        aria-label={t('adminCatalogue.animes.addForm')}
      >
        <label className="admin-field admin-field--grow">
          <span className="admin-field__label">{t('adminCatalogue.title')}</span>
          <input value={form.title} onChange={set('title')} />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminCatalogue.shikimoriId')}</span>
          <input inputMode="numeric" value={form.shikimoriId} onChange={set('shikimoriId')} />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminCatalogue.anilistId')}</span>
          <input inputMode="numeric" value={form.anilistId} onChange={set('anilistId')} />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminCatalogue.franchiseOptional')}</span>
          <select value={form.franchiseId} onChange={set('franchiseId')}>
            <option value="">{t('adminCatalogue.none')}</option>
            {franchises.map((f) => (
              <option key={f.id} value={f.id}>
                {f.title}
              </option>
            ))}
          </select>
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
        onRefresh={() => void load()}
        onDeleteSelected={() => void remove(table.selectedRows)}
      />
      <ListStatus actionError={actionError} error={error} loading={loading} />
      <CatalogueTable
        table={table}
        columns={columns}
        rowName={(row) => row.title}
        loading={loading}
        showEmpty={!loading && !error}
        onDelete={(row) => void remove([row])}
      />
      <CataloguePager table={table} />
    </div>
  );
}
