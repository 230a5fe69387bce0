import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Analysis, LastRun, LikesAnalysis, RunResult } from '../../../../api/admin-rarity';
import { BarChart } from '../../../../components/BarChart';
import { formatDateTime } from '../../../../i18n/formats';
import { DataTable } from '../../table/DataTable';
import { showThreshold } from '../ranks';

const two = (n: number | null | undefined) => (typeof n === 'number' ? n.toFixed(2) : '-');

/** Each step's errors apart (requirements C8): the rarityScore step's, then the ranks step's. */
export function StepErrors({ errors }: { errors: { rarityScores: string[]; cardRanks: string[] } }) {
  const { t } = useTranslation();
  const list = (label: string, items: string[]) => (
    <li>
      {label}: {items.length === 0 ? t('adminRarity.noErrors') : null}
      {items.length > 0 ? (
        <ul className="admin-facts">
          {items.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
  return (
    <ul className="admin-facts admin-step-errors">
      {list(t('adminRarity.scoreErrors'), errors.rarityScores)}
      {list(t('adminRarity.rankErrors'), errors.cardRanks)}
    </ul>
  );
}

/** A run's figures: the method, each step's changes and errors, the time it took. */
function RunFacts({ run }: { run: Partial<RunResult> }) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="admin-facts">
        <li>{t('adminRarity.method', { method: run.method ?? '-' })}</li>
        <li>
          {t('adminRarity.scoresChanged', {
            updated: run.rarityScores?.updated ?? 0,
            total: run.rarityScores?.total ?? 0,
          })}
        </li>
        <li>
          {t('adminRarity.ranksChanged', {
            updated: run.cardRanks?.updated ?? 0,
            total: run.cardRanks?.total ?? 0,
          })}
        </li>
        <li>{t('adminRarity.duration', { ms: run.totalDuration ?? 0 })}</li>
      </ul>
      <StepErrors
        errors={{ rarityScores: run.rarityScores?.errors ?? [], cardRanks: run.cardRanks?.errors ?? [] }}
      />
    </>
  );
}

export function ResultPanel({ result }: { result: RunResult }) {
  const { t } = useTranslation();
  return (
    <div className="admin-panel" role="status">
      <h3>{t('adminRarity.result')}</h3>
      <RunFacts run={result} />
    </div>
  );
}

export function LastRunPanel({ last }: { last: LastRun | null }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="admin-panel">
      <h3>{t('adminRarity.lastRun')}</h3>
      {last?.at ? (
        <>
          <p>
            {t('adminRarity.lastAt', {
              at: formatDateTime(i18n.language, last.at),
              type: last.type === 'auto' ? t('adminRarity.typeAuto') : t('adminRarity.typeManual'),
            })}
          </p>
          <RunFacts run={last} />
        </>
      ) : (
        <p>{t('adminRarity.never')}</p>
      )}
    </div>
  );
}

export function AnalysisPanel({ analysis, colors }: { analysis: Analysis; colors: Record<string, string> }) {
  const { t } = useTranslation();
  const bars = useMemo(
    () =>
      analysis.rankDistribution.map((r) => ({
        code: r.code,
        value: r.cardCount,
        color: colors[r.code] || undefined,
      })),
    [analysis, colors],
  );
  return (
    <div className="admin-panel">
      <h3>{t('adminRarity.distribution')}</h3>
      <p>
        {t('adminRarity.stats', {
          total: analysis.totalCards,
          mean: two(analysis.rarityScoreStats.mean),
          median: two(analysis.rarityScoreStats.median),
          min: two(analysis.rarityScoreStats.min),
          max: two(analysis.rarityScoreStats.max),
        })}
      </p>
      <BarChart bars={bars} label={t('adminRarity.chartLabel')} />
      <DataTable
        className="admin-table"
        rows={analysis.rankDistribution}
        rowKey={(r) => r.code}
        columns={[
          { key: 'code', label: t('adminRanks.code'), render: (r) => r.code },
          { key: 'threshold', label: t('adminRanks.threshold'), render: (r) => showThreshold(r.threshold) },
          { key: 'cards', label: t('adminRarity.cards'), render: (r) => r.cardCount },
          { key: 'percentage', label: '%', render: (r) => two(r.percentage) },
          { key: 'avgOwnership', label: t('adminRarity.avgOwnership'), render: (r) => two(r.avgOwnership) },
        ]}
      />
      <p>
        {t('adminRarity.ownership', {
          total: analysis.ownershipAnalysis.totalOwned,
          avg: two(analysis.ownershipAnalysis.avgOwnershipPerCard),
          r: two(analysis.ownershipAnalysis.correlation),
        })}
      </p>
    </div>
  );
}

export function LikesPanel({ likes }: { likes: LikesAnalysis }) {
  const { t } = useTranslation();
  return (
    <div className="admin-panel">
      <h3>{t('adminRarity.likesTitle')}</h3>
      <p>
        {t('adminRarity.likesStats', {
          total: likes.totalLikes,
          cards: likes.cardsWithLikes,
          of: likes.totalCards,
          avg: two(likes.averageLikesPerCard),
          max: likes.maxLikes,
        })}
      </p>
      <p>{t('adminRarity.buckets', likes.likeDistribution)}</p>
      <p>
        {t('adminRarity.correlations', {
          a: two(likes.correlationAnalysis.likesVsRarityScore),
          b: two(likes.correlationAnalysis.likesVsOwnership),
          c: two(likes.correlationAnalysis.rarityScoreVsOwnership),
        })}
      </p>
      <h4>{t('adminRarity.top')}</h4>
      {likes.topLikedCards.length === 0 ? (
        <p>{t('adminRarity.noLikes')}</p>
      ) : (
        <ol className="admin-facts">
          {likes.topLikedCards.map((c) => (
            <li key={c.id}>
              #{c.id}:{' '}
              {t('adminRarity.topLine', {
                likes: c.likes,
                owners: c.uniqueOwners,
                score: two(c.rarityScore),
                per: two(c.likesPerOwner),
              })}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
