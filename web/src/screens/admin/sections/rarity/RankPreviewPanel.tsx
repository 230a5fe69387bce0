import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RankPreview } from '../../../../api/admin-rarity';
import { DataTable } from '../../table/DataTable';
import { showThreshold } from '../ranks';

/**
 * A rank update's preview (rules: rank previews): today's distribution beside the new one, the
 * cards that would move (how many, and the first of them by name), the warnings, and the two
 * choices. Nothing has changed until Apply; the preview is the confirmation.
 */
export function RankPreviewPanel({
  preview,
  busy,
  onApply,
  onCancel,
}: {
  preview: RankPreview;
  busy: boolean;
  onApply: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const method = t(`adminRarity.methods.${preview.method}`);
  return (
    <section className="admin-panel admin-preview" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{t('adminRarity.preview.title', { method })}</h3>
      <p className="admin-hint">{t('adminRarity.preview.hint')}</p>
      {preview.warnings.length > 0 ? (
        <ul className="admin-preview__warnings" aria-label={t('adminRarity.preview.warnings')}>
          {preview.warnings.map((w) => (
            <li key={w.code} className="admin-warning" data-warning={w.code}>
              {w.message}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="admin-preview__moving">
        {t('adminRarity.preview.moving', { count: preview.moving.count, total: preview.totalCards })}
        {preview.scoresChanged > 0
          ? ` ${t('adminRarity.preview.scores', { count: preview.scoresChanged })}`
          : ''}
      </p>
      <PreviewTable preview={preview} />
      <MovingSample preview={preview} />
      <div className="admin-quick">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          aria-busy={busy}
          onClick={onApply}
        >
          {busy ? t('adminRarity.preview.applying') : t('adminRarity.preview.apply', { method })}
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={onCancel}>
          {t('adminRarity.preview.cancel')}
        </button>
      </div>
    </section>
  );
}

/** A count and how it changes, e.g. "28 (+20)". */
function Change({ from, to }: { from: number; to: number }) {
  const d = to - from;
  return (
    <>
      {to}
      {d !== 0 ? (
        <span
          className={d > 0 ? 'admin-delta--up' : 'admin-delta--down'}
        >{` (${d > 0 ? '+' : ''}${d})`}</span>
      ) : null}
    </>
  );
}

/** Each rank's cards and threshold now and after. */
function PreviewTable({ preview }: { preview: RankPreview }) {
  const { t } = useTranslation();
  return (
    <DataTable
      className="admin-table admin-table--preview"
      rows={preview.ranks}
      rowKey={(r) => r.id}
      caption={t('adminRarity.preview.caption')}
      columns={[
        { key: 'code', label: t('adminRanks.code'), rowHeader: true, render: (r) => r.code },
        { key: 'now', label: t('adminRarity.preview.cardsNow'), render: (r) => r.before.cards },
        {
          key: 'after',
          label: t('adminRarity.preview.cardsAfter'),
          className: 'admin-preview__after',
          render: (r) => <Change from={r.before.cards} to={r.after.cards} />,
        },
        {
          key: 'threshold',
          label: t('adminRarity.preview.threshold'),
          className: 'admin-mono',
          render: (r) =>
            r.before.threshold === r.after.threshold
              ? showThreshold(r.after.threshold)
              : `${showThreshold(r.before.threshold)} → ${showThreshold(r.after.threshold)}`,
        },
      ]}
    />
  );
}

/** The first cards that would move, by name. */
function MovingSample({ preview }: { preview: RankPreview }) {
  const { t } = useTranslation();
  return (
    <>
      {preview.moving.sample.length > 0 ? (
        <>
          <h4>{t('adminRarity.preview.sample', { count: preview.moving.sample.length })}</h4>
          <ul className="admin-facts admin-preview__sample">
            {preview.moving.sample.map((c) => (
              <li key={c.cardId}>
                {t('adminRarity.preview.sampleLine', {
                  name: c.name,
                  id: c.cardId,
                  from: c.from,
                  to: c.to,
                  score: c.score.toFixed(2),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
