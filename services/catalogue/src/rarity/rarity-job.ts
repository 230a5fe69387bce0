import { CARD_STATS_PAGE, type EventEnvelope } from '@acg/contracts';
import { AppError, type Bus, type Database, enqueue, type Logger } from '@acg/platform';
import type { CatalogueCaches } from '../caches';
import { outbox } from '../db/schema';
import { likesAnalysis, rankAnalysis } from './analysis';
import { type FigureSource, readCards, readFigures, readRanks } from './inputs';
import { forceFixPlan, type Plan, type RankUpdate, tokenOf } from './plan';
import { previewOf } from './preview';
import { history, lastRun } from './records';
import {
  insertRevision,
  listRevisions,
  setThresholds,
  takeRarityLock,
  thresholdsNow,
  type UndoOutcome,
  undoRevision,
} from './revisions';
import { planRanks, type RarityMethod, scoreCards } from './steps';
import { type RunResult, stepStats, writeRun } from './write-run';

export type { RarityMethod } from './steps';
export type { RunResult, StepStats } from './write-run';

export interface Progress {
  running: boolean;
  phase: 'idle' | 'reading' | 'scoring' | 'writing';
  done: number;
  total: number;
  startedAt: string | null;
}

interface JobDeps {
  database: Database;
  bus: Bus;
  caches: CatalogueCaches;
  logger: Logger;
  activeDays: number;
  onEventsWritten?: () => void;
  /** Card ids per inventory.card-stats page (tests make it small to read many pages). */
  pageSize?: number;
}
interface RunOptions {
  type: 'auto' | 'manual';
  method: RarityMethod;
  audit?: (r: RunResult & { revision: number | null }) => EventEnvelope;
  /** Write only while the plan is still the one a preview showed (its token), else a 409. */
  token?: string;
  /** Who runs it: a rank update's revision names them. */
  actorId?: number | null;
}

/** A run's steps as requirements C8 lists their errors: the scores, then the ranks. */
export type RunStep = 'rarityScores' | 'cardRanks';

/** A refusal of a run, naming the step it stopped in (the screen lists each step's errors apart). */
async function inStep<T>(step: RunStep, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.details && typeof err.details === 'object' && !('step' in err.details))
      throw new AppError(err.status, err.code, err.message, { ...err.details, step });
    throw err;
  }
}

/** Without active players every card scores the same: rank updates would flatten the catalogue. */
function refuseFlatRanks(method: RarityMethod, activePlayers: number, activeDays: number): void {
  if (method !== 'scores' && activePlayers === 0)
    throw new AppError(
      409,
      'conflict',
      `No player has been active in the last ${activeDays} days, so every card would score the same; the ranks are left as they are`,
      { reason: 'no_active_players', activeDays },
    );
}

/** What the preview showed is no longer what would be written: nothing is. */
export function refuseStalePlan(token: string | undefined, plan: Plan): void {
  if (token !== undefined && token !== tokenOf(plan))
    throw new AppError(409, 'conflict', 'The catalogue changed since the preview; nothing was written', {
      reason: 'preview_outdated',
    });
}

const forceFixPlanNow = async (db: Database['db']) => {
  const [list, rankList] = await Promise.all([readCards(db), readRanks(db)]);
  return forceFixPlan(list, rankList);
};

/**
 * Steps 1–4 without writing: the inputs, every card's new score, and with `smart` or
 * `percentile` the thresholds and the cards' new ranks (the tie-break reads every figure, a
 * scores-only run just the active owners); force-fix reads the catalogue alone.
 */
async function planOf(
  deps: JobDeps,
  source: FigureSource,
  method: RarityMethod | 'force-fix',
  progress?: Progress,
) {
  const db = deps.database.db;
  if (method === 'force-fix')
    return { plan: await forceFixPlanNow(db), scoreStart: new Date(), rankStart: new Date() };
  if (progress) progress.phase = 'reading';
  // The cards are read while inventory builds its snapshot.
  const [{ figures, activePlayers }, list] = await inStep('rarityScores', () =>
    Promise.all([readFigures(source, { scoresOnly: method === 'scores' }), readCards(db)]),
  );
  await inStep('cardRanks', async () => refuseFlatRanks(method, activePlayers, deps.activeDays));
  if (progress) progress.phase = 'scoring';
  const scoreStart = new Date();
  const { scores, changed } = scoreCards(list, figures.activeOwners, activePlayers);
  const rankList = await readRanks(db);
  const rankStart = new Date();
  const { thresholds, rankChanges } = planRanks(method, list, scores, figures, rankList);
  const plan: Plan = { method, list, rankList, scores, changedScores: changed, thresholds, rankChanges };
  return { plan, scoreStart, rankStart };
}

/**
 * One recalculation, the five steps in order: every card's score; with `smart` or `percentile`
 * also the rank thresholds from the new scores and each card moved to its rank, stored as a
 * revision that can be undone. One at a time per process (`progress.running`) and per database
 * (the lock of revisions.ts).
 */
