import { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { createOutageLog } from '../outage';
import { traceRedis } from '../tracing/redis';
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
 * The production cache. Keys are `<prefix>:c:<namespace>:<key>` (a view prefixed with a scope
 * uses `<prefix>:<scope>` as its prefix); Buffers are stored as raw
 * bytes. Hit/miss counters live in Redis hashes (`<prefix>:stats:<namespace>`) and the known
 * namespaces in a set (`<prefix>:namespaces`), so every replica adds to and reads the same
 * statistics. Key counts come from SCAN, which stays right as keys expire.
 */
export interface RedisCacheOptions {
  url: string;
  prefix?: string;
  logger?: Logger;
  /** Whose spans its commands are (the process's service), when tracing is on. */
  service?: string;
}

// One round trip per read: the value, and the hit or miss counted where every replica sees it.
const READ_AND_COUNT = `
local v = redis.call('GET', KEYS[1])
if v then redis.call('HINCRBY', KEYS[2], 'hits', 1) else redis.call('HINCRBY', KEYS[2], 'misses', 1) end
redis.call('SADD', KEYS[3], ARGV[1])
return v`;

// Compare-and-delete in one step, so a lock that expired and was taken by another replica is
// never released by its former owner.
const DELETE_IF_EQUALS = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

// A fixed window: the first increment (or one of a counter without expiry) sets the TTL.
const INCREMENT = `
local v = redis.call('INCRBY', KEYS[1], ARGV[2])
local t = redis.call('PTTL', KEYS[1])
if t < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  t = tonumber(ARGV[1])
end
return {v, t}`;

const SCAN_BATCH = 500;

export async function connectRedisCache(opts: RedisCacheOptions): Promise<Cache> {
  // `acg:auth:` and `acg:auth` name the same prefix.
  const prefix = (opts.prefix ?? 'acg').replace(/:+$/, '');
  if (!/^[A-Za-z0-9_.:-]+$/.test(prefix))
    throw new Error(`Invalid Redis cache prefix: ${JSON.stringify(opts.prefix)}`);
  // Fail fast (rules §48): a command waits for no reconnect (no offline queue, nothing resent)
  // and for an answer at most 1 s; connecting gives up after 2 s and is retried every second
  // at most, so a restarted server is used again within about a second.
  const redis = new Redis(opts.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 1000,
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });
  // Logged once per outage, not once per reconnect attempt.
  const outage = createOutageLog(opts.logger, 'Redis cache');
  redis.on('error', (err) => outage.failed(err));
  redis.on('ready', () => outage.ok());
  traceRedis(redis, opts.service ?? 'cache');
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(`Redis cache unreachable at ${withoutCredentials(opts.url)}: ${String(err)}`);
  }
  return redisCache(redis, prefix, opts.logger, async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
}

/** The keys of one prefix: values, per-namespace counters, the namespace list and user figures. */
function redisKeys(prefix: string) {
  return {
    value: (ns: string, key: string) => `${prefix}:c:${ns}:${key}`,
    stats: (ns: string) => `${prefix}:stats:${ns}`,
    /** A glob matching every value of a namespace. */
    namespaceGlob: (ns: string) => `${escapeGlob(`${prefix}:c:${ns}:`)}*`,
    namespaces: `${prefix}:namespaces`,
    // Per-user figures: `<id>:hits` and `<id>:misses` in one hash, the last read's time in another.
    userStats: `${prefix}:user-stats`,
    userSeen: `${prefix}:user-seen`,
  };
}
type RedisKeys = ReturnType<typeof redisKeys>;

/** Every key matching a glob, each once (SCAN may repeat keys). */
async function scanKeys(redis: Redis, pattern: string, onBatch: (keys: string[]) => Promise<void>) {
  const seen = new Set<string>();
  const stream = redis.scanStream({ match: pattern, count: SCAN_BATCH });
  for await (const batch of stream as AsyncIterable<string[]>) {
    const fresh = batch.filter((k) => !seen.has(k));
    for (const k of fresh) seen.add(k);
    if (fresh.length > 0) await onBatch(fresh);
  }
  return seen.size;
}

