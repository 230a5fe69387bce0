import type { CardSummary } from '@acg/contracts';
import type { Database } from '@acg/platform';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { cards, characters, ranks } from '../db/schema';
import { cardVersion } from '../domain/card-version';

const summaryColumns = {
  id: cards.id,
  characterId: cards.characterId,
  characterName: characters.name,
  characterAltname: characters.altname,
  characterImageUrl: characters.imageUrl,
  rankCode: ranks.code,
  rankTitle: ranks.title,
  rankColor: ranks.color,
  rankImageUrl: ranks.imageUrl,
  rankOrder: ranks.sortOrder,
  seasonId: cards.seasonId,
  limited: cards.limited,
  imageUrl: cards.imageUrl,
  rarityScore: cards.rarityScore,
};

type Executor = Pick<Database['db'], 'select'>;

const withVersion = (row: Omit<CardSummary, 'version'>): CardSummary => ({
  ...row,
  version: cardVersion(row),
});

/** Card summaries by id (unknown ids are left out), in id order. */
export async function findCardSummaries(db: Executor, ids: number[]): Promise<CardSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(summaryColumns)
    .from(cards)
    .innerJoin(characters, eq(characters.id, cards.characterId))
    .innerJoin(ranks, eq(ranks.id, cards.rankId))
    .where(inArray(cards.id, ids))
    .orderBy(asc(cards.id));
  return rows.map(withVersion);
}

/** Ids of the cards that may be drawn at `at`, per rank code (limited ones only in season). */
export async function drawableCardIdsByRank(db: Executor, at: string): Promise<Map<string, number[]>> {
  const rows = await db
    .select({ id: cards.id, code: ranks.code })
    .from(cards)
    .innerJoin(ranks, eq(ranks.id, cards.rankId))
    .where(
      sql`(${cards.limited} = false or exists (select 1 from catalogue.seasons s where s.id = ${cards.seasonId} and ${at}::date between s.start_date and s.end_date))`,
    )
    .orderBy(asc(cards.id));
  const byRank = new Map<string, number[]>();
  for (const row of rows) {
    const list = byRank.get(row.code) ?? [];
    list.push(row.id);
    byRank.set(row.code, list);
  }
  return byRank;
}

/** Cards of the characters of one catalogue anime, with their rank (anime cards list). */
export async function findAnimeCards(db: Executor, animeId: number) {
  return db
    .select({ ...summaryColumns })
    .from(cards)
    .innerJoin(characters, eq(characters.id, cards.characterId))
    .innerJoin(ranks, eq(ranks.id, cards.rankId))
    .where(
      and(
        sql`exists (select 1 from catalogue.anime_characters ac where ac.character_id = ${cards.characterId} and ac.anime_id = ${animeId})`,
      ),
    )
    .orderBy(asc(ranks.sortOrder), asc(cards.id));
}
