import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Analysis,
  autoUpdate,
  type ForceFixResult,
  failureText,
  fetchAnalysis,
  fetchLastRun,
  fetchLikesAnalysis,
  fetchRanks,
  forceFixThresholds,
  type LastRun,
  type LikesAnalysis,
  previewRankUpdate,
  type RankPreview,
  type RankRevision,
  type RankUndo,
  type RunResult,
  recalculateRarity,
  stepErrors,
  undoRevision,
} from '../../../../api/admin-rarity';
import { invalidateRoutes } from '../../../../api/query';
import { asRows, useResourceList } from '../../kit/useResource';
import { showThreshold } from '../ranks';
import { RankPreviewPanel } from './RankPreviewPanel';
import { RevisionsPanel } from './RevisionsPanel';
import { AnalysisPanel, LastRunPanel, LikesPanel, ResultPanel, StepErrors } from './RunPanels';
import { WishesPanel } from './WishesPanel';

type Action = 'smart' | 'percentile' | 'fix' | 'apply' | 'analysis' | 'likes' | 'scores';
type Failure = { text: string; steps?: { rarityScores: string[]; cardRanks: string[] } };
/** The reads a rank update or an undo changes. */
const CHANGES = ['GET /admin/ranks/revisions', 'GET /admin/ranks', 'GET /api/ranks'] as const;

/** What the section shows after the last action, and the actions. */
function useRarity() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [running, setRunning] = useState<Action | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [preview, setPreview] = useState<RankPreview | null>(null);
  const [result, setResult] = useState<RunResult | null>(null);
  const [fixed, setFixed] = useState<ForceFixResult | null>(null);
  const [undone, setUndone] = useState<RankUndo | null>(null);
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [likes, setLikes] = useState<LikesAnalysis | null>(null);
  const [last, setLast] = useState<LastRun | null>(null);
  const [undoing, setUndoing] = useState<number | null>(null);
  const loadLast = useCallback(() => {
    fetchLastRun().then(setLast, () => setLast(null));
  }, []);
  useEffect(loadLast, [loadLast]);

  const fallback: Record<Action, string> = {
    smart: t('adminRarity.errors.auto'),
    percentile: t('adminRarity.errors.auto'),
    apply: preview?.method === 'force-fix' ? t('adminRarity.errors.fix') : t('adminRarity.errors.auto'),
    fix: t('adminRarity.errors.fix'),
    analysis: t('adminRarity.errors.analysis'),
    likes: t('adminRarity.errors.likes'),
    scores: t('adminRarity.errors.default'),
  };
  const wrote = () => {
    loadLast();
    return invalidateRoutes(client, CHANGES);
  };
  /** Applies the preview on screen: exactly what it showed (its token), or a refusal. */
  const apply = async (p: RankPreview) => {
    if (p.method === 'force-fix') setFixed((await forceFixThresholds(p.token)).result);
    else {
      const { result: r } = await autoUpdate(p.method, p.token);
      setResult(r);
      setAnalysis(r.newAnalysis);
    }
    setPreview(null);
    await wrote();
  };
  const act = async (action: Action) => {
    setRunning(action);
    setFailure(null);
    setUndone(null);
    try {
      if (action === 'smart' || action === 'percentile' || action === 'fix')
        setPreview(await previewRankUpdate(action === 'fix' ? 'force-fix' : action));
      else if (action === 'apply' && preview) await apply(preview);
      else if (action === 'scores') {
        setResult(await recalculateRarity());
        loadLast();
      } else if (action === 'analysis') setAnalysis((await fetchAnalysis()).analysis);
      else if (action === 'likes') setLikes((await fetchLikesAnalysis()).analysis);
    } catch (err) {
      setFailure({ text: failureText(err) ?? fallback[action], steps: stepErrors(err) });
    } finally {
      setRunning(null);
    }
  };
  const undo = async (revision: RankRevision) => {
    setUndoing(revision.id);
    setFailure(null);
    try {
      setUndone(await undoRevision(revision.id));
      setPreview(null);
      await wrote();
    } catch (err) {
      setFailure({ text: failureText(err) ?? t('adminRarity.errors.undo') });
    } finally {
      setUndoing(null);
    }
  };
  const shown = { preview, result, fixed, undone, analysis, likes, last, failure };
  return { running, undoing, act, undo, cancel: () => setPreview(null), ...shown };
}

