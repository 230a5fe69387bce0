import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RankRevision } from '../../../../api/admin-rarity';
import { loadErrorText } from '../../../../components/LoadError';
import { formatDateTime } from '../../../../i18n/formats';
import { DataTable } from '../../table/DataTable';

/**
 * The latest rank updates as revisions (rules: rank revisions): when, by whom, what, how many cards
 * moved, and Undo for one not undone yet (an undo is a revision too, so it can be undone in turn).
 */
export function RevisionsPanel({
  rows,
  loading,
  error,
  undoing,
  onUndo,
}: {
  rows: readonly RankRevision[];
  loading: boolean;
  error: unknown;
  undoing: number | null;
  onUndo: (revision: RankRevision) => void;
}) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const date = (iso: string) => formatDateTime(i18n.language, iso);
  const what = (r: RankRevision) =>
    r.kind === 'undo'
      ? t('adminRarity.revisions.undoOf', { id: r.undoOf })
      : t(`adminRarity.methods.${r.kind}`);
  return (
    <section className="admin-panel admin-revisions" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{t('adminRarity.revisions.title')}</h3>
      {error && rows.length === 0 ? (
        <p className="admin-error" role="alert">
          {loadErrorText(t, error)}
        </p>
      ) : (
        <DataTable
          className="admin-table admin-table--revisions"
          rows={rows}
          rowKey={(r) => r.id}
          busy={loading}
          empty={loading ? t('adminRarity.revisions.loading') : t('adminRarity.revisions.empty')}
          columns={[
            { key: 'id', label: '#', render: (r) => r.id },
            { key: 'at', label: t('adminRarity.revisions.at'), render: (r) => date(r.at) },
            { key: 'what', label: t('adminRarity.revisions.what'), render: what },
            {
              key: 'by',
              label: t('adminRarity.revisions.by'),
              render: (r) => (r.actorId === null ? t('adminRarity.revisions.system') : `#${r.actorId}`),
            },
            { key: 'moved', label: t('adminRarity.revisions.moved'), render: (r) => r.cardsMoved },
            {
              key: 'action',
              label: t('adminRarity.revisions.action'),
              render: (r) =>
                r.undoneIn !== null ? (
                  t('adminRarity.revisions.undone', { id: r.undoneIn })
                ) : (
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={undoing !== null}
                    aria-busy={undoing === r.id}
                    aria-label={t('adminRarity.revisions.undoLabel', { id: r.id, what: what(r) })}
                    onClick={() => onUndo(r)}
                  >
                    {undoing === r.id ? t('adminRarity.working') : t('adminRarity.revisions.undo')}
                  </button>
                ),
            },
          ]}
        />
      )}
    </section>
  );
}
