import { randomBytes } from 'node:crypto';
import { type Cache, connectRedisCache, createMemoryCache } from '@acg/platform';

/**
 * The caches tests run against: in-memory always, Redis too when REDIS_URL is set (under a
 * prefix unique to the run; clear it before closing).
 */
export function cacheImplementations(): Array<{ name: string; open: () => Promise<Cache> }> {
  const redisUrl = process.env.REDIS_URL;
  return [
    { name: 'memory cache', open: async () => createMemoryCache() },
    ...(redisUrl
      ? [
          {
            name: 'redis cache',
            open: () =>
              connectRedisCache({ url: redisUrl, prefix: `acgtest-img-${randomBytes(6).toString('hex')}` }),
          },
        ]
      : []),
  ];
}
