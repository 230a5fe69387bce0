import type { Character, CharacterCard } from '@acg/contracts';
import type { Database } from '@acg/platform';
import { and, asc, count, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { anime, cards, characters, ranks } from '../db/schema';

type Executor = Pick<Database['db'], 'select'>;

export function listRanks(db: Executor) {
  return db
    .select({
      id: ranks.id,
      code: ranks.code,
      title: ranks.title,
      color: ranks.color,
      imageUrl: ranks.imageUrl,
      threshold: ranks.threshold,
      sortOrder: ranks.sortOrder,
    })
    .from(ranks)
    .orderBy(asc(ranks.sortOrder), asc(ranks.id));
}

export function listAnime(db: Executor) {
  return db
    .select({ id: anime.id, title: anime.title, shikimoriId: anime.shikimoriId, anilistId: anime.anilistId })
    .from(anime)
    .orderBy(asc(anime.title), asc(anime.id));
}

/**
 * The catalogue anime behind an external id from the anime pages: `al-<n>` is an AniList id; a
 * number is a Shikimori id, else (no Shikimori match) an AniList id.
 */
export async function findAnimeByExternalId(db: Executor, externalId: string): Promise<number | undefined> {
  const anilist = /^al-(\d{1,9})$/.exec(externalId);
  if (anilist) {
    const [row] = await db
      .select({ id: anime.id })
      .from(anime)
      .where(eq(anime.anilistId, Number(anilist[1])));
    return row?.id;
  }
  if (!/^\d{1,9}$/.test(externalId)) return undefined;
  const n = Number(externalId);
  const rows = await db
    .select({ id: anime.id, shikimoriId: anime.shikimoriId })
    .from(anime)
    .where(or(eq(anime.shikimoriId, n), eq(anime.anilistId, n)));
  return (rows.find((r) => r.shikimoriId === n) ?? rows[0])?.id;
}

export interface CharacterFilter {
  animeId?: number;
  rankCode?: string;
  q?: string;
}

function characterConditions(f: CharacterFilter): SQL[] {
  const where: SQL[] = [];
  if (f.animeId !== undefined) {
    where.push(
      sql`exists (select 1 from catalogue.anime_characters ac where ac.character_id = ${characters.id} and ac.anime_id = ${f.animeId})`,
    );
  }
  if (f.rankCode !== undefined) {
    where.push(
      sql`exists (select 1 from catalogue.cards k join catalogue.ranks r on r.id = k.rank_id where k.character_id = ${characters.id} and r.code = ${f.rankCode})`,
    );
  }
  if (f.q) where.push(ilike(characters.name, `%${f.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  return where;
}

/**
 * Characters with their cards (two queries, no N+1). With a rank filter, only characters having
 * a card of that rank, and only those cards. `limit`/`after` give one keyset page by id.
 */
export async function findCharacters(
  db: Executor,
  f: CharacterFilter & { limit?: number; after?: number },
): Promise<Character[]> {
  const where = characterConditions(f);
  if (f.after !== undefined) where.push(gt(characters.id, f.after));
  const query = db
    .select({
      id: characters.id,
      name: characters.name,
      altname: characters.altname,
      description: characters.description,
      imageUrl: characters.imageUrl,
      shikimoriId: characters.shikimoriId,
      anilistId: characters.anilistId,
    })
    .from(characters)
    .where(and(...where))
    .orderBy(asc(characters.id));
  const rows = f.limit === undefined ? await query : await query.limit(f.limit);
  if (rows.length === 0) return [];

  const cardWhere: SQL[] = [
    inArray(
      cards.characterId,
      rows.map((r) => r.id),
    ),
  ];
  if (f.rankCode !== undefined) cardWhere.push(eq(ranks.code, f.rankCode));
  const cardRows = await db
    .select({
      id: cards.id,
      characterId: cards.characterId,
      imageUrl: cards.imageUrl,
      limited: cards.limited,
      seasonId: cards.seasonId,
      code: ranks.code,
      title: ranks.title,
      color: ranks.color,
      rankImageUrl: ranks.imageUrl,
    })
    .from(cards)
    .innerJoin(ranks, eq(ranks.id, cards.rankId))
    .where(and(...cardWhere))
    .orderBy(asc(cards.id));
  const byCharacter = new Map<number, CharacterCard[]>();
  for (const c of cardRows) {
    const list = byCharacter.get(c.characterId) ?? [];
    list.push({
      id: c.id,
      imageUrl: c.imageUrl,
      limited: c.limited,
      seasonId: c.seasonId,
      Rank: { code: c.code, title: c.title, color: c.color, imageUrl: c.rankImageUrl },
    });
    byCharacter.set(c.characterId, list);
  }
  return rows.map((r) => ({ ...r, Cards: byCharacter.get(r.id) ?? [] }));
}

export async function countCharacters(db: Executor, f: CharacterFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(characters)
    .where(and(...characterConditions(f)));
  return row?.n ?? 0;
}
