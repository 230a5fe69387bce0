import { type CacheNamespace, type Logger, serviceCounter } from '@acg/platform';

/**
 * Reads of the drawn images' cache by outcome (hit, miss, error), per cache (`card image`,
 * `proxied image`), on the image proxy's /metrics (issue 26). One counter for the process: the
 * image proxy runs once in it.
 */
export const imageCacheReads = serviceCounter({
  name: 'acg_image_cache_reads_total',
  help: 'Reads of the drawn images cache, by cache and result (hit, miss, error)',
  labelNames: ['cache', 'result'] as const,
});

/**
 * The cache of drawn images as the image services use it: a failing cache is a miss on read and
 * an unkept copy on write, logged as `<what> cache unreadable` / `not written`, never an error
 * (the image is still drawn and served).
 */
export function imageCache(cache: CacheNamespace, logger: Logger, what: string) {
  return {
    async read(key: string): Promise<Buffer | undefined> {
      try {
        const found = await cache.getBuffer(key);
        imageCacheReads.inc({ cache: what, result: found ? 'hit' : 'miss' });
        return found;
      } catch (err) {
        imageCacheReads.inc({ cache: what, result: 'error' });
        logger.warn({ err }, `${what} cache unreadable`);
        return undefined;
      }
    },
    async keep(key: string, image: Buffer, ttlSeconds: number): Promise<void> {
      try {
        await cache.setBuffer(key, image, ttlSeconds);
      } catch (err) {
        logger.warn({ err }, `${what} cache not written`);
      }
    },
  };
}
