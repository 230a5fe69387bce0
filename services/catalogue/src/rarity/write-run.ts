import type { EventEnvelope } from '@acg/contracts';
import { enqueue, type Tx } from '@acg/platform';
import { outbox, rarityRuns } from '../db/schema';
import { type RarityChange, writeRarityChanges } from '../repository/rarity-writes';
import { cardRanksNow, insertRevision, setThresholds, takeRarityLock, thresholdsNow } from './revisions';
import type { RarityMethod } from './steps';

export { RARITY_LOCK } from './revisions';

export interface StepStats {
  updated: number;
  total: number;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** The first 100 changed card ids. */
  updatedIds: number[];
  /**
   * What went wrong in this step (requirements C8 lists the scores' and the ranks' errors apart). A run
   * is all-or-nothing, so a run that is answered has none; a refused run names its step in the
   * error's `details.step` and `details.errors` instead.
   */
  errors: string[];
}
export interface RunResult {
  rarityScores: StepStats;
  cardRanks: StepStats;
  totalDuration: number;
  method: RarityMethod;
}

export interface RunWrite {
  type: 'auto' | 'manual';
  thresholds: ReadonlyArray<{ id: number; threshold: number }>;
  changedScores: ReadonlyArray<{ id: number; score: number }>;
  rankChanges: ReadonlyArray<{ id: number; rankId: number }>;
  /** Called once everything but the run record is written: completes the result it records. */
  finish(): RunResult;
  audit?: (r: RunResult & { revision: number | null }) => EventEnvelope;
  /** A rank update stores a revision of what it changes (rules, rank revisions), by this actor. */
  revision?: { kind: 'smart' | 'percentile'; actorId: number | null };
}

/**
 * Step 5, write and audit, in the caller's transaction: takes the rarity lock (another replica
 * running is a 409 `already_running`), sets the new thresholds, then every changed card's score
 * and rank with its history row and card events in one statement (after the thresholds: the
 * events carry the ranks), the revision of a rank update (the thresholds and the moved cards'
 * ranks as they were, read under lock), the run record and its audit event. Answers how many
 * events it wrote and the revision's id.
 */
export async function writeRun(
  tx: Tx,
  run: RunWrite,
): Promise<{ written: number; result: RunResult; revision: number | null }> {
  await takeRarityLock(tx);
  const now = run.thresholds.length > 0 ? await thresholdsNow(tx) : [];
  const ranksBefore = run.revision
    ? await cardRanksNow(
        tx,
        run.rankChanges.map((c) => c.id),
      )
    : new Map();
  const thresholdsAfter = await setThresholds(tx, now, run.thresholds);
  const changes = new Map<number, RarityChange>();
  for (const c of run.changedScores) changes.set(c.id, { id: c.id, score: c.score, rankId: null });
  for (const c of run.rankChanges)
    changes.set(c.id, { id: c.id, score: changes.get(c.id)?.score ?? null, rankId: c.rankId });
  let written = await writeRarityChanges(tx, [...changes.values()]);
  const revision = run.revision
    ? await insertRevision(tx, {
        kind: run.revision.kind,
        actorId: run.revision.actorId,
        thresholdsBefore: now,
        thresholdsAfter,
        moved: run.rankChanges.flatMap((c) =>
          ranksBefore.has(c.id) ? [{ id: c.id, before: ranksBefore.get(c.id)!, after: c.rankId }] : [],
        ),
      })
    : null;
  const result = run.finish();
  await tx.insert(rarityRuns).values({ type: run.type, method: result.method, result });
  if (run.audit) {
    await enqueue(tx, outbox, run.audit({ ...result, revision }));
    written += 1;
  }
  return { written, result, revision };
}

/** A step's figures from its start to now. */
export function stepStats(
  updated: number,
  total: number,
  startedAt: Date,
  ids: readonly { id: number }[],
): StepStats {
  const finishedAt = new Date();
  return {
    updated,
    total,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationMs: finishedAt.getTime() - startedAt.getTime(),
    updatedIds: ids.slice(0, 100).map((c) => c.id),
    errors: [],
  };
}
