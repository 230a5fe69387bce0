import { allNames, type Localized, searchKeys } from '@acg/i18n';
import type { Database } from '@acg/platform';
import { asc, inArray, isNull, sql } from 'drizzle-orm';
import { characters } from '../db/schema';

type Named = { name: string; altname?: string | null; names?: Localized | null };

/** What the characters search compares: the keys of every name a character has (rules §57). */
export const characterSearchKey = (c: Named): string => searchKeys(allNames(c.names, c.name, c.altname));

type Writer = Pick<Database['db'], 'select' | 'execute'>;

/** Recomputes the search key of these characters from their names (after an edit of them). */
export async function refreshSearchKeys(db: Writer, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select({
      id: characters.id,
      name: characters.name,
      altname: characters.altname,
      names: characters.names,
    })
    .from(characters)
    .where(inArray(characters.id, ids));
  if (rows.length === 0) return;
  // One statement for the whole batch: the ids and their keys as two parallel arrays.
  await db.execute(sql`
    update ${characters} set search_key = v.key
    from unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(rows.map(characterSearchKey))}::text[]) as v(id, key)
    where ${characters.id} = v.id`);
}

/** How many characters one pass of fillMissingSearchKeys computes. */
const FILL_BATCH = 1000;

/**
 * Computes the keys characters do not have yet (those written before keys existed), a batch at a
 * time, at start-up. Answers how many it filled. Until then such a character is found by its
 * primary and alternative name only (the search's fallback).
 */
export async function fillMissingSearchKeys(database: Database, maxBatches = 1000): Promise<number> {
  let filled = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const ids = await database.db
      .select({ id: characters.id })
      .from(characters)
      .where(isNull(characters.searchKey))
      .orderBy(asc(characters.id))
      .limit(FILL_BATCH);
    if (ids.length === 0) break;
    await database.transaction((tx) =>
      refreshSearchKeys(
        tx,
        ids.map((r) => r.id),
      ),
    );
    filled += ids.length;
  }
  return filled;
}
