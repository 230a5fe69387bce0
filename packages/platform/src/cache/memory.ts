import { LRUCache } from 'lru-cache';
import {
  assertNamespaceName,
  assertScopeName,
  averageUserHitRate,
  type CacheBackend,
  hitRate,
  namespaceRegistry,
} from './namespace';
import type { Cache } from './types';

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
// Scope and namespace joined the same way: `auth/cards` can be no unscoped namespace's name.
const SCOPE_SEP = '/';
const DAY_MS = 24 * 60 * 60 * 1000;

type Counts = { hits: number; misses: number };

/** The one memory store every view of a memory cache shares: entries and hit counters. */
class MemoryStore {
  readonly entries: LRUCache<string, string | Buffer>;
  // Keyed by the full namespace name (scopes included), shared by every view.
  readonly counters = new Map<string, Counts>();
  // Per-user figures, keyed by the view's scope path ('' for the root), then by user id.
  private readonly userCounters = new Map<string, Map<number, Counts & { seen: number }>>();

  constructor(opts: MemoryCacheOptions) {
    this.entries = new LRUCache<string, string | Buffer>({
      max: opts.maxEntries ?? 10_000,
      maxSize: opts.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (value, key) =>
        key.length + (typeof value === 'string' ? value.length * 2 : value.length),
      // Read the clock on every check (not a 1 ms debounced copy), so the time left of an entry
      // is never reported above its TTL.
      ttlResolution: 0,
    });
  }

  usersOf(scope: string): Map<number, Counts & { seen: number }> {
    let users = this.userCounters.get(scope);
    if (!users) {
      users = new Map();
      this.userCounters.set(scope, users);
    }
    return users;
  }

  counter(ns: string): Counts {
    let c = this.counters.get(ns);
    if (!c) {
      c = { hits: 0, misses: 0 };
      this.counters.set(ns, c);
    }
    return c;
  }

  keysOf(ns: string): string[] {
    this.entries.purgeStale();
    return [...this.entries.keys()].filter((k) => k.startsWith(`${ns}${SEP}`));
  }

  /** Milliseconds a live entry has left (Infinity without expiry); 0 for an absent or expired one. */
  remainingMs(k: string): number {
    if (!this.entries.has(k)) return 0;
    return Math.max(this.entries.getRemainingTTL(k), 0);
  }
}

/** What a view under a scope path ('' for the root) stores and counts, by unscoped names. */
function memoryBackend(store: MemoryStore, full: (ns: string) => string): CacheBackend {
  const { entries } = store;
  const at = (ns: string, key: string) => `${full(ns)}${SEP}${key}`;
  return {
    async read(ns, key) {
      const value = entries.get(at(ns, key));
      const c = store.counter(full(ns));
      if (value === undefined) c.misses++;
      else c.hits++;
      return typeof value === 'string' || value === undefined ? value : Buffer.from(value);
    },
    async write(ns, key, value, ttlMs) {
      store.counter(full(ns));
      entries.set(at(ns, key), typeof value === 'string' ? value : Buffer.from(value), { ttl: ttlMs });
    },
    async remove(ns, key) {
      entries.delete(at(ns, key));
    },
    async clearNamespace(ns) {
      for (const k of store.keysOf(full(ns))) entries.delete(k);
    },
    async namespaceStats(ns) {
      const { hits, misses } = store.counter(full(ns));
      return { name: ns, keys: store.keysOf(full(ns)).length, hits, misses, hit_rate: hitRate(hits, misses) };
    },
    // One process runs these to the end without interleaving: atomic as they are.
    async addIfAbsent(ns, key, value, ttlMs) {
      if (entries.has(at(ns, key))) return false;
      entries.set(at(ns, key), value, { ttl: ttlMs });
      return true;
    },
    async replaceIfPresent(ns, key, value) {
      const left = store.remainingMs(at(ns, key));
      if (left === 0) return false;
      entries.set(at(ns, key), value, { ttl: left === Infinity ? 0 : left });
      return true;
    },
    async deleteIfEquals(ns, key, value) {
      const k = at(ns, key);
      if (store.remainingMs(k) === 0 || entries.peek(k) !== value) return false;
      return entries.delete(k);
    },
    async increment(ns, key, ttlMs, by) {
      const k = at(ns, key);
      const left = store.remainingMs(k);
      const current = left === 0 ? 0 : Number(entries.peek(k));
      if (!Number.isSafeInteger(current)) throw new Error(`Cache value under ${key} is not a counter`);
      const ttl = left === 0 || left === Infinity ? ttlMs : left;
      entries.set(k, String(current + by), { ttl });
      return { value: current + by, ttlMs: ttl };
    },
    ttlMs: async (ns, key) => store.remainingMs(at(ns, key)),
    async countUser(userId, hit) {
      const users = store.usersOf(full(''));
      const u = users.get(userId) ?? { hits: 0, misses: 0, seen: 0 };
      if (hit) u.hits++;
      else u.misses++;
      u.seen = Date.now();
      users.set(userId, u);
    },
  };
}

/** Forgets users idle longer than `userIdleMs` under one scope; returns how many. */
function forgetIdleUsers(users: Map<number, { seen: number }>, userIdleMs: number, now: number): number {
  let forgotten = 0;
  for (const [id, u] of users)
    if (now - u.seen >= userIdleMs) {
      users.delete(id);
      forgotten++;
    }
  return forgotten;
}

/** A view of the store under a scope path ('' for the root). */
function memoryView(store: MemoryStore, scope: string, close: () => Promise<void>): Cache {
  const full = (name: string) => (scope ? `${scope}${SCOPE_SEP}${name}` : name);
  const backend = memoryBackend(store, full);
  // The view's own namespaces: under its scope path, not under a deeper scope.
  const names = () => {
    const own: string[] = [];
    for (const name of store.counters.keys()) {
      const rest = scope ? (name.startsWith(full('')) ? name.slice(full('').length) : undefined) : name;
      if (rest !== undefined && !rest.includes(SCOPE_SEP)) own.push(rest);
    }
    return own.sort();
  };
  return {
    kind: 'memory',
    namespace: namespaceRegistry(backend, (name) => store.counter(full(name))),
    prefixed(child) {
      assertScopeName(child);
      return memoryView(store, full(child), async () => {});
    },
    stats: () => Promise.all(names().map((ns) => backend.namespaceStats(ns))),
    async clear(clearOpts = {}) {
      if (clearOpts.namespace !== undefined) assertNamespaceName(clearOpts.namespace);
      const targets = clearOpts.namespace === undefined ? names() : [clearOpts.namespace];
      for (const ns of targets) {
        await backend.clearNamespace(ns);
        if (clearOpts.resetStats && store.counters.has(full(ns)))
          store.counters.set(full(ns), { hits: 0, misses: 0 });
      }
      if (clearOpts.resetStats && clearOpts.namespace === undefined) store.usersOf(full('')).clear();
    },
    userStats: async () => averageUserHitRate(store.usersOf(full('')).values()),
    async cleanup({ userIdleMs = DAY_MS, now = Date.now() } = {}) {
      // The one memory store is shared by every view: its expired entries go together.
      const before = store.entries.size;
      store.entries.purgeStale();
      const usersForgotten = forgetIdleUsers(store.usersOf(full('')), userIdleMs, now);
      return { expiredRemoved: before - store.entries.size, usersForgotten };
    },
    ready: async () => true,
    close,
  };
}

export function createMemoryCache(opts: MemoryCacheOptions = {}): Cache {
  const store = new MemoryStore(opts);
  return memoryView(store, '', async () => {
    store.entries.clear();
  });
}
