import type { ServerCacheStats } from '@acg/contracts';

type NamespaceFigures = ServerCacheStats['namespaces'][number];

/** hits / (hits + misses), 0 without reads, 4 decimals (as each namespace's hit_rate). */
const rate = (hits: number, misses: number) =>
  hits + misses === 0 ? 0 : Math.round((hits / (hits + misses)) * 10_000) / 10_000;

/** The server cache stats of requirements O3: totals over the namespaces, the per-user figures, each namespace. */
export function summarize(
  namespaces: NamespaceFigures[],
  users: { users_tracked: number; avg_user_hit_rate: number } | undefined,
): ServerCacheStats {
  const keys = namespaces.reduce((sum, n) => sum + n.keys, 0);
  const hits = namespaces.reduce((sum, n) => sum + n.hits, 0);
  const misses = namespaces.reduce((sum, n) => sum + n.misses, 0);
  return {
    keys,
    hits,
    misses,
    hit_rate: rate(hits, misses),
    avg_user_hit_rate: users?.avg_user_hit_rate ?? 0,
    users_tracked: users?.users_tracked ?? 0,
    namespaces,
  };
}
