import { ValidationError } from '../errors';
import { isOutage } from '../outage';
import { currentCacheReader } from './reader';
import type { CacheNamespace, NamespaceOptions, NamespaceStats, UserCacheStats } from './types';

/**
 * What a cache implementation stores and counts; the namespace API on top of it (JSON and
 * Buffer values, read-through wrap) is shared so both implementations behave the same.
 * A value is kept as JSON text or raw bytes.
 */
export interface CacheBackend {
  /** Reads one value and counts a hit or a miss for the namespace. */
  read(ns: string, key: string): Promise<string | Buffer | undefined>;
  write(ns: string, key: string, value: string | Buffer, ttlMs: number | undefined): Promise<void>;
  remove(ns: string, key: string): Promise<void>;
  clearNamespace(ns: string): Promise<void>;
  namespaceStats(ns: string): Promise<NamespaceStats>;
  // The atomic operations (see CacheNamespace); values are JSON text, TTLs positive.
  addIfAbsent(ns: string, key: string, value: string, ttlMs: number): Promise<boolean>;
  replaceIfPresent(ns: string, key: string, value: string): Promise<boolean>;
  deleteIfEquals(ns: string, key: string, value: string): Promise<boolean>;
  increment(ns: string, key: string, ttlMs: number, by: number): Promise<{ value: number; ttlMs: number }>;
  /** Milliseconds left; 0 when absent, Infinity without expiry. */
  ttlMs(ns: string, key: string): Promise<number>;
  /** Counts one read of a signed-in user (a hit or a miss) towards that user's figures. */
  countUser(userId: number, hit: boolean): Promise<void>;
}

// Letters, digits, `_`, `-` and `.`: never `:` (the Redis key separator) nor glob characters,
// so a namespace's keys are exactly the keys under its prefix.
const NAMESPACE_NAME = /^[A-Za-z0-9_.-]+$/;

export function assertNamespaceName(name: string): void {
  if (!NAMESPACE_NAME.test(name))
    throw new ValidationError(`Invalid cache namespace name: ${JSON.stringify(name)}`);
}

// The Redis layout's own words (`<prefix>:c:`, `<prefix>:stats:`, `<prefix>:namespaces`) cannot
// be scopes: a view's keys would fall under the parent's.
const RESERVED_SCOPES = new Set(['c', 'stats', 'namespaces', 'user-stats', 'user-seen']);

/** The mean of each user's hit rate (4 decimals). */
export function averageUserHitRate(users: Iterable<{ hits: number; misses: number }>): UserCacheStats {
  let count = 0;
  let sum = 0;
  for (const u of users) {
    count++;
    sum += hitRate(u.hits, u.misses);
  }
  return {
    users_tracked: count,
    avg_user_hit_rate: count === 0 ? 0 : Math.round((sum / count) * 10_000) / 10_000,
  };
}

/** A signed-in user's read: counted on the side, never failing or slowing the read itself. */
function countReader(backend: CacheBackend, hit: boolean): void {
  const reader = currentCacheReader();
  if (reader !== undefined) backend.countUser(reader, hit).catch(() => {});
}

/** A scope (Cache.prefixed) is named like a namespace, minus the words the key layout uses. */
export function assertScopeName(scope: string): void {
  if (!NAMESPACE_NAME.test(scope) || RESERVED_SCOPES.has(scope))
    throw new ValidationError(`Invalid cache scope name: ${JSON.stringify(scope)}`);
}

/**
 * Seconds (fractions allowed) to milliseconds: absent means no expiry, 0 means expired at once
 * (a configured cache time of 0 turns caching off rather than keeping values forever).
 */
function ttlMs(ttlSeconds: number | undefined): number | undefined | 0 {
  if (ttlSeconds === undefined) return undefined;
  if (!Number.isFinite(ttlSeconds) || ttlSeconds < 0) throw new Error(`Invalid cache TTL: ${ttlSeconds}`);
  return ttlSeconds === 0 ? 0 : Math.max(1, Math.round(ttlSeconds * 1000));
}

/** A TTL that must keep the key for a while (locks, guards, counters): positive seconds. */
function positiveTtlMs(ttlSeconds: number): number {
  const ms = ttlMs(ttlSeconds);
  if (!ms) throw new Error(`Invalid cache TTL: ${ttlSeconds} (a positive number of seconds is needed)`);
  return ms;
}

/** The JSON text of a value an atomic operation stores or compares. */
function jsonOf(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new Error('Cache values must have a JSON form');
  return text;
}

