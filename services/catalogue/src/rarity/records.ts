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
  return {
    type: row.type,
    at: row.at.toISOString(),
    rarityScores: r.rarityScores,
    cardRanks: r.cardRanks,
    totalDuration: r.totalDuration,
    method: r.method,
  };
}

/**
 * Makes the thresholds strictly increasing over the scores that exist (requirements C2.7), writing the
 * changed ones with their audit event.
 */
export async function writeFixedThresholds(
  database: Database,
  audit: (before: unknown, after: unknown) => EventEnvelope,
) {
  const db = database.db;
  const [list, rankList] = await Promise.all([readCards(db), readRanks(db)]);
  const fixed = forceFix(
    rankList.map((r) => r.threshold),
    list.map((c) => c.rarityScore),
  );
  const changes = rankList.map((r, i) => ({
    code: r.code,
    id: r.id,
    before: r.threshold,
    after: fixed.thresholds[i]!,
  }));
  await database.transaction(async (tx) => {
    for (const c of changes)
      if (c.before !== c.after)
        await tx.update(ranks).set({ threshold: c.after }).where(sql`${ranks.id} = ${c.id}`);
    await enqueue(
      tx,
      outbox,
      audit(
        Object.fromEntries(changes.map((c) => [c.code, c.before])),
        Object.fromEntries(changes.map((c) => [c.code, c.after])),
      ),
    );
  });
  return {
    uniqueScores: fixed.uniqueScores,
    ranks: changes.map(({ code, before, after }) => ({
      code,
      before,
      after,
      threshold: after,
      changed: before !== after,
    })),
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
