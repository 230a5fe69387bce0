import type { CacheNamespace, Logger } from '@acg/platform';

/**
 * The cache of drawn images as the image services use it: a failing cache is a miss on read and
 * an unkept copy on write, logged as `<what> cache unreadable` / `not written`, never an error
 * (the image is still drawn and served).
 */
export function imageCache(cache: CacheNamespace, logger: Logger, what: string) {
  return {
    async read(key: string): Promise<Buffer | undefined> {
      try {
        return await cache.getBuffer(key);
      } catch (err) {
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
