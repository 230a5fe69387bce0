import { randomBytes } from 'node:crypto';
import { type Cache, connectRedisCache, createMemoryCache } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dropState, UserBusyError } from './drop-state';

/**
 * The bot's state rules on the kit's caches: memory always, Redis when REDIS_URL is set (under a
 * prefix of this run). The cache operations themselves are covered by the platform's cache
 * contract suite. No test waits a fixed time: work is held by gates the test opens, and what
 * must happen is polled for.
 */
const redisUrl = process.env.REDIS_URL;
const prefix = `acgtest-bot-${randomBytes(6).toString('hex')}`;
const implementations: Array<{ name: string; open: () => Promise<Cache>; shared: boolean }> = [
  { name: 'memory', open: async () => createMemoryCache(), shared: false },
  ...(redisUrl
    ? [{ name: 'redis', open: () => connectRedisCache({ url: redisUrl, prefix }), shared: true }]
    : []),
];

/** A promise the test settles when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe.each(implementations)('bot state on the $name cache', (impl) => {
  let cache: Cache;
  beforeAll(async () => {
    cache = await impl.open();
  });
  afterAll(async () => {
    await cache?.clear({ resetStats: true });
    await cache?.close();
  });
  const key = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;

  it('sees a signature once (case-insensitively)', async () => {
    const drops = dropState(cache);
    const signature = randomBytes(64).toString('hex');
    expect(await drops.firstSighting(signature)).toBe(true);
    expect(await drops.firstSighting(signature.toUpperCase())).toBe(false);
    expect(await drops.firstSighting(randomBytes(64).toString('hex'))).toBe(true);
  });

  it('keeps a cooldown for its length; zero means none', async () => {
    const drops = dropState(cache);
    const user = key('user');
    expect(await drops.cooldownLeftMs(user)).toBe(0);
    await drops.startCooldown(user, 0);
    expect(await drops.cooldownLeftMs(user)).toBe(0);
    await drops.startCooldown(user, 60_000);
    const left = await drops.cooldownLeftMs(user);
    // Bounds far apart, so a stalled machine cannot fail them.
    expect(left).toBeGreaterThan(30_000);
    expect(left).toBeLessThanOrEqual(60_000);
    expect(await drops.cooldownLeftMs(key('other'))).toBe(0);
  });

  it('keeps answers by interaction id', async () => {
    const drops = dropState(cache);
    const id = key('interaction');
    expect(await drops.savedAnswer(id)).toBeUndefined();
    await drops.saveAnswer(id, { content: 'hi', flags: 64 });
    expect(await drops.savedAnswer(id)).toEqual({ content: 'hi', flags: 64 });
  });

  it('runs one drop of a user at a time, in turn', async () => {
    const drops = dropState(cache, { lockPollMs: 5 });
    const user = key('user');
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const runs = gates.map((g, i) =>
      drops.withUserLock(user, async () => {
        started.push(i);
        mostAtOnce = Math.max(mostAtOnce, ++running);
        await g.opened;
        running--;
        return i;
      }),
    );
    // Each drop holds the lock until its gate opens; without the lock all three would be inside.
    for (let turn = 1; turn <= 3; turn++) {
      await vi.waitFor(() => expect(started).toHaveLength(turn));
      expect(running).toBe(1);
      gates[started[turn - 1]!]!.open();
    }
    expect((await Promise.all(runs)).sort()).toEqual([0, 1, 2]);
    expect(mostAtOnce).toBe(1);
  });

  it('releases the lock after a failure, gives up waiting for a held one, and holds up no one else', async () => {
    const drops = dropState(cache, { lockPollMs: 5 });
    const user = key('user');
    await expect(drops.withUserLock(user, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await drops.withUserLock(user, async () => 'free again')).toBe('free again');

    const holder = gate();
    let holding = false;
    const held = drops.withUserLock(user, async () => {
      holding = true;
      await holder.opened;
      return 'held';
    });
    await vi.waitFor(() => expect(holding).toBe(true));
    const impatient = dropState(cache, { lockWaitMs: 50, lockPollMs: 5 });
    await expect(impatient.withUserLock(user, async () => 'never')).rejects.toBeInstanceOf(UserBusyError);
    expect(await impatient.withUserLock(key('other'), async () => 'other user')).toBe('other user');
    holder.open();
    expect(await held).toBe('held');
    expect(await impatient.withUserLock(user, async () => 'after')).toBe('after');
  });

  if (impl.shared) {
    it('is shared by replicas: a signature seen by one is a replay to another, and so is the lock', async () => {
      const replica = await impl.open();
      try {
        const here = dropState(cache);
        const there = dropState(replica, { lockWaitMs: 50, lockPollMs: 5 });
        const signature = randomBytes(64).toString('hex');
        expect(await here.firstSighting(signature)).toBe(true);
        expect(await there.firstSighting(signature)).toBe(false);

        const user = key('user');
        await here.startCooldown(user, 60_000);
        expect(await there.cooldownLeftMs(user)).toBeGreaterThan(30_000);

        const holder = gate();
        let holding = false;
        const held = here.withUserLock(user, async () => {
          holding = true;
          await holder.opened;
        });
        await vi.waitFor(() => expect(holding).toBe(true));
        await expect(there.withUserLock(user, async () => 'never')).rejects.toBeInstanceOf(UserBusyError);
        holder.open();
        await held;
        expect(await there.withUserLock(user, async () => 'now')).toBe('now');
      } finally {
        await replica.close();
      }
    });
  }
});
