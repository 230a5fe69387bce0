import { catalogueCacheCleanup, catalogueCacheClear, catalogueCacheStats } from '@acg/contracts';
import type { Bus, Cache, Subscription } from '@acg/platform';
import { CATALOGUE_NAMESPACES } from '../../caches';

/**
 * The catalogue's side of the cache administration (requirements O2.8): the admin service asks over
 * the bus for the figures of the namespaces the screen shows (cards, characters, ranks,
 * seasons, animes) with the per-user figures, and to clear or clean them. `cache` is the
 * catalogue's own scope of the platform cache.
 */
export const SHOWN_NAMESPACES = ['cards', 'characters', 'ranks', 'seasons', 'animes'] as const;

export function serveCacheAdministration(bus: Bus, cache: Cache): Subscription[] {
  return [
    bus.serve(catalogueCacheStats, async () => {
      const [all, users] = await Promise.all([cache.stats(), cache.userStats()]);
      const namespaces = SHOWN_NAMESPACES.map(
        (name) => all.find((s) => s.name === name) ?? { name, keys: 0, hits: 0, misses: 0, hit_rate: 0 },
      );
      return { namespaces, users };
    }),
    bus.serve(catalogueCacheClear, async () => {
      // Every namespace of the catalogue's scope (its home counts too), with its figures.
      const before = await cache.stats();
      await cache.clear({ resetStats: true });
      const names = [...new Set([...CATALOGUE_NAMESPACES, ...before.map((s) => s.name)])].sort();
      return { namespaces: names, keysRemoved: before.reduce((sum, s) => sum + s.keys, 0) };
    }),
    bus.serve(catalogueCacheCleanup, () => cache.cleanup()),
  ];
}
