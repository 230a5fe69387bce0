import type { AnimeExternalId } from '@acg/contracts';
import { and, asc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import { anime } from '../db/schema';
import type { Executor } from './executor';

/** The anime filter list, by title, with each anime's titles and how many cards its characters have. */
export function listAnime(db: Executor) {
  return db
    .select({
      id: anime.id,
      title: anime.title,
      shikimoriId: anime.shikimoriId,
      anilistId: anime.anilistId,
      titles: anime.titles,
      // Written out: inside a select list the builder leaves column names unqualified.
      cardCount: sql<number>`(select count(*) from catalogue.cards c join catalogue.anime_characters ac on ac.character_id = c.character_id where ac.anime_id = catalogue.anime.id)::int`,
    })
    .from(anime)
    .orderBy(asc(anime.title), asc(anime.id));
}

/** The catalogue anime carrying an external id (see parseAnimeExternalId), or null. */
export async function findAnimeIdByExternalId(
  db: Executor,
  external: AnimeExternalId,
): Promise<number | null> {
  const byAnilist = async () =>
    (await db.select({ id: anime.id }).from(anime).where(eq(anime.anilistId, external.id)))[0]?.id ?? null;
  if (external.service === 'anilist') return byAnilist();
  const [shikimori] = await db.select({ id: anime.id }).from(anime).where(eq(anime.shikimoriId, external.id));
  return shikimori?.id ?? byAnilist();
}

/** A page of the anime with a Shikimori or AniList id, in id order after `afterId`. */
export function animeExternalIds(db: Executor, afterId: number, limit: number) {
  return db
    .select({ id: anime.id, shikimoriId: anime.shikimoriId, anilistId: anime.anilistId })
    .from(anime)
    .where(and(gt(anime.id, afterId), or(isNotNull(anime.shikimoriId), isNotNull(anime.anilistId))))
    .orderBy(asc(anime.id))
    .limit(limit);
}
