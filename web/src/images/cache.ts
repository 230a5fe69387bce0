import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The browser image cache (requirements O3, O4, O9): image bytes in IndexedDB, the metadata of each
 * entry in local storage under a key prefix, hit and miss counters persisted beside them.
 * An entry is valid for 7 days; an older one is removed when read and counts as a miss. When the
 * stored bytes pass 200 MB, the oldest entries go until 70% of that is left.
 */
export const IMAGE_CACHE = {
  database: 'anime-cards-image-cache',
  store: 'images',
  version: 1,
  /** Local storage keys: `<prefix>meta:<url>` per entry, `<prefix>stats` for the counters. */
  prefix: 'acg.image-cache.',
  maxBytes: 200 * 1024 * 1024,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  trimTo: 0.7,
} as const;

/** What is stored per URL in IndexedDB (requirements O3 "Image cache record"). */
export interface ImageRecord {
  url: string;
  blob: Blob;
  timestamp: number;
}

/** The metadata kept per URL in local storage (requirements O3). */
export interface ImageMeta {
  url: string;
  timestamp: number;
  size: number;
  hash: string;
}

/** The admin screen's figures (requirements O3 "Browser image cache stats"). */
export interface ImageCacheStats {
  count: number;
  sizeMB: number;
  maxSizeMB: number;
  hits: number;
  misses: number;
  hitRate: number;
}

interface Schema extends DBSchema {
  images: { key: string; value: ImageRecord };
}

export interface ImageCache {
  /** The cached picture, or undefined (a miss; an expired entry is removed first). */
  get(url: string): Promise<Blob | undefined>;
  put(url: string, blob: Blob): Promise<void>;
  /** Drops one entry (bytes the browser could not show). */
  remove(url: string): Promise<void>;
  stats(): ImageCacheStats;
  /** Removes every entry and resets the counters. */
  clear(): Promise<void>;
  /** Removes the entries past their age; returns how many went. */
  cleanup(): Promise<number>;
}

export interface ImageCacheOptions {
  storage?: Storage;
  now?: () => number;
  maxBytes?: number;
}

const MB = 1024 * 1024;
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** FNV-1a of the URL: the metadata's short hash, stable across visits. */
export function urlHash(url: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < url.length; i++) {
    h ^= url.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** The image database, opened on first use (none without IndexedDB: the server render). */
function lazyDatabase() {
  let opening: Promise<IDBPDatabase<Schema> | undefined> | undefined;
  return () => {
    // idb opens through the global IndexedDB; without one (the server render) nothing is cached.
    opening ??=
      typeof indexedDB === 'undefined'
        ? Promise.resolve(undefined)
        : openDB<Schema>(IMAGE_CACHE.database, IMAGE_CACHE.version, {
            upgrade(database) {
              if (!database.objectStoreNames.contains(IMAGE_CACHE.store))
                database.createObjectStore(IMAGE_CACHE.store, { keyPath: 'url' });
            },
          }).catch(() => undefined);
    return opening;
  };
}

/** The images' metadata and the hit counters, in Web Storage (nothing kept without it). */
function metaStore(storage: Storage | undefined) {
  const metaPrefix = `${IMAGE_CACHE.prefix}meta:`;
  const statsKey = `${IMAGE_CACHE.prefix}stats`;
  const counters = (): { hits: number; misses: number } => {
    try {
      const parsed = JSON.parse(storage?.getItem(statsKey) ?? '{}') as { hits?: unknown; misses?: unknown };
      return {
        hits: Number.isSafeInteger(parsed.hits) ? (parsed.hits as number) : 0,
        misses: Number.isSafeInteger(parsed.misses) ? (parsed.misses as number) : 0,
      };
    } catch {
      return { hits: 0, misses: 0 };
    }
  };
  const count = (what: 'hits' | 'misses') => {
    const c = counters();
    c[what]++;
    write(statsKey, JSON.stringify(c));
  };
  const write = (key: string, value: string) => {
    try {
      storage?.setItem(key, value);
    } catch {
      // Storage full or refused: the cache works on, without that record.
    }
  };
  const metas = (): ImageMeta[] => {
    if (!storage) return [];
    const all: ImageMeta[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith(metaPrefix)) continue;
      const meta = readMeta(key);
      if (meta) all.push(meta);
    }
    return all;
  };
  const readMeta = (key: string): ImageMeta | undefined => {
    try {
      const meta = JSON.parse(storage?.getItem(key) ?? 'null') as ImageMeta | null;
      return meta && typeof meta.url === 'string' && typeof meta.timestamp === 'number' ? meta : undefined;
    } catch {
      return undefined;
    }
  };
  return { metaPrefix, statsKey, counters, count, write, metas, readMeta };
}

