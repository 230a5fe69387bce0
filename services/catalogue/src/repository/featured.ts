import type { FeaturedCard } from '@acg/contracts';
import type { StoredTexts } from '@acg/i18n';
import type { Database } from '@acg/platform';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { anime, animeCharacters, cards, characters, ranks, seasons } from '../db/schema';

/**
 * The cards home shows a visitor (issue 22 item 7): of the cards a drop could give on `day`
 * (every regular card, a limited one only while its season runs), each character's best card
 * (highest rank, limited before regular, then the higher rarity score, then the older card), and
 * of those the `max` best, in that order. So the row shows as many characters as cards, the rare
 * ones a visitor would want, never a card nobody can get any more.
 */
export async function findFeaturedCards(
  db: Database['db'],
  day: string,
  max: number,
): Promise<FeaturedCard[]> {
  const best = db
    .selectDistinctOn([cards.characterId], {
      id: cards.id,
      characterId: cards.characterId,
      limited: cards.limited,
      rarityScore: cards.rarityScore,
      rankOrder: ranks.sortOrder,
    })
    .from(cards)
    .innerJoin(ranks, eq(ranks.id, cards.rankId))
    .leftJoin(seasons, eq(seasons.id, cards.seasonId))
    .where(
      sql`(${cards.limited} = false or ${day}::date between ${seasons.startDate} and ${seasons.endDate})`,
    )
    .orderBy(
      asc(cards.characterId),
      desc(ranks.sortOrder),
      desc(cards.limited),
      desc(cards.rarityScore),
      asc(cards.id),
    )
    .as('best');
  // The character's first anime (by id): the series the card is from.
  const firstAnime = <T>(column: AnyPgColumn) => sql<T>`(
    select ${column} from ${animeCharacters}
    join ${anime} on ${anime.id} = ${animeCharacters.animeId}
    where ${animeCharacters.characterId} = ${best.characterId}
    order by ${anime.id} limit 1)`;
  const rows = await db
    .select({
      id: best.id,
      characterName: characters.name,
      characterNames: characters.names,
      animeTitle: firstAnime<string | null>(anime.title),
      animeTitles: sql<StoredTexts>`coalesce(${firstAnime<StoredTexts>(anime.titles)}, '{}'::jsonb)`,
      limited: best.limited,
      code: ranks.code,
      title: ranks.title,
      titles: ranks.titles,
      color: ranks.color,
      imageUrl: ranks.imageUrl,
    })
    .from(best)
    .innerJoin(cards, eq(cards.id, best.id))
    .innerJoin(characters, eq(characters.id, best.characterId))
    .innerJoin(ranks, eq(ranks.id, cards.rankId))
    .orderBy(desc(best.rankOrder), desc(best.limited), desc(best.rarityScore), asc(best.id))
    .limit(max);
  return rows.map(({ code, title, titles, color, imageUrl, ...card }) => ({
    ...card,
    Rank: { code, title, titles, color, imageUrl },
  }));
}
