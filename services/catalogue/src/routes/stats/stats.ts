import { homeStatsSchema, usersCount } from '@acg/contracts';
import type { Bus, CacheNamespace, Database, HttpServer } from '@acg/platform';
import { STATS_COUNTS_KEY } from '../../caches';
import { countAnimeAndCards } from '../../repository/counts';

interface StatsDeps {
  database: Database;
  bus: Bus;
  cache: CacheNamespace;
  cacheSeconds: number;
}

/**
 * GET /api/stats — users are counted by auth (asked over the bus), anime and cards here.
 * The users count is cached briefly, and the last known count is kept so the home page still
 * shows counters while auth is restarting; with no count known at all, the call fails with 503.
 */
export function registerStatsRoutes(app: HttpServer, deps: StatsDeps): void {
  app.get('/api/stats', { schema: { response: { 200: homeStatsSchema } } }, async (req) => {
    const [users, local] = await Promise.all([
      usersCountWithFallback(deps, req.id),
      // Counting 60,000 cards on every home page view is wasteful; a few seconds old is fine
      // (and catalogue edits drop the cached counts at once).
      deps.cache.wrap(STATS_COUNTS_KEY, deps.cacheSeconds, () => countAnimeAndCards(deps.database)),
    ]);
    return { users, ...local };
  });
}

async function usersCountWithFallback(deps: StatsDeps, requestId: string): Promise<number> {
  const fresh = await deps.cache.get<number>('users');
  if (fresh !== undefined) return fresh;
  try {
    const { count } = await deps.bus.request(usersCount, {}, { requestId, timeoutMs: 800 });
    await deps.cache.set('users', count, deps.cacheSeconds);
    await deps.cache.set('users:last-known', count);
    return count;
  } catch (err) {
    const lastKnown = await deps.cache.get<number>('users:last-known');
    if (lastKnown !== undefined) return lastKnown;
    throw err;
  }
}
