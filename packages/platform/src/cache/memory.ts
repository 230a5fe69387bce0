import { LRUCache } from 'lru-cache';
import { assertNamespaceName, type CacheBackend, createNamespace, hitRate } from './namespace';
import type { Cache, CacheNamespace } from './types';

/**
 * The embedded-mode cache: one process's memory, bounded by entry count and bytes (least
 * recently used entries go first). Values are kept as JSON text or copied bytes, so callers never
 * share (and mutate) a cached object, as with Redis.
 */
export interface MemoryCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
}

// Namespace and key joined by a character that cannot occur in a namespace name.
const SEP = '\u0000';

export function createMemoryCache(opts: MemoryCacheOptions = {}): Cache {
  const entries = new LRUCache<string, string | Buffer>({
    max: opts.maxEntries ?? 10_000,
    maxSize: opts.maxBytes ?? 64 * 1024 * 1024,
    // Read the clock on every check (not a 1 ms debounced copy), so the time left of an entry
    // is never reported above its TTL.
    ttlResolution: 0,
    sizeCalculation: (value, key) =>
      key.length + (typeof value === 'string' ? value.length * 2 : value.length),
  });
  const counters = new Map<string, { hits: number; misses: number }>();
  const namespaces = new Map<string, CacheNamespace>();

  const counter = (ns: string) => {
    let c = counters.get(ns);
    if (!c) {
      c = { hits: 0, misses: 0 };
      counters.set(ns, c);
    }
    return c;
  };
  const keysOf = (ns: string): string[] => {
    entries.purgeStale();
    return [...entries.keys()].filter((k) => k.startsWith(`${ns}${SEP}`));
  };

  /** Milliseconds a live entry has left (Infinity without expiry); 0 for an absent or expired one. */
  const remainingMs = (k: string): number => {
    if (!entries.has(k)) return 0;
    const left = entries.getRemainingTTL(k);
    return Math.max(left, 0);
  };

  const backend: CacheBackend = {
    async read(ns, key) {
      const value = entries.get(`${ns}${SEP}${key}`);
      const c = counter(ns);
      if (value === undefined) c.misses++;
      else c.hits++;
      return typeof value === 'string' || value === undefined ? value : Buffer.from(value);
    },
    async write(ns, key, value, ttlMs) {
      counter(ns);
      entries.set(`${ns}${SEP}${key}`, typeof value === 'string' ? value : Buffer.from(value), {
        ttl: ttlMs,
      });
    },
    async remove(ns, key) {
      entries.delete(`${ns}${SEP}${key}`);
    },
    async clearNamespace(ns) {
      for (const k of keysOf(ns)) entries.delete(k);
    },
    async namespaceStats(ns) {
      const { hits, misses } = counter(ns);
      return { name: ns, keys: keysOf(ns).length, hits, misses, hit_rate: hitRate(hits, misses) };
    },
    // One process runs these to the end without interleaving: atomic as they are.
    async addIfAbsent(ns, key, value, ttlMs) {
      const k = `${ns}${SEP}${key}`;
      if (entries.has(k)) return false;
      entries.set(k, value, { ttl: ttlMs });
      return true;
    },
    async replaceIfPresent(ns, key, value) {
      const k = `${ns}${SEP}${key}`;
      const left = remainingMs(k);
      if (left === 0) return false;
      entries.set(k, value, { ttl: left === Infinity ? 0 : left });
      return true;
    },
    async deleteIfEquals(ns, key, value) {
      const k = `${ns}${SEP}${key}`;
      if (remainingMs(k) === 0 || entries.peek(k) !== value) return false;
      return entries.delete(k);
    },
    async increment(ns, key, ttlMs) {
      const k = `${ns}${SEP}${key}`;
      const left = remainingMs(k);
      const current = left === 0 ? 0 : Number(entries.peek(k));
      if (!Number.isSafeInteger(current)) throw new Error(`Cache value under ${key} is not a counter`);
      const ttl = left === 0 || left === Infinity ? ttlMs : left;
      entries.set(k, String(current + 1), { ttl });
      return { value: current + 1, ttlMs: ttl };
    },
    ttlMs: async (ns, key) => remainingMs(`${ns}${SEP}${key}`),
  };

  const names = () => [...new Set([...namespaces.keys(), ...counters.keys()])].sort();

  return {
    kind: 'memory',
    namespace(name) {
      let ns = namespaces.get(name);
      if (!ns) {
        ns = createNamespace(name, backend);
        namespaces.set(name, ns);
        counter(name);
      }
      return ns;
    },
    stats: () => Promise.all(names().map((ns) => backend.namespaceStats(ns))),
    async clear(clearOpts = {}) {
      if (clearOpts.namespace !== undefined) assertNamespaceName(clearOpts.namespace);
      const targets = clearOpts.namespace === undefined ? names() : [clearOpts.namespace];
      for (const ns of targets) {
        await backend.clearNamespace(ns);
        if (clearOpts.resetStats && counters.has(ns)) counters.set(ns, { hits: 0, misses: 0 });
      }
    },
    ready: async () => true,
    async close() {
      entries.clear();
    },
  };
}
