/**
 * Cache with per-namespace statistics (the admin cache screens show them). Two
 * implementations share this interface and one contract test suite: Redis (production;
 * statistics kept in Redis so every replica adds to the same counters) and in-memory.
 *
 * Values are JSON-serialisable, or Buffers (binary, e.g. rendered images).
 */
export interface NamespaceStats {
  name: string;
  keys: number;
  hits: number;
  misses: number;
  /** hits / (hits + misses), 0 when there were no reads; rounded to 4 decimals. */
  hit_rate: number;
}

/** How the signed-in users' reads went, per user averaged (requirements O3 "Server cache stats"). */
export interface UserCacheStats {
  /** Users with at least one counted read. */
  users_tracked: number;
  /** The mean of each tracked user's hit rate; 0 when nobody is tracked; 4 decimals. */
  avg_user_hit_rate: number;
}

/** What a cleanup removed (POST /api/admin/cache/cleanup). */
export interface CacheCleanup {
  /** Entries past their TTL removed now (Redis removes them itself: 0 there). */
  expiredRemoved: number;
  /** Users whose per-user figures were dropped, not having read for the idle time. */
  usersForgotten: number;
}

/** `ttlSeconds` below: absent = no expiry; 0 = expires at once (not stored); fractions allowed. */
export interface CacheNamespace {
  readonly name: string;
  get<T>(key: string): Promise<T | undefined>;
  getBuffer(key: string): Promise<Buffer | undefined>;
  set(key: string, value: unknown, ttlSeconds?: number): Promise<void>;
  setBuffer(key: string, value: Buffer, ttlSeconds?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Read-through: returns the cached value, or computes, stores and returns it (counts a miss). */
  wrap<T>(key: string, ttlSeconds: number, compute: () => Promise<T>): Promise<T>;
  /** Removes every key of the namespace (statistics are kept). */
  clear(): Promise<void>;
  stats(): Promise<NamespaceStats>;

  // Atomic operations: each is one step in Redis (every replica sees it), so two callers can
  // never both win. They count no hits or misses. Their TTLs must be positive.

  /** Set-if-absent: stores `value` for `ttlSeconds` unless the key exists; true when stored. */
  add(key: string, value: unknown, ttlSeconds: number): Promise<boolean>;
  /** Replaces the value of a live key, keeping its expiry; false (nothing stored) when absent. */
  replace(key: string, value: unknown): Promise<boolean>;
  /** Compare-and-delete: deletes `key` only while it holds `value` (a lock released by its owner). */
  deleteIf(key: string, value: unknown): Promise<boolean>;
  /**
   * Adds `by` (default 1, a positive whole number) to the counter under `key` and returns it
   * with its time left. An absent counter starts at `by` and expires after `ttlSeconds`; later
   * increments keep that expiry (a fixed window, as rate limits count). The counter reads back
   * with get() as a number.
   */
  increment(key: string, ttlSeconds: number, by?: number): Promise<{ value: number; ttlSeconds: number }>;
  /** Seconds (fractions) until `key` expires: 0 when absent, Infinity when it never expires. */
  ttl(key: string): Promise<number>;
}

/**
 * How a namespace meets a cache server that is gone (rules §48). A cache (the default) holds
 * copies of what PostgreSQL or an upstream has: a failed read is a miss and a failed write or
 * delete is skipped, so `wrap` computes the value and the request is answered without the cache.
 * A namespace holding state (sessions, notices already sent) cannot pretend: every failure
 * throws, and a request answers 503. The atomic operations always throw.
 */
export interface NamespaceOptions {
  state?: boolean;
}

export interface Cache {
  readonly kind: 'redis' | 'memory';
  /**
   * The Redis connection and this view's key prefix, for a well-kept library that keeps its own
   * keys beside the cache's (rate-limiter-flexible's RateLimiterRedis); absent in memory.
   */
  readonly redis?: { client: import('ioredis').Redis; prefix: string };
  /** The options of a name's first call hold for every later call. */
  namespace(name: string, opts?: NamespaceOptions): CacheNamespace;
  /**
   * A view of this cache under a scope (a service's name): its namespaces, statistics and
   * clear() are the scope's own, apart from every other scope's, over the same connection.
   * Closing a view does not close the connection; closing the cache it came from does.
   */
  prefixed(scope: string): Cache;
  /** Statistics of every namespace used so far (in any replica, for Redis). */
  stats(): Promise<NamespaceStats[]>;
  /** Clears all namespaces' keys (or one) and optionally resets statistics (per-user ones too). */
  clear(opts?: { namespace?: string; resetStats?: boolean }): Promise<void>;
  /**
   * Per-user figures of this view's reads: a read made while serving a signed-in user's request
   * (asCacheReader) counts towards that user too.
   */
  userStats(): Promise<UserCacheStats>;
  /** Removes expired entries and forgets the users who have not read for `userIdleMs` (default 1 day). */
  cleanup(opts?: { userIdleMs?: number; now?: number }): Promise<CacheCleanup>;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}
