import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Analysis,
  autoUpdate,
  failureText,
  fetchAnalysis,
  fetchLastRun,
  fetchLikesAnalysis,
  fetchRanks,
  forceFixThresholds,
  type LastRun,
  type LikesAnalysis,
  type RunResult,
  recalculateRarity,
} from '../../../../api/admin-rarity';
import { BarChart } from '../../../../components/BarChart';
import { useConfirm } from '../../../../components/Confirm';
import { formatDateTime } from '../../../../i18n/formats';
import { DataTable } from '../../table/DataTable';
import { showThreshold } from '../ranks';

type Action = 'smart' | 'percentile' | 'analysis' | 'likes' | 'fix' | 'scores';
const two = (n: number | null | undefined) => (typeof n === 'number' ? n.toFixed(2) : '-');

/**
 * Rarity score admin (requirements C2.7): the autonomous rank panel (smart and percentile updates,
 * the two analyses, force-fix with confirmation), the manual rarityScore recalculation, the
 * results, the last run and the errors; buttons wait while one runs.
 */
export default function RaritySection() {
  const { t, i18n } = useTranslation();
  const ask = useConfirm();
  const ids = useId();
  const [running, setRunning] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<RunResult | null>(null);
  const [fixed, setFixed] = useState<{
    uniqueScores: number;
    ranks: Array<{ code: string; before: number | null; after: number }>;
  } | null>(null);
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [likes, setLikes] = useState<LikesAnalysis | null>(null);
  const [last, setLast] = useState<LastRun | null>(null);
  const [colors, setColors] = useState<Record<string, string>>({});

  const loadLast = useCallback(() => {
    fetchLastRun().then(setLast, () => setLast(null));
  }, []);
  useEffect(() => {
    loadLast();
    fetchRanks().then(
      (list) => setColors(Object.fromEntries(list.map((r) => [r.code, r.color ?? '']))),
      () => {},
    );
  }, [loadLast]);

  const act = async (action: Action) => {
    if (action === 'fix' && !(await ask({ message: t('adminRarity.confirmFix') }))) return;
    setRunning(action);
    setError(null);
    try {
      if (action === 'scores') setResult(await recalculateRarity());
      else if (action === 'smart' || action === 'percentile') {
        const { result: r } = await autoUpdate(action);
        setResult(r);
        if (r.newAnalysis) setAnalysis(r.newAnalysis);
      } else if (action === 'analysis') setAnalysis((await fetchAnalysis()).analysis);
      else if (action === 'likes') setLikes((await fetchLikesAnalysis()).analysis);
      else setFixed((await forceFixThresholds()).result);
      loadLast();
    } catch (err) {
      const fallback = {
        smart: t('adminRarity.errors.auto'),
        percentile: t('adminRarity.errors.auto'),
        analysis: t('adminRarity.errors.analysis'),
        likes: t('adminRarity.errors.likes'),
        fix: t('adminRarity.errors.fix'),
        scores: t('adminRarity.errors.default'),
      }[action];
      setError(failureText(err) ?? fallback);
    } finally {
      setRunning(null);
    }
  };

  const bars = useMemo(
    () =>
      analysis?.rankDistribution.map((r) => ({
        code: r.code,
        value: r.cardCount,
        color: colors[r.code] || undefined,
      })) ?? [],
    [analysis, colors],
  );
  const date = (iso?: string) => formatDateTime(i18n.language, iso);
  const button = (action: Action, label: string, primary = false) => (
    <button
      type="button"
      className={`button ${primary ? 'button--primary' : 'button--ghost'}`}
      disabled={running !== null}
      aria-busy={running === action}
      onClick={() => void act(action)}
    >
      {running === action ? t('adminRarity.working') : label}
    </button>
  );

  return (
    <section className="admin-rarity" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        {t('adminRarity.title')}
      </h2>
      <div className="admin-panel">
        <h3>{t('adminRarity.auto')}</h3>
        <p className="admin-hint">{t('adminRarity.autoHint')}</p>
        <div className="admin-quick">
          {button('smart', t('adminRarity.smart'), true)}
          {button('percentile', t('adminRarity.percentile'))}
          {button('analysis', t('adminRarity.analysis'))}
          {button('likes', t('adminRarity.likes'))}
          {button('fix', t('adminRarity.fix'))}
        </div>
      </div>
      <div className="admin-panel">
        <h3>{t('adminRarity.manual')}</h3>
        <p className="admin-hint">{t('adminRarity.manualHint')}</p>
        <div className="admin-quick">{button('scores', t('adminRarity.scores'))}</div>
      </div>
      {last?.progress?.running ? (
        <p role="status">
          {t('adminRarity.progress', {
            phase: last.progress.phase,
            done: last.progress.done,
            total: last.progress.total,
          })}
        </p>
      ) : null}
      {error ? (
        <p className="admin-error" role="alert">
          {error}
        </p>
      ) : null}

      {result ? (
        <div className="admin-panel" role="status">
          <h3>{t('adminRarity.result')}</h3>
          <ul className="admin-facts">
            <li>{t('adminRarity.method', { method: result.method ?? '-' })}</li>
            <li>
              {t('adminRarity.scoresChanged', {
                updated: result.rarityScores?.updated ?? 0,
                total: result.rarityScores?.total ?? 0,
              })}
            </li>
            <li>
              {t('adminRarity.ranksChanged', {
                updated: result.cardRanks?.updated ?? 0,
                total: result.cardRanks?.total ?? 0,
              })}
            </li>
            <li>{t('adminRarity.duration', { ms: result.totalDuration ?? 0 })}</li>
          </ul>
        </div>
      ) : null}

      {fixed ? (
        <div className="admin-panel" role="status">
          <h3>{t('adminRarity.fixed', { n: fixed.uniqueScores })}</h3>
          <ul className="admin-facts">
            {fixed.ranks.map((r) => (
              <li key={r.code}>
                {r.code}: {showThreshold(r.before)} → {showThreshold(r.after)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {analysis ? (
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
              {
                key: 'threshold',
                label: t('adminRanks.threshold'),
                render: (r) => showThreshold(r.threshold),
              },
              { key: 'cards', label: t('adminRarity.cards'), render: (r) => r.cardCount },
              { key: 'percentage', label: '%', render: (r) => two(r.percentage) },
              {
                key: 'avgOwnership',
                label: t('adminRarity.avgOwnership'),
                render: (r) => two(r.avgOwnership),
              },
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
      ) : null}

      {likes ? (
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
      ) : null}

      <div className="admin-panel">
        <h3>{t('adminRarity.lastRun')}</h3>
        {last?.at ? (
          <ul className="admin-facts">
            <li>
              {t('adminRarity.lastAt', {
                at: date(last.at),
                type: last.type === 'auto' ? t('adminRarity.typeAuto') : t('adminRarity.typeManual'),
              })}
            </li>
            <li>{t('adminRarity.method', { method: last.method ?? '-' })}</li>
            <li>
              {t('adminRarity.scoresChanged', {
                updated: last.rarityScores?.updated ?? 0,
                total: last.rarityScores?.total ?? 0,
              })}
            </li>
            <li>
              {t('adminRarity.ranksChanged', {
                updated: last.cardRanks?.updated ?? 0,
                total: last.cardRanks?.total ?? 0,
              })}
            </li>
            <li>{t('adminRarity.duration', { ms: last.totalDuration ?? 0 })}</li>
          </ul>
        ) : (
          <p>{t('adminRarity.never')}</p>
        )}
      </div>
    </section>
  );
}
