import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is reading the cache: the signed-in user of the request being served, so each namespace
 * read also counts towards that user's hit rate (the admin cache screen's avg_user_hit_rate and
 * users_tracked, requirements O3). The HTTP server runs every request as its user's reads.
 */
const readers = new AsyncLocalStorage<number | undefined>();

/** Runs `fn` with cache reads counted for `userId` (none for an anonymous visitor). */
export function asCacheReader<T>(userId: number | null, fn: () => T): T {
  return readers.run(userId ?? undefined, fn);
}

/** The user the current cache read counts for, if any. */
export const currentCacheReader = (): number | undefined => readers.getStore();
