import { LRUCache } from 'lru-cache';

/** A ready answer: the bytes and the headers that go with them, exactly as first sent. */
export interface HotImage {
  body: Buffer;
  /** Strong ETag of `body`. */
  etag: string;
  contentType: string;
  /** Every header of the answer but Content-Type (a 304 carries them too). */
  headers: Readonly<Record<string, string>>;
}

export interface HotImagesOptions {
  /** Bytes of answers kept at most (bodies plus a small allowance per entry); 0 turns the tier off. */
  maxBytes: number;
  /** How long an answer is kept, in seconds; 0 turns the tier off. */
  ttlSeconds: number;
  /** The clock, in ms (tests); default performance.now. */
  now?: () => number;
}

export interface HotImageStats {
  name: string;
  keys: number;
  hits: number;
  misses: number;
  hit_rate: number;
  bytes: number;
}

export interface HotImages {
  get(key: string): HotImage | undefined;
  /** Keeps the answer for `ttlSeconds` (at most the tier's own); 0 keeps nothing. */
  set(key: string, image: HotImage, ttlSeconds?: number): void;
  /** Empties the tier (the admin cache clear reaches it through `cache.cleared`). */
  clear(): void;
  stats(): HotImageStats;
}

/** Headers, key and LRU bookkeeping of one entry, counted against the byte budget. */
const ENTRY_OVERHEAD = 512;

/**
 * The in-process hot tier of image answers: an LRU of ready bytes and headers in front of the
 * shared cache (Redis or memory) and everything else a request would do, so a hit is a map
 * look-up and a write. Each replica keeps its own; entries live briefly (`ttlSeconds`), so a
 * changed image is served from here at most that long after the shared cache has the new one.
 */
export function createHotImages(o: HotImagesOptions, name = 'images-memory'): HotImages {
  const enabled = o.maxBytes > 0 && o.ttlSeconds > 0;
  const lru = new LRUCache<string, HotImage>({
    maxSize: Math.max(1, o.maxBytes),
    sizeCalculation: (image) => image.body.length + ENTRY_OVERHEAD,
    ttl: Math.max(1, o.ttlSeconds * 1000),
    // Expiry is checked on read with a coarse clock (no timer per entry); a test's clock exactly.
    ttlResolution: o.now ? 0 : 1000,
    ttlAutopurge: false,
    ...(o.now ? { perf: { now: o.now } } : {}),
  });
  let hits = 0;
  let misses = 0;
  return {
    get(key) {
      if (!enabled) return undefined;
      const image = lru.get(key);
      if (image) hits++;
      else misses++;
      return image;
    },
    set(key, image, ttlSeconds = o.ttlSeconds) {
      const seconds = Math.min(ttlSeconds, o.ttlSeconds);
      if (!enabled || seconds <= 0) return;
      // An answer larger than the whole budget would only evict everything else.
      if (image.body.length + ENTRY_OVERHEAD > o.maxBytes) return;
      lru.set(key, image, { ttl: seconds * 1000 });
    },
    clear() {
      lru.clear();
    },
    stats() {
      const reads = hits + misses;
      return {
        name,
        keys: lru.size,
        hits,
        misses,
        hit_rate: reads === 0 ? 0 : Math.round((hits / reads) * 10_000) / 10_000,
        bytes: lru.calculatedSize,
      };
    },
  };
}