export function hitRate(hits: number, misses: number): number {
  const reads = hits + misses;
  return reads === 0 ? 0 : Math.round((hits / reads) * 10_000) / 10_000;
}

/** A state namespace's failures reach its caller; a cache's read or write that met a lost server gives `fallback` (rules §48). */
async function tolerantOf<T>(opts: NamespaceOptions, op: () => Promise<T>, fallback: T): Promise<T> {
  if (opts.state) return op();
  try {
    return await op();
  } catch (err) {
    if (!isOutage(err)) throw err;
    return fallback;
  }
}

/** Concurrent computations of one key in this process run once and share the result. */
async function computeOnce<T>(
  computing: Map<string, Promise<unknown>>,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  const pending = computing.get(key);
  if (pending) return pending as Promise<T>;
  const fresh = compute();
  computing.set(key, fresh);
  try {
    return await fresh;
  } finally {
    computing.delete(key);
  }
}

export function createNamespace(
  name: string,
  backend: CacheBackend,
  opts: NamespaceOptions = {},
): CacheNamespace {
  assertNamespaceName(name);
  const tolerant = <T>(op: () => Promise<T>, fallback: T) => tolerantOf(opts, op, fallback);
  const computing = new Map<string, Promise<unknown>>();

  const get = async <T>(key: string): Promise<T | undefined> => {
    const raw = await tolerant(() => backend.read(name, key), undefined);
    countReader(backend, raw !== undefined);
    if (raw === undefined) return undefined;
    try {
      return JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8')) as T;
    } catch {
      return undefined; // bytes stored with setBuffer are not JSON
    }
  };

  const write = async (key: string, value: string | Buffer, ttlSeconds: number | undefined) => {
    const ttl = ttlMs(ttlSeconds);
    // Expired at once: whatever was cached under the key is gone too.
    if (ttl === 0) await tolerant(() => backend.remove(name, key), undefined);
    else await tolerant(() => backend.write(name, key, value, ttl), undefined);
  };

  const set = async (key: string, value: unknown, ttlSeconds?: number): Promise<void> => {
    const text = JSON.stringify(value);
    // undefined (or a function) has no JSON form: nothing to cache.
    if (text === undefined) return;
    await write(key, text, ttlSeconds);
  };

  return {
    name,
    get,
    set,
    async getBuffer(key) {
      const raw = await tolerant(() => backend.read(name, key), undefined);
      countReader(backend, raw !== undefined);
      if (raw === undefined) return undefined;
      return typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
    },
    setBuffer: (key, value, ttlSeconds) => write(key, value, ttlSeconds),
    delete: (key) => tolerant(() => backend.remove(name, key), undefined),
    async wrap<T>(key: string, ttlSeconds: number, compute: () => Promise<T>): Promise<T> {
      const cached = await get<T>(key);
      if (cached !== undefined) return cached;
      return computeOnce(computing, key, async () => {
        const value = await compute();
        await set(key, value, ttlSeconds);
        return value;
      });
    },
    clear: () => backend.clearNamespace(name),
    stats: () => backend.namespaceStats(name),
    add: async (key, value, ttlSeconds) =>
      backend.addIfAbsent(name, key, jsonOf(value), positiveTtlMs(ttlSeconds)),
    replace: async (key, value) => backend.replaceIfPresent(name, key, jsonOf(value)),
    deleteIf: async (key, value) => backend.deleteIfEquals(name, key, jsonOf(value)),
    async increment(key, ttlSeconds, by = 1) {
      if (!Number.isSafeInteger(by) || by < 1)
        throw new Error(`A counter is increased by a positive whole number, not ${by}`);
      const { value, ttlMs } = await backend.increment(name, key, positiveTtlMs(ttlSeconds), by);
      return { value, ttlSeconds: ttlMs / 1000 };
    },
    ttl: async (key) => (await backend.ttlMs(name, key)) / 1000,
  };
}

/**
 * A cache view's namespaces: one object per name, made on first use, when `onFirstUse` also runs
 * (the view lists the name among its namespaces).
 */
export function namespaceRegistry(backend: CacheBackend, onFirstUse: (name: string) => void) {
  const namespaces = new Map<string, CacheNamespace>();
  return (name: string, opts?: NamespaceOptions): CacheNamespace => {
    let ns = namespaces.get(name);
    if (!ns) {
      ns = createNamespace(name, backend, opts);
      namespaces.set(name, ns);
      onFirstUse(name);
    }
    return ns;
  };
}
