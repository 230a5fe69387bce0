import { inventoryTradeRelease } from '@acg/contracts';
import type { Bus, Database, Logger, OutboxRelay } from '@acg/platform';
import type { TradeFlow } from '../domain/trade-flow';
import { findReleasePending, findStale, lockOverdue, moveTrade } from '../repository/trades';

/** One advisory lock for the whole system: one sweep at a time, across replicas. */
export const SWEEP_LOCK = 'acg:trades:sweep';
const BATCH = 200;

export interface SweepResult {
  expired: number;
  /** Openings a crash left before the escrow was confirmed: released and marked failed. */
  abandoned: number;
  /** Accepts a crash left half-way, finished (or put back to pending when refused). */
  healed: number;
  released: number;
}

const SYSTEM = { userId: null, ip: null };

export interface SweepDeps {
  database: Database;
  bus: Bus;
  relay: OutboxRelay;
  flow: TradeFlow;
  logger: Logger;
  recoveryAfterSeconds: number;
  inventoryTimeoutMs: number;
}

/** One batch of overdue pending trades expired (row-locked, skipping those an action holds right now). */
function expireBatch(deps: SweepDeps) {
  return deps.database.transaction(async (tx) => {
    const due = await lockOverdue(tx, BATCH);
    const moved = [];
    for (const t of due) {
      const row = await moveTrade(tx, t.id, ['pending'], 'expired', { releasePending: true, settled: true });
      if (row) {
        await deps.flow.recordOutcome(tx, row, SYSTEM, 'pending');
        moved.push(row);
      }
    }
    return moved;
  });
}

/** Expires overdue pending trades batch by batch and gives their escrow back. */
async function expireOverdue(deps: SweepDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await expireBatch(deps);
    if (expired.length === 0) return total;
    deps.relay.kick();
    for (const row of expired) await deps.flow.release(row);
    total += expired.length;
    if (expired.length < BATCH) return total;
  }
}

/** Openings a crash left are released and marked failed; accepts it left half-way are finished. */
async function healStale(deps: SweepDeps): Promise<{ abandoned: number; healed: number }> {
  const { database, flow } = deps;
  let abandoned = 0;
  let healed = 0;
  for (const row of await findStale(database.db, deps.recoveryAfterSeconds, BATCH)) {
    try {
      if (row.status === 'opening') {
        await deps.bus.request(
          inventoryTradeRelease,
          { tradeId: row.id },
          { timeoutMs: deps.inventoryTimeoutMs },
        );
        await database.transaction((tx) => moveTrade(tx, row.id, ['opening'], 'failed'));
        abandoned++;
      } else {
        await flow.finishAccept(row, { userId: row.toUserId, ip: null });
        healed++;
      }
    } catch (err) {
      deps.logger.warn({ err, tradeId: row.id, status: row.status }, 'trade not healed yet');
    }
  }
  return { abandoned, healed };
}

/** Escrow releases that failed earlier, tried again. */
async function releaseLeftovers(deps: SweepDeps): Promise<number> {
  const rows = await findReleasePending(deps.database.db, BATCH);
  for (const row of rows) await deps.flow.release(row);
  return rows.length;
}

/** Runs every step unless another sweep (here or on another replica) holds the lock: then null. */
async function runOnce(deps: SweepDeps): Promise<SweepResult | null> {
  const client = await deps.database.pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtext($1)) as locked',
      [SWEEP_LOCK],
    );
    if (!rows[0]?.locked) return null;
    try {
      const expired = await expireOverdue(deps);
      const { abandoned, healed } = await healStale(deps);
      const released = await releaseLeftovers(deps);
      const result = { expired, abandoned, healed, released };
      if (expired + abandoned + healed + released > 0) deps.logger.info(result, 'trade sweep');
      return result;
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [SWEEP_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * The scheduled sweep (docs/rules.md §34): expires pending trades past their expiresAt and gives
 * their escrow back, and heals trades a crash left between two steps. Each step is idempotent.
 */
export function createSweep(deps: SweepDeps) {
  return { expireOverdue: () => expireOverdue(deps), runOnce: () => runOnce(deps) };
}
export type Sweep = ReturnType<typeof createSweep>;
