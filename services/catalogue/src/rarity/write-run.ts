import type { EventEnvelope } from '@acg/contracts';
import { AppError, enqueue, type Tx } from '@acg/platform';
import { sql } from 'drizzle-orm';
import { outbox, ranks, rarityRuns } from '../db/schema';
import { type RarityChange, writeRarityChanges } from '../repository/rarity-writes';
import type { RarityMethod } from './steps';

export interface StepStats {
  updated: number;
  total: number;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** The first 100 changed card ids. */
  updatedIds: number[];
}
export interface RunResult {
  rarityScores: StepStats;
  cardRanks: StepStats;
  totalDuration: number;
  method: RarityMethod;
}

/** The lock every replica's recalculation takes, so only one runs at a time (rules §37). */
export const RARITY_LOCK = 0x7261_7269; // "rari"

export interface RunWrite {
  type: 'auto' | 'manual';
  thresholds: ReadonlyArray<{ id: number; threshold: number }>;
  changedScores: ReadonlyArray<{ id: number; score: number }>;
  rankChanges: ReadonlyArray<{ id: number; rankId: number }>;
  /** Called once everything but the run record is written: completes the result it records. */
  finish(): RunResult;
  audit?: (r: RunResult) => EventEnvelope;
}

/**
 * Step 5, write and audit, in the caller's transaction: takes the rarity lock (another replica
 * running is a 409 `already_running`), sets the new thresholds, then every changed card's score
 * and rank with its history row and card events in one statement (after the thresholds: the
 * events carry the ranks), the run record and its audit event. Answers how many events it wrote.
 */
export async function writeRun(tx: Tx, run: RunWrite): Promise<{ written: number; result: RunResult }> {
  const [lock] = (
    await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${RARITY_LOCK}) as ok`)
  ).rows;
  if (!lock?.ok)
    throw new AppError(409, 'conflict', 'A rarity recalculation is already running on another replica', {
      reason: 'already_running',
    });
  for (const t of run.thresholds)
    await tx.update(ranks).set({ threshold: t.threshold }).where(sql`${ranks.id} = ${t.id}`);
  const changes = new Map<number, RarityChange>();
  for (const c of run.changedScores) changes.set(c.id, { id: c.id, score: c.score, rankId: null });
  for (const c of run.rankChanges)
    changes.set(c.id, { id: c.id, score: changes.get(c.id)?.score ?? null, rankId: c.rankId });
  let written = await writeRarityChanges(tx, [...changes.values()]);
  const result = run.finish();
  await tx.insert(rarityRuns).values({ type: run.type, method: result.method, result });
  if (run.audit) {
    await enqueue(tx, outbox, run.audit(result));
    written += 1;
  }
  return { written, result };
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
  };
}
