import { CARDS_RESCORED_BATCH, CARDS_UPDATED_BATCH, cardsRescored, cardsUpdated } from '@acg/contracts';
import type { Tx } from '@acg/platform';
import { sql } from 'drizzle-orm';
import { cards, characters, outbox, RARITY_HISTORY_BLOCK, ranks, rarityHistory } from '../db/schema';
import { cardLookJsonSql, cardSummaryJsonSql } from './cards';

/** A card a rarity run changes: its new score (2 decimals), its new rank, or both (null = unchanged). */
export interface RarityChange {
  id: number;
  score: number | null;
  rankId: number | null;
}

/**
 * Writes a rarity run's changes in the caller's transaction, in one statement (rules §37): the
 * new scores and ranks (from three array parameters), the history of the changed scores (a row
 * per block of RARITY_HISTORY_BLOCK card ids), and the events. A card whose rank changed goes out in a cards.updated of up to
 * CARDS_UPDATED_BATCH summaries, built in the database from the updated rows (its look changed);
 * a card whose score alone changed goes out in a cards.rescored of up to CARDS_RESCORED_BATCH
 * ids and scores (its look did not; building 80,000 summaries and their versions took most of a
 * run's write). Events take their cards by position in the sorted changes (a batch may hold
 * fewer than its maximum when the other kind of change sits between them). Nothing is read back into the service. Cards gone since the run read them are
 * left out. Call it in a transaction (it sets transaction-local settings). Returns how many
 * events were written.
 */
export async function writeRarityChanges(
  tx: Pick<Tx, 'execute'>,
  changes: readonly RarityChange[],
): Promise<number> {
  if (changes.length === 0) return 0;
  const sorted = [...changes].sort((a, b) => a.id - b.id);
  // The arrays go as text and PostgreSQL parses every element: scores as whole hundredths (a
  // score has 2 decimals; k / 100 in float8 is the double JavaScript's k / 100 gives), and no
  // rank array at all when no rank changes (unnest pads the missing one with nulls).
  const hundredths = sorted.map((c) => (c.score === null ? null : Math.round(c.score * 100)));
  const rankIds = sorted.some((c) => c.rankId !== null) ? sorted.map((c) => c.rankId) : null;
  // For this transaction only: the statement's estimates over 80,000-element arrays would have it
  // JIT-compiled, which costs more than it saves; its sort and string aggregates need memory; and
  // the events' 150 KB payloads are compressed with lz4 where the server has it (pglz took
  // ~0.1 s for 80,000 summaries, lz4 a tenth of that; reading them back is transparent).
  await tx.execute(sql`
    select set_config('jit', 'off', true), set_config('work_mem', '64MB', true),
      (select set_config('default_toast_compression', 'lz4', true) from pg_settings
        where name = 'default_toast_compression' and 'lz4' = any(enumvals))`);
  const result = await tx.execute<{ events: number }>(sql`
    with v as (
      select * from unnest(
        ${sql.param(sorted.map((c) => c.id))}::int[],
        ${sql.param(hundredths)}::int[],
        ${sql.param(rankIds)}::int[]
      ) with ordinality as v(id, hundredths, rank_id, ord)
    ), changed as (
      update ${cards} as c
      set rarity_score = coalesce(v.hundredths::float8 / 100, c.rarity_score), rank_id = coalesce(v.rank_id, c.rank_id)
      from v where c.id = v.id
      returning c.id, c.character_id, c.rank_id, c.season_id, c.limited, c.image_url, c.rarity_score,
        v.ord, v.hundredths is not null as scored, v.rank_id is not null as ranked
    ), history as (
      insert into ${rarityHistory} (block, card_ids, scores)
      select id / ${RARITY_HISTORY_BLOCK}::int, array_agg(id order by id), array_agg(rarity_score order by id)
      from changed where scored
      group by 1
    ), looks as materialized (
      select c.id, c.ord, c.rarity_score, ${cardLookJsonSql('c', 'ch', 'r')} as look
      from changed c
      join ${characters} ch on ch.id = c.character_id
      join ${ranks} r on r.id = c.rank_id
      where c.ranked
    ), summaries as (
      insert into ${outbox} (id, type, version, occurred_at, data)
      select gen_random_uuid(), ${cardsUpdated.type}, ${cardsUpdated.version}::int, clock_timestamp(),
        ('{"cards":[' || string_agg(${cardSummaryJsonSql('look', 'rarity_score')}, ',' order by id) || ']}')::jsonb
      from looks
      group by (ord - 1) / ${CARDS_UPDATED_BATCH}::int
      returning 1
    ), rescored as (
      insert into ${outbox} (id, type, version, occurred_at, data)
      select gen_random_uuid(), ${cardsRescored.type}, ${cardsRescored.version}::int, clock_timestamp(),
        jsonb_build_object('ids', array_agg(id order by id), 'scores', array_agg(rarity_score order by id))
      from changed where not ranked
      group by (ord - 1) / ${CARDS_RESCORED_BATCH}::int
      returning 1
    )
    select (select count(*) from summaries)::int + (select count(*) from rescored)::int as events`);
  return result.rows[0]?.events ?? 0;
}
