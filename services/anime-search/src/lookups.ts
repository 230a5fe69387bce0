import type { Cache } from '@acg/platform';
import type { AnilistClient } from './sources/anilist';
import type { ShikimoriClient } from './sources/shikimori';

/** Cache namespaces (shown per namespace on the admin cache screen). */
export const NAMESPACES = { searches: 'searches', details: 'details', characters: 'characters' } as const;

/** The same search text whatever its case and spacing. */
export const searchKey = (q: string) => q.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

export interface LookupOptions {
  searchSeconds: number;
  detailSeconds: number;
}

/**
 * Every answer of the two sources, read through the cache: a search for the same text, an
 * anime or a character list asked again within its time is not asked of the source again
 * (by any replica, with Redis). Failures and "not found" are not cached.
 */
export function createLookups(
  cache: Cache,
  shikimori: ShikimoriClient,
  anilist: AnilistClient,
  opts: LookupOptions,
) {
  const searches = cache.namespace(NAMESPACES.searches);
  const details = cache.namespace(NAMESPACES.details);
  const characters = cache.namespace(NAMESPACES.characters);
  return {
    shikimoriSearch: (q: string) =>
      searches.wrap(`shikimori:${searchKey(q)}`, opts.searchSeconds, () => shikimori.searchAnime(q)),
    anilistSearch: (q: string) =>
      searches.wrap(`anilist:${searchKey(q)}`, opts.searchSeconds, () => anilist.searchAnime(q)),
    shikimoriAnime: (id: number) =>
      details.wrap(`shikimori:${id}`, opts.detailSeconds, () => shikimori.anime(id)),
    anilistAnime: (id: number) => details.wrap(`anilist:${id}`, opts.detailSeconds, () => anilist.anime(id)),
    anilistAnimeByMal: (malId: number) =>
      details.wrap(`anilist-mal:${malId}`, opts.detailSeconds, () => anilist.animeByMal(malId)),
    shikimoriCharacters: (animeId: number) =>
      characters.wrap(`shikimori-anime:${animeId}`, opts.detailSeconds, () => shikimori.characters(animeId)),
    shikimoriCharacter: (id: number) =>
      characters.wrap(`shikimori:${id}`, opts.detailSeconds, () => shikimori.character(id)),
    anilistCharacters: (animeId: number) =>
      characters.wrap(`anilist-anime:${animeId}`, opts.detailSeconds, () => anilist.characters(animeId)),
  };
}
export type Lookups = ReturnType<typeof createLookups>;
