import * as z from 'zod/mini';
import { getJson, postJson } from './http';

/** The server cache figures (spec 3 §3 "Server cache stats"), as GET /api/admin/cache/stats gives them. */
const namespaceSchema = z.object({
  name: z.string(),
  keys: z.number(),
  hits: z.number(),
  misses: z.number(),
  hit_rate: z.number(),
});
const serverStatsSchema = z.object({
  keys: z.number(),
  hits: z.number(),
  misses: z.number(),
  hit_rate: z.number(),
  avg_user_hit_rate: z.number(),
  users_tracked: z.number(),
  namespaces: z.array(namespaceSchema),
});
export type ServerCacheStats = z.infer<typeof serverStatsSchema>;

/** GET /api/admin/cache/stats (sent with credentials, spec 3 §6). */
export const getServerCacheStats = async (signal?: AbortSignal): Promise<ServerCacheStats> =>
  (await getJson('/api/admin/cache/stats', z.object({ application_cache: serverStatsSchema }), signal))
    .application_cache;

/** POST /api/admin/cache/clear: every namespace emptied, its figures reset. */
export const clearServerCache = () =>
  postJson(
    '/api/admin/cache/clear',
    {},
    z.object({ keysRemoved: z.number(), namespaces: z.array(z.string()) }),
  );

/** POST /api/admin/cache/cleanup: expired entries removed, idle users' figures forgotten. */
export const cleanupServerCache = () =>
  postJson(
    '/api/admin/cache/cleanup',
    {},
    z.object({ expiredRemoved: z.number(), usersForgotten: z.number() }),
  );

/** The cache test's picture (spec 3 §7): a fresh text each run, so no cache in between answers it. */
export const testImageUrl = (text: string) =>
  `/api/test-image?width=320&height=120&text=${encodeURIComponent(text)}`;
