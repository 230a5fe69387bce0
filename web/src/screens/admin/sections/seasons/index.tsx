import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSeason, deleteSeason, fetchSeasons, type Season } from '../../../../api/admin-catalogue';
import { useLatestOnly } from '../../../../components/useLatestOnly';
import { DataTable } from '../../table/DataTable';
import { useConfirmDelete } from '../../table/parts';

/** Spec 2 §9: dates show as their first 10 characters (YYYY-MM-DD). */
export const dateShown = (value: string) => value.slice(0, 10);

/** Season admin (spec 2 §2.6): form with three required fields, table, delete. */
export default function SeasonsSection() {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const [rows, setRows] = useState<Season[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState({ title: '', startDate: '', endDate: '' });
  const [saving, setSaving] = useState(false);

  const begin = useLatestOnly();
  const load = useCallback(async () => {
    const current = begin();
    setLoading(true);
    try {
      const list = await fetchSeasons();
      if (!current()) return;
      setRows(list);
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
    setSaving(true);
    try {
      await createSeason({ title: form.title.trim(), startDate: form.startDate, endDate: form.endDate });
      setForm({ title: '', startDate: '', endDate: '' });
      await load();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };
  const remove = async (season: Season) => {
    if (!confirmDelete([season.title])) return;
    try {
      await deleteSeason(season.id);
      setRows((list) => list.filter((s) => s.id !== season.id));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  return (
    <div className="admin-catalogue">
      <form className="admin-catalogue__form" onSubmit={add} aria-label={t('adminCatalogue.seasons.addForm')}>
        <label className="admin-field admin-field--grow">
          <span className="admin-field__label">{t('adminCatalogue.seasons.title')}</span>
          <input required value={form.title} onChange={set('title')} />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminCatalogue.seasons.start')}</span>
          <input type="date" required value={form.startDate} onChange={set('startDate')} />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminCatalogue.seasons.end')}</span>
          <input type="date" required value={form.endDate} onChange={set('endDate')} />
        </label>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('adminCatalogue.adding') : t('adminCatalogue.add')}
        </button>
      </form>
      {error ? (
        <p className="admin-error" role="alert">
          {error}
        </p>
      ) : null}
      {loading ? (
        <p className="admin-loading" role="status">
          {t('adminCatalogue.seasons.loading')}
        </p>
      ) : (
        <DataTable
          className="admin-table admin-table--seasons"
          rows={rows}
          rowKey={(s) => s.id}
          empty={t('adminCatalogue.empty')}
          columns={[
            { key: 'id', label: t('adminCatalogue.id'), render: (s) => s.id },
            { key: 'title', label: t('adminCatalogue.seasons.title'), render: (s) => s.title },
            { key: 'start', label: t('adminCatalogue.seasons.start'), render: (s) => dateShown(s.startDate) },
            { key: 'end', label: t('adminCatalogue.seasons.end'), render: (s) => dateShown(s.endDate) },
            {
              key: 'action',
              label: t('adminCatalogue.seasons.action'),
              render: (s) => (
                <button type="button" className="button button--danger" onClick={() => void remove(s)}>
                  {t('adminCatalogue.delete')}
                </button>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
