import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asCacheReader, connectCache, connectRedisCache, createMemoryCache } from './index';
import type { Cache } from './types';

/**
 * One contract, two implementations: the in-memory cache always, Redis when REDIS_URL is set
 * (under a prefix unique to this run, removed afterwards).
 */
const redisUrl = process.env.REDIS_URL;
const prefix = `acgtest-${randomBytes(6).toString('hex')}`;

interface Implementation {
  name: string;
  open: () => Promise<Cache>;
  /** Several instances see one store (replicas sharing Redis). */
  shared: boolean;
}
const implementations: Implementation[] = [
  { name: 'memory', open: async () => createMemoryCache(), shared: false },
  ...(redisUrl
    ? [{ name: 'redis', open: () => connectRedisCache({ url: redisUrl, prefix }), shared: true }]
    : []),
];

let nsCounter = 0;
/** A namespace name no other test uses, so tests can share one cache instance. */
const freshName = (label: string) => `${label}-${++nsCounter}`;

/**
 * Expiry is observed by polling, never by sleeping a fixed time: a loaded machine only makes
 * the wait longer. Keys that must still be there use a TTL of a minute, far beyond any stall.
 */
const untilPasses = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });
const MINUTE = 60;
const BRIEF = 0.05;

describe.each(implementations)('$name cache', (impl) => {
  let cache: Cache;
  beforeAll(async () => {
    cache = await impl.open();
  });
  afterAll(async () => {
    await cache.clear({ resetStats: true });
    await cache.close();
  });

  it('reports its kind and readiness', async () => {
    expect(cache.kind).toBe(impl.name);
    expect(await cache.ready()).toBe(true);
  });

  it('stores JSON values and returns fresh copies', async () => {
    const ns = cache.namespace(freshName('json'));
    const card = { id: 7, name: 'Rem', tags: ['maid', 'oni'], rarity: { score: 0.93 }, owner: null };
    await ns.set('card:7', card);
    await ns.set('count', 42);
    await ns.set('title', 'Re:Zero');
    const read = await ns.get<typeof card>('card:7');
    expect(read).toEqual(card);
    read!.tags.push('changed');
    expect(await ns.get('card:7')).toEqual(card);
    expect(await ns.get('count')).toBe(42);
    expect(await ns.get('title')).toBe('Re:Zero');
    expect(await ns.get('missing')).toBeUndefined();
  });

  it('expires a value after its TTL and keeps one without TTL', async () => {
    const ns = cache.namespace(freshName('ttl'));
    await ns.set('short', { v: 1 }, BRIEF);
    await ns.set('minute', { v: 3 }, MINUTE);
    await ns.set('forever', { v: 2 });
    await untilPasses(async () => expect(await ns.get('short')).toBeUndefined());
    expect(await ns.get('minute')).toEqual({ v: 3 });
    expect(await ns.get('forever')).toEqual({ v: 2 });
    expect((await ns.stats()).keys).toBe(2);
  });

  it('treats a TTL of 0 as not cached at all (caching turned off by configuration)', async () => {
    const ns = cache.namespace(freshName('ttl0'));
    await ns.set('users', 2, 60);
    await ns.set('users', 5, 0);
    expect(await ns.get('users')).toBeUndefined();
    await ns.setBuffer('image', Buffer.from('x'), 0);
    expect(await ns.getBuffer('image')).toBeUndefined();
    let computed = 0;
    expect(await ns.wrap('count', 0, async () => ++computed)).toBe(1);
    expect(await ns.wrap('count', 0, async () => ++computed)).toBe(2);
    expect((await ns.stats()).keys).toBe(0);
    await expect(ns.set('bad', 1, -1)).rejects.toThrow(/TTL/);
  });

  it('stores Buffers as raw bytes, with TTL', async () => {
    const ns = cache.namespace(freshName('bytes'));
    const image = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe]), randomBytes(4096)]);
    await ns.setBuffer('card.png', image);
    const read = await ns.getBuffer('card.png');
    expect(Buffer.isBuffer(read)).toBe(true);
    expect(read!.equals(image)).toBe(true);
    read![0] = 0;
    expect((await ns.getBuffer('card.png'))!.equals(image)).toBe(true);
    expect(await ns.getBuffer('other.png')).toBeUndefined();

    await ns.setBuffer('thumb.png', Buffer.from('tiny'), MINUTE);
    expect((await ns.getBuffer('thumb.png'))?.toString()).toBe('tiny');
    await ns.setBuffer('thumb.png', Buffer.from('tiny'), BRIEF);
    await untilPasses(async () => expect(await ns.getBuffer('thumb.png')).toBeUndefined());
  });

  it('wrap computes once, counting a miss and then hits', async () => {
    const ns = cache.namespace(freshName('wrap'));
    let computed = 0;
    const compute = async () => {
      computed++;
      return { cards: [1, 2, 3] };
    };
    expect(await ns.wrap('page:1', 60, compute)).toEqual({ cards: [1, 2, 3] });
    expect(await ns.wrap('page:1', 60, compute)).toEqual({ cards: [1, 2, 3] });
    expect(await ns.wrap('page:1', 60, compute)).toEqual({ cards: [1, 2, 3] });
    expect(computed).toBe(1);
    expect(await ns.stats()).toEqual({ name: ns.name, keys: 1, hits: 2, misses: 1, hit_rate: 0.6667 });

    // Concurrent callers in one process share a single computation.
    let slow = 0;
    // The computation ends only once all five callers have missed the cache (5 more misses).
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const pending = Array.from({ length: 5 }, () =>
      ns.wrap('page:2', 60, async () => {
        slow++;
        await finished;
        return 'second page';
      }),
    );
    await expect.poll(async () => (await ns.stats()).misses).toBe(6);
    finish();
    const results = await Promise.all(pending);
    expect(results).toEqual(Array(5).fill('second page'));
    expect(slow).toBe(1);
  });

  it('wrap computes again once the value expired, and a failed compute caches nothing', async () => {
    const ns = cache.namespace(freshName('wrapttl'));
    let computed = 0;
    const compute = async () => ++computed;
    expect(await ns.wrap('n', MINUTE, compute)).toBe(1);
    expect(await ns.wrap('n', MINUTE, compute)).toBe(1);
    expect(await ns.wrap('brief', BRIEF, compute)).toBe(2);
    await untilPasses(async () => expect(await ns.wrap('brief', BRIEF, compute)).toBeGreaterThan(2));
    expect(await ns.wrap('n', MINUTE, compute)).toBe(1);

    await expect(ns.wrap('boom', 60, async () => Promise.reject(new Error('upstream down')))).rejects.toThrow(
      'upstream down',
    );
    expect(await ns.wrap('boom', 60, async () => 'recovered')).toBe('recovered');
  });

  it('deletes one key', async () => {
    const ns = cache.namespace(freshName('delete'));
    await ns.set('a', 1);
    await ns.set('b', 2);
    await ns.delete('a');
    await ns.delete('never-set');
    expect(await ns.get('a')).toBeUndefined();
    expect(await ns.get('b')).toBe(2);
  });

  it('clears one namespace, leaving the others and the statistics', async () => {
    const cards = cache.namespace(freshName('cards'));
    const anime = cache.namespace(freshName('anime'));
    for (let i = 0; i < 30; i++) await cards.set(`card:${i}`, { i });
    await cards.setBuffer('image', Buffer.from([1, 2, 3]));
    await anime.set('a:1', { title: 'Frieren' });
    await cards.get('card:1');
    await cards.get('nope');

    await cards.clear();
    expect(await cards.get('card:2')).toBeUndefined();
    expect(await cards.getBuffer('image')).toBeUndefined();
    expect(await anime.get('a:1')).toEqual({ title: 'Frieren' });
    const afterClear = await cards.stats();
    expect(afterClear).toMatchObject({ keys: 0, hits: 1, misses: 3 });

    // The Cache-level clear of one namespace, resetting its statistics.
    await cards.set('card:1', { i: 1 });
    await cache.clear({ namespace: cards.name, resetStats: true });
    expect(await cards.stats()).toEqual({ name: cards.name, keys: 0, hits: 0, misses: 0, hit_rate: 0 });
    expect((await anime.stats()).keys).toBe(1);
  });

  it('reports keys, hits, misses and hit rate per namespace', async () => {
    const ns = cache.namespace(freshName('stats'));
    const other = cache.namespace(freshName('other'));
    expect(await ns.stats()).toEqual({ name: ns.name, keys: 0, hits: 0, misses: 0, hit_rate: 0 });
    await ns.set('x', 1);
    await ns.set('y', 2);
    await ns.setBuffer('z', Buffer.from('z'));
    await ns.get('x');
    await ns.get('y');
    await ns.getBuffer('z');
    await ns.get('missing');
    await other.get('missing');

    expect(await ns.stats()).toEqual({ name: ns.name, keys: 3, hits: 3, misses: 1, hit_rate: 0.75 });
    const all = await cache.stats();
    expect(all.find((s) => s.name === ns.name)).toEqual(await ns.stats());
    expect(all.find((s) => s.name === other.name)).toEqual({
      name: other.name,
      keys: 0,
      hits: 0,
      misses: 1,
      hit_rate: 0,
    });
    expect(all.map((s) => s.name)).toEqual([...all.map((s) => s.name)].sort());
  });

  it('add stores only when the key is absent, atomically, and an expired key is absent', async () => {
    const ns = cache.namespace(freshName('add'));
    const won = await Promise.all(Array.from({ length: 20 }, (_, i) => ns.add('lock', `owner-${i}`, MINUTE)));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await ns.get('lock')).toBe(`owner-${won.indexOf(true)}`);
    expect(await ns.add('lock', 'late', MINUTE)).toBe(false);
    expect(await ns.get('lock')).toBe(`owner-${won.indexOf(true)}`);

    await ns.add('guard', { seen: true }, BRIEF);
    await untilPasses(async () => expect(await ns.add('guard', { seen: 'again' }, MINUTE)).toBe(true));
    expect(await ns.get('guard')).toEqual({ seen: 'again' });

    await expect(ns.add('no-ttl', 1, 0)).rejects.toThrow(/TTL/);
    await expect(ns.add('no-ttl', 1, -1)).rejects.toThrow(/TTL/);
    expect(await ns.get('no-ttl')).toBeUndefined();
  });

  it('replace changes a live key only, keeping its expiry', async () => {
    const ns = cache.namespace(freshName('replace'));
    await ns.set('session', { language: 'en' }, MINUTE);
    expect(await ns.replace('session', { language: 'ru' })).toBe(true);
    expect(await ns.get('session')).toEqual({ language: 'ru' });
    const left = await ns.ttl('session');
    expect(left).toBeGreaterThan(MINUTE / 2);
    expect(left).toBeLessThanOrEqual(MINUTE);

    expect(await ns.replace('absent', { language: 'ru' })).toBe(false);
    expect(await ns.get('absent')).toBeUndefined();

    // Replacing does not make a value live longer: it still expires, and then stays absent.
    await ns.set('brief', 'a', BRIEF);
    await ns.replace('brief', 'b');
    await untilPasses(async () => expect(await ns.get('brief')).toBeUndefined());
    expect(await ns.replace('brief', 'c')).toBe(false);
    expect(await ns.get('brief')).toBeUndefined();

    await ns.set('forever', 1);
    expect(await ns.replace('forever', 2)).toBe(true);
    expect(await ns.ttl('forever')).toBe(Number.POSITIVE_INFINITY);
  });

  it('deleteIf deletes a key only while it holds the given value', async () => {
    const ns = cache.namespace(freshName('deleteif'));
    await ns.set('lock', 'mine', MINUTE);
    expect(await ns.deleteIf('lock', 'theirs')).toBe(false);
    expect(await ns.get('lock')).toBe('mine');
    expect(await ns.deleteIf('lock', 'mine')).toBe(true);
    expect(await ns.get('lock')).toBeUndefined();
    expect(await ns.deleteIf('lock', 'mine')).toBe(false);

    await ns.set('owner', { id: 1 });
    expect(await ns.deleteIf('owner', { id: 2 })).toBe(false);
    expect(await ns.deleteIf('owner', { id: 1 })).toBe(true);

    await ns.add('brief', 'mine', BRIEF);
    await untilPasses(async () => expect(await ns.deleteIf('brief', 'mine')).toBe(false));
  });

  it('increment counts in a fixed window, atomically', async () => {
    const ns = cache.namespace(freshName('incr'));
    const first = await ns.increment('ip', MINUTE);
    expect(first.value).toBe(1);
    expect(first.ttlSeconds).toBeGreaterThan(MINUTE / 2);
    expect(first.ttlSeconds).toBeLessThanOrEqual(MINUTE);
    const later = await Promise.all(Array.from({ length: 10 }, () => ns.increment('ip', MINUTE)));
    expect(later.map((r) => r.value).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // The window is the first increment's: later ones do not extend it.
    for (const r of later) expect(r.ttlSeconds).toBeLessThanOrEqual(first.ttlSeconds);
    expect(await ns.get('ip')).toBe(11);

    // Once the window is over the count starts again, with the new TTL.
    await ns.increment('brief', BRIEF);
    await untilPasses(async () => expect((await ns.increment('brief', MINUTE)).value).toBe(1));
    expect(await ns.ttl('brief')).toBeGreaterThan(MINUTE / 2);

    // A number stored without expiry counts on, and gets one.
    await ns.set('plain', 5);
    const plain = await ns.increment('plain', MINUTE);
    expect(plain.value).toBe(6);
    expect(plain.ttlSeconds).toBeLessThanOrEqual(MINUTE);
    expect(await ns.ttl('plain')).toBeLessThanOrEqual(MINUTE);

    await ns.set('word', 'not a number');
    await expect(ns.increment('word', MINUTE)).rejects.toThrow();
    await expect(ns.increment('ip', 0)).rejects.toThrow(/TTL/);
  });

  it('increment adds a batch of counts at once, in the same window', async () => {
    const ns = cache.namespace(freshName('incrby'));
    const first = await ns.increment('ip', MINUTE, 7);
    expect(first.value).toBe(7);
    expect(first.ttlSeconds).toBeLessThanOrEqual(MINUTE);
    const both = await Promise.all([ns.increment('ip', MINUTE, 5), ns.increment('ip', MINUTE)]);
    // Whichever lands first, each sees the counter just after its own addition.
    expect([
      [12, 13],
      [8, 13],
    ]).toContainEqual(both.map((r) => r.value).sort((a, b) => a - b));
    expect(await ns.get('ip')).toBe(13);
    for (const r of both) expect(r.ttlSeconds).toBeLessThanOrEqual(first.ttlSeconds);
    for (const bad of [0, -2, 1.5, Number.NaN])
      await expect(ns.increment('ip', MINUTE, bad)).rejects.toThrow(/positive whole number/);
    expect(await ns.get('ip')).toBe(13);
  });

  it('ttl reports the time left: 0 when absent, Infinity without expiry', async () => {
    const ns = cache.namespace(freshName('ttlread'));
    expect(await ns.ttl('absent')).toBe(0);
    await ns.set('forever', 1);
    expect(await ns.ttl('forever')).toBe(Number.POSITIVE_INFINITY);
    await ns.setBuffer('minute', Buffer.from('x'), MINUTE);
    const left = await ns.ttl('minute');
    expect(left).toBeGreaterThan(MINUTE / 2);
    expect(left).toBeLessThanOrEqual(MINUTE);
    await ns.set('brief', 1, BRIEF);
    await untilPasses(async () => expect(await ns.ttl('brief')).toBe(0));
  });

  it('atomic operations count no hits or misses', async () => {
    const ns = cache.namespace(freshName('atomicstats'));
    await ns.add('a', 1, MINUTE);
    await ns.add('a', 2, MINUTE);
    await ns.replace('a', 3);
    await ns.replace('b', 3);
    await ns.increment('c', MINUTE);
    await ns.ttl('a');
    await ns.deleteIf('a', 3);
    await ns.deleteIf('c', 3);
    expect(await ns.stats()).toEqual({ name: ns.name, keys: 1, hits: 0, misses: 0, hit_rate: 0 });
  });

  it('counts signed-in users reads per user, keeps scopes apart, and forgets idle users on cleanup', async () => {
    const scope = cache.prefixed(freshName('users'));
    const other = cache.prefixed(freshName('users'));
    const ns = scope.namespace('cards');
    await ns.set('a', 1, MINUTE);
    // User 1: a hit and a miss (0.5); user 2: two hits (1); an anonymous read counts for nobody.
    await asCacheReader(1, async () => {
      await ns.get('a');
      await ns.get('missing');
    });
    await asCacheReader(2, () => ns.wrap('a', MINUTE, async () => 0));
    await asCacheReader(2, () => ns.getBuffer('a'));
    await asCacheReader(null, () => ns.get('a'));
    await untilPasses(async () =>
      expect(await scope.userStats()).toEqual({ users_tracked: 2, avg_user_hit_rate: 0.75 }),
    );
    expect(await other.userStats()).toEqual({ users_tracked: 0, avg_user_hit_rate: 0 });
    // Nobody idle yet; a day later both are.
    expect((await scope.cleanup()).usersForgotten).toBe(0);
    const later = await scope.cleanup({ now: Date.now() + 25 * 60 * 60 * 1000 });
    expect(later.usersForgotten).toBe(2);
    expect(await scope.userStats()).toEqual({ users_tracked: 0, avg_user_hit_rate: 0 });
    // A full reset of statistics drops the per-user figures too.
    await asCacheReader(3, () => ns.get('a'));
    await untilPasses(async () => expect((await scope.userStats()).users_tracked).toBe(1));
    await scope.clear({ resetStats: true });
    expect((await scope.userStats()).users_tracked).toBe(0);
  });

  it('cleanup removes expired entries', async () => {
    const ns = cache.namespace(freshName('cleanup'));
    await ns.set('brief', 1, BRIEF);
    await ns.set('kept', 1, MINUTE);
    await untilPasses(async () => expect(await ns.ttl('brief')).toBe(0));
    const { expiredRemoved } = await cache.cleanup();
    // Redis removes expired keys itself (0 here); the memory store removes them now.
    if (impl.name === 'memory') expect(expiredRemoved).toBeGreaterThanOrEqual(1);
    expect((await ns.stats()).keys).toBe(1);
  });

  it('refuses namespace names that could collide with another namespace', () => {
    expect(() => cache.namespace('cards:images')).toThrow(/namespace/);
    expect(() => cache.namespace('')).toThrow(/namespace/);
  });

  it('keeps each scope (service) apart: values, statistics and clears of one never touch another', async () => {
    const scope = freshName('svc');
    const auth = cache.prefixed(`${scope}-auth`);
    const bot = cache.prefixed(`${scope}-bot`);
    const name = freshName('cards');
    await auth.namespace(name).set('1', 'from auth');
    await bot.namespace(name).set('1', 'from bot');
    expect(await auth.namespace(name).get('1')).toBe('from auth');
    expect(await bot.namespace(name).get('1')).toBe('from bot');
    // The unscoped cache and a scope inside a scope see none of it.
    expect(await cache.namespace(name).get('1')).toBeUndefined();
    expect(await auth.prefixed('inner').namespace(name).get('1')).toBeUndefined();

    expect(await auth.stats()).toEqual([{ name, keys: 1, hits: 1, misses: 0, hit_rate: 1 }]);
    expect((await bot.stats()).map((s) => s.name)).toEqual([name]);
    expect((await cache.stats()).find((s) => s.name === name)).toEqual({
      name,
      keys: 0,
      hits: 0,
      misses: 1,
      hit_rate: 0,
    });

    await auth.clear({ resetStats: true });
    expect(await auth.namespace(name).get('1')).toBeUndefined();
    expect(await bot.namespace(name).get('1')).toBe('from bot');
    expect(await bot.namespace(name).stats()).toMatchObject({ keys: 1, hits: 2 });

    // Closing a view leaves the connection it shares open.
    await auth.close();
    expect(await bot.ready()).toBe(true);
    expect(await bot.namespace(name).get('1')).toBe('from bot');
    await bot.clear({ resetStats: true });
  });

  it('refuses scope names that could collide with another scope or the key layout', () => {
    for (const bad of ['', 'a:b', 'a*', 'c', 'stats', 'namespaces'])
      expect(() => cache.prefixed(bad), bad).toThrow(/scope/);
  });

  if (impl.shared) {
    it('shares values and statistics between instances (replicas)', async () => {
      const replica = await impl.open();
      try {
        const here = cache.namespace(freshName('replicas'));
        const there = replica.namespace(here.name);
        await here.set('user:1', { name: 'Aqua' });
        expect(await there.get('user:1')).toEqual({ name: 'Aqua' });
        await there.get('user:2');
        await here.get('user:1');
        const expected = { name: here.name, keys: 1, hits: 2, misses: 1, hit_rate: 0.6667 };
        expect(await here.stats()).toEqual(expected);
        expect(await there.stats()).toEqual(expected);
        expect((await replica.stats()).find((s) => s.name === here.name)).toEqual(expected);

        await there.clear();
        expect(await here.get('user:1')).toBeUndefined();

        // Replicas racing for one lock: one wins; counting together: every count is seen once.
        const won = await Promise.all(
          Array.from({ length: 10 }, (_, i) => (i % 2 ? here : there).add('lock', i, MINUTE)),
        );
        expect(won.filter(Boolean)).toHaveLength(1);
        expect(await there.deleteIf('lock', won.indexOf(true))).toBe(true);
        const counts = await Promise.all(
          Array.from({ length: 10 }, (_, i) => (i % 2 ? here : there).increment('hits', MINUTE)),
        );
        expect(counts.map((c) => c.value).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      } finally {
        await replica.close();
      }
    });

    it('shares a scope between instances (replicas of one service)', async () => {
      const replica = await impl.open();
      try {
        const scope = freshName('replicated');
        const here = cache.prefixed(scope).namespace('sessions');
        const there = replica.prefixed(scope).namespace('sessions');
        await here.set('s1', { userId: 1 });
        expect(await there.get('s1')).toEqual({ userId: 1 });
        expect((await replica.prefixed(scope).stats()).map((s) => s.name)).toEqual(['sessions']);
      } finally {
        await replica.close();
      }
    });
  }
});