/**
 * Rarity score admin (requirements C2.7): the autonomous rank panel, the manual rarityScore
 * recalculation, the results, the last run and the errors. A rank update (smart, percentile,
 * force-fix) first shows its preview; Apply writes exactly that as a revision, which the
 * revisions list can undo (rules: rank previews and revisions).
 */
export default function RaritySection() {
  const { t } = useTranslation();
  const ids = useId();
  const r = useRarity();
  const revisions = useResourceList('GET /admin/ranks/revisions', asRows<RankRevision>);
  const [colors, setColors] = useState<Record<string, string>>({});
  useEffect(() => {
    fetchRanks().then(
      (list) => setColors(Object.fromEntries(list.map((rank) => [rank.code, rank.color ?? '']))),
      () => {},
    );
  }, []);
  return (
    <section className="admin-rarity" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        {t('adminRarity.title')}
      </h2>
      <ActionPanels r={r} />
      {r.last?.progress?.running ? (
        <p role="status">
          {t('adminRarity.progress', {
            phase: r.last.progress.phase,
            done: r.last.progress.done,
            total: r.last.progress.total,
          })}
        </p>
      ) : null}
      {r.failure ? (
        <div className="admin-error" role="alert">
          <p>{r.failure.text}</p>
          {r.failure.steps ? <StepErrors errors={r.failure.steps} /> : null}
        </div>
      ) : null}
      {r.preview ? (
        <RankPreviewPanel
          preview={r.preview}
          busy={r.running === 'apply'}
          onApply={() => void r.act('apply')}
          onCancel={r.cancel}
        />
      ) : null}
      <RaritySectionResults r={r} colors={colors} />
      <RevisionsPanel
        rows={revisions.rows}
        loading={revisions.loading}
        error={revisions.error}
        undoing={r.undoing}
        onUndo={(rev) => void r.undo(rev)}
      />
      <LastRunPanel last={r.last} />
    </section>
  );
}

/** The answers of the last actions: a run, a threshold fix, an undo, the analyses. */
function RaritySectionResults({
  r,
  colors,
}: {
  r: ReturnType<typeof useRarity>;
  colors: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {r.undone ? (
        <p className="admin-banner admin-banner--success" role="status">
          {t('adminRarity.undone', { id: r.undone.revision, count: r.undone.restored })}
          {r.undone.changedSince > 0
            ? ` ${t('adminRarity.changedSince', { count: r.undone.changedSince })}`
            : ''}
        </p>
      ) : null}
      {r.result ? <ResultPanel result={r.result} /> : null}
      {r.fixed ? (
        <div className="admin-panel" role="status">
          <h3>{t('adminRarity.fixed', { n: r.fixed.uniqueScores })}</h3>
          <ul className="admin-facts">
            {r.fixed.ranks.map((rank) => (
              <li key={rank.code}>
                {rank.code}: {showThreshold(rank.before)} → {showThreshold(rank.after)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {r.analysis ? <AnalysisPanel analysis={r.analysis} colors={colors} /> : null}
      {r.likes ? <LikesPanel likes={r.likes} /> : null}
      <WishesPanel />
    </>
  );
}

/** The autonomous rank panel's five buttons and the manual recalculation; all wait while one runs. */
function ActionPanels({ r }: { r: ReturnType<typeof useRarity> }) {
  const { t } = useTranslation();
  const busy = r.running !== null || r.undoing !== null;
  const button = (action: Action, label: string, primary = false) => (
    <button
      type="button"
      className={`button ${primary ? 'button--primary' : 'button--ghost'}`}
      disabled={busy}
      aria-busy={r.running === action}
      onClick={() => void r.act(action)}
    >
      {r.running === action ? t('adminRarity.working') : label}
    </button>
  );

  return (
    <>
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
    </>
  );
}
