import type { CacheNamespace, Logger } from '@acg/platform';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/**
 * A count that takes longer than this fails (the request then passes, `skipOnError`), so a slow
 * or unreachable Redis never holds requests up.
 */
const COUNT_TIMEOUT_MS = 500;

/**
 * @fastify/rate-limit's store over a namespace of the gateway's cache: each count is the cache's
 * atomic increment with TTL (a fixed window), so every gateway replica sharing Redis shares the
 * limits, and the embedded mode counts in the memory cache. The plugin's own options
 * (continueExceeding, exponentialBackoff) are not used by the gateway and not supported here.
 */
export function cacheRateLimitStore(counters: CacheNamespace, logger: Logger): FastifyRateLimitStoreCtor {
  let failing = false;

  class CacheRateLimitStore implements FastifyRateLimitStore {
    /** Route-level limits count apart from the limiters made with createRateLimit. */
    constructor(
      _options?: unknown,
      private readonly keyPrefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      withTimeout(counters.increment(`${this.keyPrefix}${key}`, timeWindow / 1000), COUNT_TIMEOUT_MS).then(
        ({ value, ttlSeconds }) => {
          if (failing) logger.info('rate-limit counters reachable again');
          failing = false;
          callback(null, { current: value, ttl: Math.ceil(ttlSeconds * 1000) });
        },
        (err: Error) => {
          if (!failing) logger.warn({ err }, 'rate-limit counters unavailable; requests are not limited');
          failing = true;
          callback(err);
        },
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return route?.url ? new CacheRateLimitStore(undefined, `${route.method}${route.url}-`) : this;
    }
  }
  return CacheRateLimitStore;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`rate-limit count took over ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
