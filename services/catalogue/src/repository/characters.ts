import type { Character, CharacterCard } from '@acg/contracts';
import { searchKey } from '@acg/i18n';
import { and, asc, count, eq, gt, type SQL, sql } from 'drizzle-orm';
import { animeCharacters, cards, characters, ranks } from '../db/schema';
import { type Executor, inIds } from './executor';

export interface CharacterFilter {
  animeId?: number;
  /** A rank's id: only characters having a card of that rank, and only those cards. */
  rankId?: number;
  /** Part of any name of the character, in any script, any case, accents ignored (rules §57). */
  q?: string;
}

export interface CharacterPage {
  limit?: number;
  /** Keyset paging: characters with an id above this one. */
  after?: number;
}

// Each filter is an index look-up per character: anime_characters' primary key
// (anime_id, character_id) and cards (character_id, rank_id).
function conditions(f: CharacterFilter): SQL[] {
  const where: SQL[] = [];
  if (f.animeId !== undefined)
    where.push(
      sql`exists (select 1 from ${animeCharacters} where ${animeCharacters.animeId} = ${f.animeId} and ${animeCharacters.characterId} = ${characters.id})`,
    );
  if (f.rankId !== undefined)
    where.push(
      sql`exists (select 1 from ${cards} where ${cards.characterId} = ${characters.id} and ${cards.rankId} = ${f.rankId})`,
    );
  const key = f.q ? searchKey(f.q) : undefined;
  // A search of punctuation only finds nothing (as the pages' own searches).
  if (key === '') where.push(sql`false`);
  else if (key !== undefined) {
    // Keys hold no spaces or punctuation, so no LIKE wildcard (% _ \) can be in one. A character
    // written before keys existed is compared by its lower-cased names until start-up fills it.
    const fallback = sql`lower(${characters.name} || '|' || coalesce(${characters.altname}, ''))`;
    where.push(sql`coalesce(${characters.searchKey}, ${fallback}) like ${`%${key}%`}`);
  }
  return where;
}

/**
 * Characters with their cards, in id order, each character's cards in id order: one query for
 * the characters and one for all their cards (not one per character). With a rank filter, only
 * characters having a card of that rank, and only those cards. `more` says whether a page with
 * a limit has characters after it (one extra row is read to know).
 */
export async function findCharacters(
  db: Executor,
  f: CharacterFilter & CharacterPage,
): Promise<{ characters: Character[]; more: boolean }> {
  const where = conditions(f);
  if (f.after !== undefined) where.push(gt(characters.id, f.after));
  const query = db
    .select({
      id: characters.id,
      name: characters.name,
      altname: characters.altname,
      description: characters.description,
      names: characters.names,
      descriptions: characters.descriptions,
      imageUrl: characters.imageUrl,
      shikimoriId: characters.shikimoriId,
      anilistId: characters.anilistId,
    })
    .from(characters)
    .where(and(...where))
    .orderBy(asc(characters.id));
  const read = f.limit === undefined ? await query : await query.limit(f.limit + 1);
  const more = f.limit !== undefined && read.length > f.limit;
  const rows = more ? read.slice(0, f.limit) : read;
  if (rows.length === 0) return { characters: [], more };

  const cardRows = await db
    .select({
      id: cards.id,
      characterId: cards.characterId,
      imageUrl: cards.imageUrl,
      limited: cards.limited,
      seasonId: cards.seasonId,
      code: ranks.code,
      title: ranks.title,
      titles: ranks.titles,
      color: ranks.color,
      rankImageUrl: ranks.imageUrl,
    })
    .from(cards)
    .innerJoin(ranks, eq(ranks.id, cards.rankId))
    .where(
      and(
        inIds(
          cards.characterId,
          rows.map((r) => r.id),
        ),
        f.rankId === undefined ? undefined : eq(cards.rankId, f.rankId),
      ),
    )
    .orderBy(asc(cards.id));
  const byCharacter = new Map<number, CharacterCard[]>();
  for (const c of cardRows) {
    const list = byCharacter.get(c.characterId) ?? [];
    if (list.length === 0) byCharacter.set(c.characterId, list);
    list.push({
      id: c.id,
      imageUrl: c.imageUrl,
      limited: c.limited,
      seasonId: c.seasonId,
      Rank: { code: c.code, title: c.title, titles: c.titles, color: c.color, imageUrl: c.rankImageUrl },
    });
  }
  return { characters: rows.map((r) => ({ ...r, Cards: byCharacter.get(r.id) ?? [] })), more };
}

/** How many characters the filter matches (all pages). */
export async function countCharacters(db: Executor, f: CharacterFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(characters)
    .where(and(...conditions(f)));
  return row?.n ?? 0;
}