describe('memory cache bounds', () => {
  it('evicts the least recently used entries beyond its size', async () => {
    const cache = createMemoryCache({ maxEntries: 3 });
    const ns = cache.namespace('bounded');
    await ns.set('a', 1);
    await ns.set('b', 2);
    await ns.set('c', 3);
    await ns.get('a');
    await ns.set('d', 4);
    expect(await ns.get('b')).toBeUndefined();
    expect(await ns.get('a')).toBe(1);
    expect((await ns.stats()).keys).toBe(3);
  });

  it('evicts by bytes too', async () => {
    const cache = createMemoryCache({ maxBytes: 10_000 });
    const ns = cache.namespace('images');
    for (let i = 0; i < 10; i++) await ns.setBuffer(`img:${i}`, Buffer.alloc(3000, i));
    expect((await ns.stats()).keys).toBeLessThanOrEqual(3);
    expect((await ns.getBuffer('img:9'))?.[0]).toBe(9);
  });
});

describe('connectCache', () => {
  it('uses memory without a Redis URL', async () => {
    const cache = await connectCache({});
    expect(cache.kind).toBe('memory');
    await cache.close();
  });

  if (redisUrl) {
    it('uses Redis with a URL; a trailing colon on the prefix changes nothing', async () => {
      const cache = await connectCache({ redisUrl, prefix: `${prefix}:svc:` });
      const same = await connectCache({ redisUrl, prefix: `${prefix}:svc` });
      try {
        expect(cache.kind).toBe('redis');
        await cache.namespace('sessions').set('s1', { userId: 1 });
        expect(await same.namespace('sessions').get('s1')).toEqual({ userId: 1 });
        const redis = new Redis(redisUrl);
        expect(await redis.exists(`${prefix}:svc:c:sessions:s1`)).toBe(1);
        redis.disconnect();
      } finally {
        await cache.close();
        await same.close();
      }
    });

    afterAll(async () => {
      // Remove everything this run wrote (values, counters, the namespace set).
      const redis = new Redis(redisUrl);
      try {
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length > 0) await redis.unlink(...keys);
        expect(await redis.keys(`${prefix}:*`)).toEqual([]);
      } finally {
        redis.disconnect();
      }
    });
  }

  it('fails fast when Redis is unreachable', async () => {
    await expect(connectRedisCache({ url: 'redis://127.0.0.1:1' })).rejects.toThrow(/unreachable/);
  });
});