/** The reads and writes of one prefix's namespaces. */
function redisBackend(redis: Redis, keys: RedisKeys): CacheBackend {
  return {
    async read(ns, key) {
      const value = await redis.callBuffer(
        'EVAL',
        READ_AND_COUNT,
        3,
        keys.value(ns, key),
        keys.stats(ns),
        keys.namespaces,
        ns,
      );
      return Buffer.isBuffer(value) ? value : undefined;
    },
    async write(ns, key, value, ttlMs) {
      const pipeline = redis.pipeline();
      if (ttlMs === undefined) pipeline.set(keys.value(ns, key), value);
      else pipeline.set(keys.value(ns, key), value, 'PX', ttlMs);
      pipeline.sadd(keys.namespaces, ns);
      for (const [err] of (await pipeline.exec()) ?? []) if (err) throw err;
    },
    async remove(ns, key) {
      await redis.unlink(keys.value(ns, key));
    },
    async clearNamespace(ns) {
      await scanKeys(redis, keys.namespaceGlob(ns), async (batch) => {
        await redis.unlink(...batch);
      });
    },
    async namespaceStats(ns) {
      const [[hits = 0, misses = 0], count] = await Promise.all([
        redis.hmget(keys.stats(ns), 'hits', 'misses').then((v) => v.map((n) => Number(n ?? 0))),
        scanKeys(redis, keys.namespaceGlob(ns), async () => {}),
      ]);
      return { name: ns, keys: count, hits, misses, hit_rate: hitRate(hits, misses) };
    },
    async addIfAbsent(ns, key, value, ttlMs) {
      return (await redis.set(keys.value(ns, key), value, 'PX', ttlMs, 'NX')) === 'OK';
    },
    async replaceIfPresent(ns, key, value) {
      return (await redis.set(keys.value(ns, key), value, 'KEEPTTL', 'XX')) === 'OK';
    },
    async deleteIfEquals(ns, key, value) {
      return (await redis.eval(DELETE_IF_EQUALS, 1, keys.value(ns, key), value)) === 1;
    },
    async increment(ns, key, ttlMs, by) {
      const [value, left] = (await redis.eval(INCREMENT, 1, keys.value(ns, key), ttlMs, by)) as [
        number,
        number,
      ];
      return { value, ttlMs: left };
    },
    async ttlMs(ns, key) {
      const left = await redis.pttl(keys.value(ns, key));
      // -2: no such key; -1: a key without expiry.
      return left === -2 ? 0 : left === -1 ? Number.POSITIVE_INFINITY : left;
    },
    async countUser(userId, hit) {
      await redis
        .pipeline()
        .hincrby(keys.userStats, `${userId}:${hit ? 'hits' : 'misses'}`, 1)
        .hset(keys.userSeen, String(userId), String(Date.now()))
        .exec();
    },
  };
}

/** Hits and misses per user id, read from the user-stats hash. */
async function userFigures(redis: Redis, keys: RedisKeys) {
  const raw = await redis.hgetall(keys.userStats);
  const users = new Map<string, { hits: number; misses: number }>();
  for (const [field, value] of Object.entries(raw)) {
    const [id, kind] = field.split(':');
    if (!id || (kind !== 'hits' && kind !== 'misses')) continue;
    const u = users.get(id) ?? { hits: 0, misses: 0 };
    u[kind] = Number(value) || 0;
    users.set(id, u);
  }
  return users;
}

/** Forgets the figures of users idle longer than `userIdleMs`; returns how many. */
async function forgetIdleUsers(redis: Redis, keys: RedisKeys, userIdleMs: number, now: number) {
  const seen = await redis.hgetall(keys.userSeen);
  const idle = Object.entries(seen)
    .filter(([, at]) => now - Number(at) >= userIdleMs)
    .map(([id]) => id);
  if (idle.length > 0)
    await redis
      .pipeline()
      .hdel(keys.userSeen, ...idle)
      .hdel(keys.userStats, ...idle.flatMap((id) => [`${id}:hits`, `${id}:misses`]))
      .exec();
  return idle.length;
}

/** The cache under one key prefix of a connection; a prefixed view shares the connection. */
function redisCache(
  redis: Redis,
  prefix: string,
  logger: Logger | undefined,
  close: () => Promise<void>,
): Cache {
  const keys = redisKeys(prefix);
  const backend = redisBackend(redis, keys);
  const names = async () => (await redis.smembers(keys.namespaces)).sort();
  return {
    kind: 'redis',
    // Listed on the admin screen from first use; reads and writes add it again anyway.
    namespace: namespaceRegistry(backend, (name) => {
      redis.sadd(keys.namespaces, name).catch((err) => logger?.warn({ err }, 'redis cache: sadd failed'));
    }),
    async stats() {
      return Promise.all((await names()).map((ns) => backend.namespaceStats(ns)));
    },
    async clear(clearOpts = {}) {
      if (clearOpts.namespace !== undefined) assertNamespaceName(clearOpts.namespace);
      const targets = clearOpts.namespace === undefined ? await names() : [clearOpts.namespace];
      for (const ns of targets) {
        await backend.clearNamespace(ns);
        if (clearOpts.resetStats) await redis.unlink(keys.stats(ns));
      }
      if (clearOpts.resetStats && clearOpts.namespace === undefined)
        await redis.unlink(keys.userStats, keys.userSeen);
    },
    userStats: async () => averageUserHitRate((await userFigures(redis, keys)).values()),
    async cleanup({ userIdleMs = 24 * 60 * 60 * 1000, now = Date.now() } = {}) {
      // Redis drops expired keys itself; what is left to clean is the idle users' figures.
      return { expiredRemoved: 0, usersForgotten: await forgetIdleUsers(redis, keys, userIdleMs, now) };
    },
    async ready() {
      try {
        return (await redis.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    redis: { client: redis, prefix },
    prefixed(scope) {
      assertScopeName(scope);
      return redisCache(redis, `${prefix}:${scope}`, logger, async () => {});
    },
    close,
  };
}

const escapeGlob = (s: string): string => s.replace(/[*?[\]\\]/g, '\\$&');

function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}
