import { CARDS_UPDATED_BATCH, cardsUpdated } from '@acg/contracts';
import type { Tx } from '@acg/platform';
import { sql } from 'drizzle-orm';
import { cards, characters, outbox, ranks, rarityHistory } from '../db/schema';
import { cardLookJsonSql, cardSummaryJsonSql } from './cards';

/** A card a rarity run changes: its new score, its new rank, or both (null = unchanged). */
export interface RarityChange {
  id: number;
  score: number | null;
  rankId: number | null;
}

/**
 * Writes a rarity run's changes in the caller's transaction, in one statement (rules §37): the
 * new scores and ranks (from three array parameters), a history row for every card whose score
 * changed, and the changed cards' summaries as cards.updated events of up to
 * CARDS_UPDATED_BATCH summaries each, built in the database from the updated rows (nothing is
 * read back into the service; 80,000 summaries read back and sent again took ~2 s). Cards gone
 * since the run read them are left out. Call it in a transaction (it sets transaction-local
 * settings). Returns how many events were written.
 */
export async function writeRarityChanges(
  tx: Pick<Tx, 'execute'>,
  changes: readonly RarityChange[],
): Promise<number> {
  if (changes.length === 0) return 0;
  const sorted = [...changes].sort((a, b) => a.id - b.id);
  // For this transaction only: the statement's estimates over 80,000-element arrays would have it
  // JIT-compiled, which costs more than it saves; its sort and string aggregates need memory; and
  // the events' 150 KB payloads are compressed with lz4 where the server has it (pglz took
  // ~0.1 s for 80,000 summaries, lz4 a tenth of that; reading them back is transparent).
  await tx.execute(sql`
    select set_config('jit', 'off', true), set_config('work_mem', '64MB', true),
      (select set_config('default_toast_compression', 'lz4', true) from pg_settings
        where name = 'default_toast_compression' and 'lz4' = any(enumvals))`);
  const result = await tx.execute(sql`
    with v as (
      select * from unnest(
        ${sql.param(sorted.map((c) => c.id))}::int[],
        ${sql.param(sorted.map((c) => c.score))}::float8[],
        ${sql.param(sorted.map((c) => c.rankId))}::int[]
      ) with ordinality as v(id, score, rank_id, ord)
    ), changed as (
      update ${cards} as c
      set rarity_score = coalesce(v.score, c.rarity_score), rank_id = coalesce(v.rank_id, c.rank_id)
      from v where c.id = v.id
      returning c.id, c.character_id, c.rank_id, c.season_id, c.limited, c.image_url, c.rarity_score,
        v.ord, v.score is not null as scored
    ), history as (
      insert into ${rarityHistory} (card_id, score) select id, rarity_score from changed where scored
    ), looks as materialized (
      select c.id, c.ord, c.rarity_score, ${cardLookJsonSql('c', 'ch', 'r')} as look
      from changed c
      join ${characters} ch on ch.id = c.character_id
      join ${ranks} r on r.id = c.rank_id
    )
    insert into ${outbox} (id, type, version, occurred_at, data)
    select gen_random_uuid(), ${cardsUpdated.type}, ${cardsUpdated.version}::int, clock_timestamp(),
      ('{"cards":[' || string_agg(${cardSummaryJsonSql('look', 'rarity_score')}, ',' order by id) || ']}')::jsonb
    from looks
    group by (ord - 1) / ${CARDS_UPDATED_BATCH}::int`);
  return result.rowCount ?? 0;
}
