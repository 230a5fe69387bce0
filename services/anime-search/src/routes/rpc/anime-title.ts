import { type AnimeSource, animeSourceTitle } from '@acg/contracts';
import type { Bus, Logger, Subscription } from '@acg/platform';
import type { AnimeSearchContext } from '../../context';
import {
  type IndexedAnilist,
  type IndexedShikimori,
  indexedAnilist,
  indexedShikimori,
} from '../../index/records';
import type { IndexedAnime } from '../../index/repository';
import { sourceFailure } from '../errors';

/** The title a site's record goes by: Shikimori's Russian title, else its name; AniList's English, romaji, native. */
export const shikimoriTitle = (s: IndexedShikimori) => s.russian ?? s.name;
export const anilistTitle = (a: IndexedAnilist) => a.english ?? a.romaji ?? a.native ?? `#${a.id}`;

function titleIn(source: AnimeSource, indexed: IndexedAnime | undefined): string | null {
  if (source === 'shikimori') return indexed?.shikimori ? shikimoriTitle(indexed.shikimori) : null;
  return indexed?.anilist ? anilistTitle(indexed.anilist) : null;
}

/** The site's record of the anime now, kept in the index (a failure to keep it does not fail the answer). */
async function askSite(ctx: AnimeSearchContext, logger: Logger, source: AnimeSource, id: number) {
  const keep = (write: Promise<void>) =>
    write.catch((err) => logger.warn({ err }, 'anime title not kept in the index'));
  if (source === 'shikimori') {
    const record = indexedShikimori(await ctx.lookups.shikimoriAnime(id), ctx.shikimori.absolute);
    await keep(ctx.index.addShikimori([record], true));
    return shikimoriTitle(record);
  }
  const record = indexedAnilist(await ctx.lookups.anilistAnime(id), true);
  await keep(ctx.index.addAnilist([record], true));
  return anilistTitle(record);
}

/**
 * `anime-search.anime.title` (issue 28): the catalogue's quick add by a site's id alone takes its
 * title from here. The anime index answers when it holds the site's record; else the site is
 * asked. Failures in the caller's language: unknown id 404, a site down 503, a spent budget 429.
 */
export function serveAnimeTitles(bus: Bus, ctx: AnimeSearchContext, logger: Logger): Subscription[] {
  return [
    bus.serve(animeSourceTitle, async ({ source, id, language = 'en' }) => {
      const known = titleIn(source, await ctx.index.byPageId({ service: source, id }));
      if (known) return { title: known };
      try {
        return { title: await askSite(ctx, logger, source, id) };
      } catch (err) {
        throw sourceFailure(source, err, language);
      }
    }),
  ];
}
