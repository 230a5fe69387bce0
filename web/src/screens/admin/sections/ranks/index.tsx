import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createRank, deleteRank, failureText, fetchRanks, type Rank } from '../../../../api/admin-rarity';
import { imageSource } from '../../../../api/images';
import { useLatestOnly } from '../../../../components/useLatestOnly';
import { DataTable } from '../../table/DataTable';

const EMPTY = { code: '', title: '', threshold: '', imageUrl: '' };
/** Spec 2 §9: thresholds show with 2 decimals, or '-' without one. */
export const showThreshold = (t: number | null) => (t === null ? '-' : t.toFixed(2));

/** Rank admin (spec 2 §2.5): the add form and the table, with loading and error states. */
export default function RanksSection() {
  const { t } = useTranslation();
  const ids = useId();
  const [ranks, setRanks] = useState<Rank[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const begin = useLatestOnly();
  const load = useCallback(() => {
    const current = begin();
    setLoadError(null);
    fetchRanks().then(
      (list) => current() && setRanks(list),
      (err: unknown) => {
        if (!current()) return;
        setRanks([]);
        setLoadError(failureText(err) ?? t('adminRanks.loadError'));
      },
    );
  }, [t, begin]);
  useEffect(load, [load]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const code = form.code.trim();
    const title = form.title.trim();
    if (!code || !title) {
      setError(t('adminRanks.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await createRank({
        code,
        title,
        imageUrl: form.imageUrl.trim() || null,
        threshold: form.threshold.trim() === '' ? null : Number.parseFloat(form.threshold),
      });
      setForm(EMPTY);
      load();
    } catch (err) {
      setError(failureText(err) ?? t('adminRanks.saveError'));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (rank: Rank) => {
    if (!window.confirm(t('adminRanks.confirmDelete', { code: rank.code, title: rank.title }))) return;
    setError(null);
    try {
      await deleteRank(rank.id);
      load();
    } catch (err) {
      setError(failureText(err) ?? t('adminRanks.deleteError'));
    }
  };

  return (
    <section className="admin-ranks" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        {t('adminRanks.title')}
      </h2>
      <form className="admin-form admin-form--row" onSubmit={submit} noValidate>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminRanks.code')} *</span>
          <input
            required
            maxLength={10}
            value={form.code}
            onChange={(e) => setForm({ ...form, code: e.target.value })}
          />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminRanks.name')} *</span>
          <input
            required
            maxLength={100}
            value={form.title}
            onChange={(e) => setForm({ ...form, title: e.target.value })}
          />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminRanks.threshold')}</span>
          <input
            type="number"
            step={0.01}
            min={0}
            inputMode="decimal"
            value={form.threshold}
            onChange={(e) => setForm({ ...form, threshold: e.target.value })}
          />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminRanks.image')}</span>
          <input
            type="url"
            value={form.imageUrl}
            onChange={(e) => setForm({ ...form, imageUrl: e.target.value })}
          />
        </label>
        <div className="admin-quick">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? '...' : t('adminRanks.add')}
          </button>
        </div>
        {error ? (
          <p className="admin-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
      {ranks === null ? (
        <p role="status">{t('adminUsers.loading')}</p>
      ) : loadError ? (
        <p className="admin-error" role="alert">
          {loadError}
        </p>
      ) : (
        <DataTable
          className="admin-table admin-table--ranks"
          rows={ranks}
          rowKey={(rank) => rank.id}
          empty={t('adminRanks.empty')}
          columns={[
            { key: 'id', label: 'ID', render: (rank) => rank.id },
            {
              key: 'code',
              label: t('adminRanks.code'),
              render: (rank) => (
                <span className="rank-chip" style={{ background: rank.color ?? undefined }}>
                  {rank.code}
                </span>
              ),
            },
            { key: 'name', label: t('adminRanks.name'), render: (rank) => rank.title },
            {
              key: 'threshold',
              label: t('adminRanks.threshold'),
              className: 'admin-mono',
              render: (rank) => showThreshold(rank.threshold),
            },
            {
              key: 'image',
              label: t('adminRanks.image'),
              render: (rank) => {
                const image = imageSource(rank.imageUrl);
                return image ? <img src={image} alt="" width={32} height={32} loading="lazy" /> : '-';
              },
            },
            {
              key: 'actions',
              label: t('adminRanks.actions'),
              render: (rank) => (
                <button type="button" className="button button--ghost" onClick={() => void remove(rank)}>
                  {t('adminRanks.delete')}
                </button>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