async function recalculate(deps: JobDeps, source: FigureSource, progress: Progress, opts: RunOptions) {
  if (progress.running)
    throw new AppError(409, 'conflict', 'A rarity recalculation is already running', {
      reason: 'already_running',
    });
  progress.running = true;
  progress.startedAt = new Date().toISOString();
  const t0 = performance.now();
  try {
    const { plan, scoreStart, rankStart } = await planOf(deps, source, opts.method, progress);
    await inStep('cardRanks', async () => refuseStalePlan(opts.token, plan));
    const rarityScores = stepStats(
      plan.changedScores.length,
      plan.list.length,
      scoreStart,
      plan.changedScores,
    );
    progress.phase = 'writing';
    const ranked = opts.method === 'scores' ? 0 : plan.list.length;
    const { method } = opts;
    const { written, result, revision } = await deps.database.transaction((tx) =>
      writeRun(tx, {
        type: opts.type,
        thresholds: plan.thresholds,
        changedScores: plan.changedScores,
        rankChanges: plan.rankChanges,
        audit: opts.audit,
        revision: method === 'scores' ? undefined : { kind: method, actorId: opts.actorId ?? null },
        finish: () => ({
          rarityScores,
          cardRanks: stepStats(plan.rankChanges.length, ranked, rankStart, plan.rankChanges),
          totalDuration: Math.round(performance.now() - t0),
          method,
        }),
      }),
    );
    await deps.caches.invalidate('ranks', 'characters', 'cards');
    if (written > 0) deps.onEventsWritten?.();
    return { ...result, revision };
  } finally {
    progress.running = false;
    progress.phase = 'idle';
  }
}

/** Force-fix (requirements C2.7) applied: the thresholds, its revision and its audit, in one transaction. */
async function applyForceFix(
  deps: JobDeps,
  opts: {
    token?: string;
    actorId: number | null;
    audit: (before: unknown, after: unknown, revision: number) => EventEnvelope;
  },
) {
  const plan = await forceFixPlanNow(deps.database.db);
  refuseStalePlan(opts.token, plan);
  const outcome = await deps.database.transaction(async (tx) => {
    await takeRarityLock(tx);
    const now = await thresholdsNow(tx);
    const after = await setThresholds(tx, now, plan.thresholds);
    const revision = await insertRevision(tx, {
      kind: 'force-fix',
      actorId: opts.actorId,
      thresholdsBefore: now,
      thresholdsAfter: after,
      moved: [],
    });
    const byCode = (list: typeof now) => Object.fromEntries(list.map((t) => [t.code, t.threshold]));
    await enqueue(tx, outbox, opts.audit(byCode(now), byCode(after), revision));
    return { now, after, revision };
  });
  await deps.caches.invalidate('ranks');
  deps.onEventsWritten?.();
  return {
    uniqueScores: plan.uniqueScores ?? 0,
    revision: outcome.revision,
    ranks: outcome.now.map((t, i) => {
      const after = outcome.after[i]!.threshold ?? 0;
      return { code: t.code, before: t.threshold, after, threshold: after, changed: t.threshold !== after };
    }),
  };
}

/**
 * The rarity recalculation and the rank analyses (requirements C2.7, C3, C7; docs/rules.md §37).
 * A run is five steps, each in its own module with its own tests: load the inputs (ownership
 * from inventory over the bus, page by page, and the cards and ranks: inputs.ts), compute the
 * scores, choose the thresholds and assign the ranks (steps.ts), then write it all with its
 * audit in one transaction (write-run.ts); the analyses are analysis.ts.
 */
export function createRarityJob(deps: JobDeps) {
  const db = deps.database.db;
  const progress: Progress = { running: false, phase: 'idle', done: 0, total: 0, startedAt: null };
  const source: FigureSource = {
    db,
    bus: deps.bus,
    logger: deps.logger,
    activeDays: deps.activeDays,
    pageSize: deps.pageSize ?? CARD_STATS_PAGE,
    progress,
  };
  const inputs = () => Promise.all([readFigures(source), readCards(db), readRanks(db)]);

  return {
    run: (opts: RunOptions) => recalculate(deps, source, progress, opts),
    lastRun: () => lastRun(db),
    /** Rank analysis (requirements C3), 2 decimals. */
    analysis: async () => {
      const [{ figures }, list, rankList] = await inputs();
      return rankAnalysis(figures, list, rankList);
    },
    /** Likes analysis (requirements C3), 2 decimals, top 10 liked. */
    likesAnalysis: async () => {
      const [{ figures }, list, rankList] = await inputs();
      return likesAnalysis(figures, list, rankList);
    },
    /** Makes the thresholds strictly increasing over the scores that exist (requirements C2.7). */
    fixThresholds: (opts: Parameters<typeof applyForceFix>[1]) => applyForceFix(deps, opts),
    /** A rank update's preview (rules, rank previews): computed as the update would be, nothing written. */
    preview: async (method: RankUpdate) => {
      // Its own read of the figures: the progress of a run going on is not its.
      const { plan } = await planOf(deps, { ...source, progress: undefined }, method);
      return previewOf(db, method, plan);
    },
    /** Undoes a revision (its thresholds and moved cards back), with its audit, in one transaction. */
    undo: async (id: number, actorId: number | null, audit: (o: UndoOutcome) => EventEnvelope) => {
      const outcome = await deps.database.transaction((tx) => undoRevision(tx, id, actorId, audit));
      await deps.caches.invalidate('ranks', 'characters', 'cards');
      deps.onEventsWritten?.();
      return outcome;
    },
    revisions: () => listRevisions(db),
    history: (cardId: number) => history(db, cardId),
    progress: () => ({ ...progress }),
  };
}

export type RarityJob = ReturnType<typeof createRarityJob>;
