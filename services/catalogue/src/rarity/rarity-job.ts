import { CARD_STATS_PAGE, type EventEnvelope } from '@acg/contracts';
import { AppError, type Bus, type Database, type Logger } from '@acg/platform';
import type { CatalogueCaches } from '../caches';
import { likesAnalysis, rankAnalysis } from './analysis';
import { type FigureSource, readCards, readFigures, readRanks } from './inputs';
import { history, lastRun, writeFixedThresholds } from './records';
import { assignRanks, chooseThresholds, type RarityMethod, scoreCards } from './steps';
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
  audit?: (r: RunResult) => EventEnvelope;
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

/**
 * One recalculation, the five steps in order: every card's score; with `smart` or `percentile`
 * also the rank thresholds from the new scores and each card moved to the rank its score reaches.
 * One at a time per process (`progress.running`) and per database (the lock of write-run.ts).
 */
async function recalculate(deps: JobDeps, source: FigureSource, progress: Progress, opts: RunOptions) {
  if (progress.running)
    throw new AppError(409, 'conflict', 'A rarity recalculation is already running', {
      reason: 'already_running',
    });
  const db = deps.database.db;
  progress.running = true;
  progress.startedAt = new Date().toISOString();
  const t0 = performance.now();
  try {
    progress.phase = 'reading';
    // The cards are read while inventory builds its snapshot; scores need only the active owners.
    const [{ figures, activePlayers }, list] = await Promise.all([
      readFigures(source, { scoresOnly: true }),
      readCards(db),
    ]);
    refuseFlatRanks(opts.method, activePlayers, deps.activeDays);
    progress.phase = 'scoring';
    const scoreStart = new Date();
    const { scores, changed } = scoreCards(list, figures.activeOwners, activePlayers);
    const rarityScores = stepStats(changed.length, list.length, scoreStart, changed);
    const rankList = await readRanks(db);
    const rankStart = new Date();
    const thresholds = chooseThresholds(opts.method, scores, rankList);
    const rankChanges = assignRanks(list, scores, rankList, thresholds);
    progress.phase = 'writing';
    const ranked = opts.method === 'scores' ? 0 : list.length;
    const { written, result } = await deps.database.transaction((tx) =>
      writeRun(tx, {
        type: opts.type,
        thresholds,
        changedScores: changed,
        rankChanges,
        audit: opts.audit,
        finish: () => ({
          rarityScores,
          cardRanks: stepStats(rankChanges.length, ranked, rankStart, rankChanges),
          totalDuration: Math.round(performance.now() - t0),
          method: opts.method,
        }),
      }),
    );
    await deps.caches.invalidate('ranks', 'characters', 'cards');
    if (written > 0) deps.onEventsWritten?.();
    return result;
  } finally {
    progress.running = false;
    progress.phase = 'idle';
  }
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
    fixThresholds: async (audit: (before: unknown, after: unknown) => EventEnvelope) => {
      const fixed = await writeFixedThresholds(deps.database, audit);
      await deps.caches.invalidate('ranks');
      deps.onEventsWritten?.();
      return fixed;
    },
    history: (cardId: number) => history(db, cardId),
    progress: () => ({ ...progress }),
  };
}

export type RarityJob = ReturnType<typeof createRarityJob>;
