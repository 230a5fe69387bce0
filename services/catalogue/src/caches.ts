import type { Cache, CacheNamespace } from '@acg/platform';

/**
 * The catalogue's hot lists live in the platform cache under these namespaces (the admin cache
 * screen shows them): ranks, the anime list and external id look-ups, character list pages, and
 * the anime card lists plus the draw pool's generation mark, and the season list. Every catalogue edit clears the
 * namespaces it affects (CatalogueEditor), so the TTLs only bound how long a change made
 * outside the editor (a seed, a manual SQL fix) can stay unseen.
 */
export const CATALOGUE_NAMESPACES = ['ranks', 'animes', 'characters', 'cards', 'seasons'] as const;
export type CatalogueNamespace = (typeof CATALOGUE_NAMESPACES)[number];

export const LIST_TTL_SECONDS = 600;
/** The anime and card counts of GET /api/stats (the users count beside it is auth's). */
export const STATS_COUNTS_KEY = 'anime-and-cards';

export interface CatalogueCaches {
  ranks: CacheNamespace;
  animes: CacheNamespace;
  characters: CacheNamespace;
  cards: CacheNamespace;
  seasons: CacheNamespace;
  /** The home counters (GET /api/stats). */
  stats: CacheNamespace;
  /**
   * Clears the given namespaces (all the catalogue's when none are named); 'stats' drops only
   * the catalogue's counts, keeping the last known users count the home page falls back on.
   */
  invalidate(...which: Array<CatalogueNamespace | 'stats'>): Promise<void>;
}

export function catalogueCaches(cache: Cache): CatalogueCaches {
  const namespaces = {
    ranks: cache.namespace('ranks'),
    animes: cache.namespace('animes'),
    characters: cache.namespace('characters'),
    cards: cache.namespace('cards'),
    seasons: cache.namespace('seasons'),
    stats: cache.namespace('stats'),
  };
  return {
    ...namespaces,
    async invalidate(...which) {
      const names = which.length > 0 ? [...new Set(which)] : [...CATALOGUE_NAMESPACES, 'stats' as const];
      await Promise.all(
        names.map((n) => (n === 'stats' ? namespaces.stats.delete(STATS_COUNTS_KEY) : namespaces[n].clear())),
      );
    },
  };
}
