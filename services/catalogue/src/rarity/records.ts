import type { EventEnvelope } from '@acg/contracts';
import { type Database, type Db, enqueue } from '@acg/platform';
import { desc, sql } from 'drizzle-orm';
import { outbox, RARITY_HISTORY_BLOCK, ranks, rarityHistory, rarityRuns } from '../db/schema';
import { forceFix } from './formulas';
import { readCards, readRanks } from './inputs';
import type { RunResult } from './write-run';

/** The last run (requirements C3 "Last recalculation stats"), or null before any. */
export async function lastRun(db: Pick<Db, 'select'>) {
  const [row] = await db.select().from(rarityRuns).orderBy(desc(rarityRuns.at), desc(rarityRuns.id)).limit(1);
  if (!row) return null;
  const r = row.result as RunResult;
  // Runs recorded before steps listed their errors read as having none.
  return {
    type: row.type as 'auto' | 'manual',
    at: row.at.toISOString(),
    rarityScores: { ...r.rarityScores, errors: r.rarityScores.errors ?? [] },
    cardRanks: { ...r.cardRanks, errors: r.cardRanks.errors ?? [] },
    totalDuration: r.totalDuration,
    method: r.method,
  };
}

/** A card's score history, newest first (additive): its entries in its block's rows. */
export async function history(db: Pick<Db, 'execute'>, cardId: number) {
  const rows = await db.execute<{ score: number; at: number }>(sql`
    select h.scores[i] as score, (extract(epoch from h.at) * 1000)::float8 as at
    from ${rarityHistory} h cross join lateral array_position(h.card_ids, ${cardId}::int) as i
    where h.block = ${Math.floor(cardId / RARITY_HISTORY_BLOCK)} and i is not null
    order by h.at desc
    limit 200`);
  return rows.rows.map((r) => ({ score: r.score, at: new Date(r.at) }));
}
