import type { CacheNamespace, Logger } from '@acg/platform';
import { LRUCache } from 'lru-cache';

/**
 * A count that takes longer than this fails (the request then passes, `skipOnError`), so a slow
 * or unreachable Redis never holds requests up.
 */
const COUNT_TIMEOUT_MS = 500;
/** Clients whose window this process remembers (least recently seen forgotten first). */
const TRACKED_KEYS = 100_000;

/** What this process knows of one key's shared counter. */
interface Tally {
  /** The shared count as the store last answered it (this window). */
  known: number;
  /** Requests counted here and not yet added to the shared counter. */
  pending: number;
  /** When the shared window ends (ms since the epoch, from the store's TTL). */
  resetAt: number;
  /** The window's length, for the batch that adds `pending`. */
  windowMs: number;
}

/** The count of a key in its window (this request included) and the ms left in that window. */
export type CountCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The rate limits' counters over a namespace of the gateway's cache (rules §43): each key is a
 * fixed-window counter in the cache (Redis when set, so every gateway replica shares the limits;
 * the memory cache in the embedded mode).
 *
 * A request far from its limit is decided here without waiting for the cache: while what this
 * process knows of the shared count, plus what it counted since, stays below half the limit, the
 * request is counted locally and the counts of all such requests are added to the shared
 * counter once per event-loop turn (one `increment(key, ttl, n)` per key). Near the limit (or
 * for a key this process has not seen in this window) every request waits for the shared
 * counter, so the limit itself is exact across replicas. `count` answers through its callback,
 * at once when decided locally (the request then costs no promise).
 */
export function cacheRateLimitStore(counters: CacheNamespace, logger: Logger) {
  let failing = false;
  const tallies = new LRUCache<string, Tally>({ max: TRACKED_KEYS });

  const learn = (key: string, value: number, ttlSeconds: number, windowMs: number) => {
    const now = Date.now();
    const tally = tallies.get(key);
    // The first answer of a window (or after the last one ended) starts over; within one window
    // counts only grow (answers to concurrent additions may arrive out of order).
    if (!tally || now >= tally.resetAt)
      tallies.set(key, { known: value, pending: 0, resetAt: now + ttlSeconds * 1000, windowMs });
    else tally.known = Math.max(tally.known, value);
    if (failing) logger.info('rate-limit counters reachable again');
    failing = false;
  };
  const fail = (err: Error) => {
    if (!failing) logger.warn({ err }, 'rate-limit counters unavailable; requests are not limited');
    failing = true;
  };
  /** Adds `by` to the shared counter; the answer updates what this process knows. */
  const add = (key: string, windowMs: number, by: number) =>
    withTimeout(counters.increment(key, windowMs / 1000, by), COUNT_TIMEOUT_MS).then(
      ({ value, ttlSeconds }) => {
        learn(key, value, ttlSeconds, windowMs);
        return { value, ttlSeconds };
      },
    );

  /** Keys with counts granted here since the last batch. */
  const unsent = new Set<string>();
  const flush = () => {
    for (const key of unsent) {
      const tally = tallies.get(key);
      if (!tally || tally.pending === 0) continue;
      const by = tally.pending;
      tally.pending = 0;
      // The counts are already granted; a failure only loses them from the shared total.
      add(key, tally.windowMs, by).catch(fail);
    }
    unsent.clear();
  };

  return {
    /** Counts one request of `name` against `max` in windows of `timeWindow` ms. */
    count(name: string, callback: CountCallback, timeWindow: number, max: number): void {
      const tally = tallies.get(name);
      const now = Date.now();
      if (tally && now < tally.resetAt && !failing && (tally.known + tally.pending + 1) * 2 < max) {
        tally.pending += 1;
        if (unsent.size === 0) setImmediate(flush);
        unsent.add(name);
        callback(null, { current: tally.known + tally.pending, ttl: tally.resetAt - now });
        return;
      }
      // Exact: this request and any counted here since the last flush, answered by the store.
      const by = 1 + (tally && now < tally.resetAt ? tally.pending : 0);
      if (tally) tally.pending = 0;
      add(name, timeWindow, by).then(
        ({ value, ttlSeconds }) => callback(null, { current: value, ttl: Math.ceil(ttlSeconds * 1000) }),
        (err: Error) => {
          fail(err);
          callback(err);
        },
      );
    },
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`rate-limit count took over ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
