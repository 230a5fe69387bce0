import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectCache, connectRedisCache, createMemoryCache } from './index';
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
    await ns.set('short', { v: 1 }, 0.15);
    await ns.set('forever', { v: 2 });
    expect(await ns.get('short')).toEqual({ v: 1 });
    await expect.poll(() => ns.get('short')).toBeUndefined();
    expect(await ns.get('forever')).toEqual({ v: 2 });
    expect((await ns.stats()).keys).toBe(1);
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

    await ns.setBuffer('thumb.png', Buffer.from('tiny'), 0.15);
    expect((await ns.getBuffer('thumb.png'))?.toString()).toBe('tiny');
    await expect.poll(() => ns.getBuffer('thumb.png')).toBeUndefined();
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
    expect(await ns.wrap('n', 0.15, compute)).toBe(1);
    expect(await ns.wrap('n', 0.15, compute)).toBe(1);
    // Computed again as soon as the value is gone (each earlier call is a hit, computing nothing).
    await expect.poll(() => ns.wrap('n', 0.15, compute)).toBe(2);

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

  it('refuses namespace names that could collide with another namespace', () => {
    expect(() => cache.namespace('cards:images')).toThrow(/namespace/);
    expect(() => cache.namespace('')).toThrow(/namespace/);
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