/** The cache's figures for the admin page. */
function statsOf(all: ImageMeta[], { hits, misses }: { hits: number; misses: number }, maxBytes: number) {
  const bytes = all.reduce((sum, m) => sum + m.size, 0);
  return {
    count: all.length,
    sizeMB: round(bytes / MB, 2),
    maxSizeMB: round(maxBytes / MB, 2),
    hits,
    misses,
    hitRate: hits + misses === 0 ? 0 : round(hits / (hits + misses), 4),
  };
}

export function createImageCache(opts: ImageCacheOptions = {}): ImageCache {
  const storage = opts.storage ?? safeLocalStorage();
  const now = opts.now ?? Date.now;
  const maxBytes = opts.maxBytes ?? IMAGE_CACHE.maxBytes;
  const db = lazyDatabase();
  const { metaPrefix, statsKey, counters, count, write, metas, readMeta } = metaStore(storage);

  const remove = async (urls: string[]) => {
    for (const url of urls) storage?.removeItem(`${metaPrefix}${url}`);
    const database = await db();
    if (!database || urls.length === 0) return;
    const tx = database.transaction(IMAGE_CACHE.store, 'readwrite');
    await Promise.all([...urls.map((url) => tx.store.delete(url)), tx.done]);
  };
  const expired = (meta: ImageMeta) => now() - meta.timestamp > IMAGE_CACHE.maxAgeMs;

  /** Oldest first until the stored bytes are at the trim target. */
  const trim = async () => {
    const all = metas();
    let total = all.reduce((sum, m) => sum + m.size, 0);
    if (total <= maxBytes) return;
    const target = maxBytes * IMAGE_CACHE.trimTo;
    const gone: string[] = [];
    for (const meta of all.sort((a, b) => a.timestamp - b.timestamp)) {
      if (total <= target) break;
      gone.push(meta.url);
      total -= meta.size;
    }
    await remove(gone);
  };

  return {
    async get(url) {
      const meta = readMeta(`${metaPrefix}${url}`);
      const database = await db();
      if (!meta || !database) {
        count('misses');
        return undefined;
      }
      if (expired(meta)) {
        await remove([url]);
        count('misses');
        return undefined;
      }
      const record = await database.get(IMAGE_CACHE.store, url).catch(() => undefined);
      if (!record) {
        // The metadata outlived its bytes (the database was cleared by the browser).
        storage?.removeItem(`${metaPrefix}${url}`);
        count('misses');
        return undefined;
      }
      count('hits');
      return record.blob;
    },
    async put(url, blob) {
      const database = await db();
      if (!database || blob.size > maxBytes) return;
      const timestamp = now();
      await database.put(IMAGE_CACHE.store, { url, blob, timestamp });
      write(
        `${metaPrefix}${url}`,
        JSON.stringify({ url, timestamp, size: blob.size, hash: urlHash(url) } satisfies ImageMeta),
      );
      await trim();
    },
    remove: (url) => remove([url]),
    stats: () => statsOf(metas(), counters(), maxBytes),
    async clear() {
      await remove(metas().map((m) => m.url));
      const database = await db();
      await database?.clear(IMAGE_CACHE.store);
      storage?.removeItem(statsKey);
    },
    async cleanup() {
      const old = metas().filter(expired);
      await remove(old.map((m) => m.url));
      return old.length;
    },
  };
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // access refused (privacy settings)
  }
}
