import type { Logger } from '../logger';
import { createMemoryCache } from './memory';
import { connectRedisCache } from './redis';
import type { Cache } from './types';

export { createMemoryCache, type MemoryCacheOptions } from './memory';
export { asCacheReader, currentCacheReader } from './reader';
export { connectRedisCache, type RedisCacheOptions } from './redis';
export type * from './types';

/** Redis when a URL is configured (distributed mode), else the in-memory cache (embedded mode). */
export async function connectCache(
  opts: { redisUrl?: string; prefix?: string; logger?: Logger; service?: string } = {},
): Promise<Cache> {
  if (opts.redisUrl)
    return connectRedisCache({
      url: opts.redisUrl,
      prefix: opts.prefix,
      logger: opts.logger,
      service: opts.service,
    });
  return createMemoryCache();
}
