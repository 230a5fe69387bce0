import { catalogueCacheCleanup, catalogueCacheClear, catalogueCacheStats } from '@acg/contracts';
import { asCacheReader, createLogger, createMemoryBus, createMemoryCache } from '@acg/platform';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { catalogueCaches } from '../../caches';
import { serveCacheAdministration } from './cache-admin';

const logger = createLogger('cache-admin-test', 'silent');
const bus = createMemoryBus({ logger });
const root = createMemoryCache();
const cache = root.prefixed('catalogue');
const caches = catalogueCaches(cache);
const subscriptions = serveCacheAdministration(bus, cache);
afterAll(async () => {
  for (const s of subscriptions) await s.stop();
  await bus.drain();
});

describe('the catalogue cache administration over the bus', () => {
  it('gives the five namespaces in the screen order, with the per-user figures', async () => {
    await asCacheReader(1, async () => {
      await caches.ranks.wrap('all', 60, async () => ['E']);
      await caches.ranks.wrap('all', 60, async () => ['E']);
    });
    await asCacheReader(2, () => caches.characters.wrap('page', 60, async () => []));
    // The per-user figures are counted after each read returns: ask until both users are in.
    const { namespaces, users } = await vi.waitFor(async () => {
      const stats = await bus.request(catalogueCacheStats, {});
      expect(stats.users?.users_tracked).toBe(2);
      return stats;
    });
    expect(namespaces.map((n) => n.name)).toEqual(['cards', 'characters', 'ranks', 'seasons', 'animes']);
    expect(namespaces.find((n) => n.name === 'ranks')).toMatchObject({ keys: 1, hits: 1, misses: 1 });
    // User 1: one miss, one hit (0.5); user 2: one miss (0).
    expect(users).toEqual({ users_tracked: 2, avg_user_hit_rate: 0.25 });
  });

  it('clears every namespace with its figures, and cleans up', async () => {
    const cleared = await bus.request(catalogueCacheClear, {});
    expect(cleared.keysRemoved).toBe(2);
    expect(cleared.namespaces).toEqual(
      expect.arrayContaining(['cards', 'characters', 'ranks', 'seasons', 'animes']),
    );
    const { namespaces, users } = await bus.request(catalogueCacheStats, {});
    expect(namespaces.every((n) => n.keys === 0 && n.hits === 0 && n.misses === 0)).toBe(true);
    expect(users).toEqual({ users_tracked: 0, avg_user_hit_rate: 0 });
    expect(await bus.request(catalogueCacheCleanup, {})).toEqual({ expiredRemoved: 0, usersForgotten: 0 });
  });
});
