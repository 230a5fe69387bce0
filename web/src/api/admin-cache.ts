import type { ServerCacheStats } from '@acg/contracts';
import { request } from './client';

export type { ServerCacheStats };

/** GET /api/admin/cache/stats (sent with credentials, requirements O6). */
export const getServerCacheStats = async (signal?: AbortSignal): Promise<ServerCacheStats> =>
  (await request('GET /api/admin/cache/stats', undefined, signal)).application_cache;

/** POST /api/admin/cache/clear: every namespace emptied, its figures reset. */
export const clearServerCache = () => request('POST /api/admin/cache/clear', { body: {} });

/** POST /api/admin/cache/cleanup: expired entries removed, idle users' figures forgotten. */
export const cleanupServerCache = () => request('POST /api/admin/cache/cleanup', { body: {} });

/** The cache test's picture (requirements O7): a fresh text each run, so no cache in between answers it. */
export const testImageUrl = (text: string) =>
  `/api/test-image?width=320&height=120&text=${encodeURIComponent(text)}`;
