import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropState, UserBusyError } from './drop-state';
import { type BotState, connectRedisState, createMemoryState } from './index';

/** One contract, two stores: memory always, Redis when REDIS_URL is set (under a prefix of this run). */
const redisUrl = process.env.REDIS_URL;
const prefix = `acgtest-bot-${randomBytes(6).toString('hex')}`;
const implementations: Array<{ name: string; open: () => Promise<BotState> }> = [
  { name: 'memory', open: async () => createMemoryState() },
  ...(redisUrl ? [{ name: 'redis', open: () => connectRedisState(redisUrl, prefix) }] : []),
];

afterAll(async () => {
  if (!redisUrl) return;
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe.each(implementations)('$name bot state', (impl) => {
  let state: BotState;
  beforeAll(async () => {
    state = await impl.open();
  });
  afterAll(() => state?.close());
  const key = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;

  it('adds a key only when it is absent, atomically', async () => {
    const k = key('add');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => state.add(k, `v${i}`, 5000)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await state.get(k)).toBe(`v${results.indexOf(true)}`);
    expect(await state.ready()).toBe(true);
  });

  it('expires keys after their TTL and reports the time left', async () => {
    const k = key('ttl');
    await state.set(k, 'x', 200);
    const left = await state.ttlMs(k);
    expect(left).toBeGreaterThan(100);
    expect(left).toBeLessThanOrEqual(200);
    expect(await state.ttlMs(key('absent'))).toBe(0);
    await sleep(300);
    expect(await state.get(k)).toBeUndefined();
    expect(await state.ttlMs(k)).toBe(0);
    expect(await state.add(k, 'again', 1000)).toBe(true);
  });

  it('deletes a key only while it holds the given value', async () => {
    const k = key('owned');
    await state.set(k, 'mine', 5000);
    await state.deleteIf(k, 'theirs');
    expect(await state.get(k)).toBe('mine');
    await state.deleteIf(k, 'mine');
    expect(await state.get(k)).toBeUndefined();
  });

  describe('drop rules', () => {
    it('sees a signature once (case-insensitively)', async () => {
      const drops = dropState(state);
      const signature = randomBytes(64).toString('hex');
      expect(await drops.firstSighting(signature)).toBe(true);
      expect(await drops.firstSighting(signature.toUpperCase())).toBe(false);
    });

    it('keeps a cooldown for its length; zero means none', async () => {
      const drops = dropState(state);
      const user = key('user');
      await drops.startCooldown(user, 0);
      expect(await drops.cooldownLeftMs(user)).toBe(0);
      await drops.startCooldown(user, 60_000);
      expect(await drops.cooldownLeftMs(user)).toBeGreaterThan(59_000);
    });

    it('keeps answers by interaction id', async () => {
      const drops = dropState(state);
      const id = key('interaction');
      expect(await drops.savedAnswer(id)).toBeUndefined();
      await drops.saveAnswer(id, { content: 'hi', flags: 64 });
      expect(await drops.savedAnswer(id)).toEqual({ content: 'hi', flags: 64 });
    });

    it('runs one drop of a user at a time, releases the lock after a failure, and gives up waiting', async () => {
      const drops = dropState(state, { lockWaitMs: 150, lockPollMs: 10 });
      const user = key('user');
      let running = 0;
      let overlapped = false;
      const work = async () => {
        running++;
        if (running > 1) overlapped = true;
        await sleep(20);
        running--;
      };
      await Promise.all([1, 2, 3].map(() => drops.withUserLock(user, work)));
      expect(overlapped).toBe(false);

      await expect(drops.withUserLock(user, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      expect(await drops.withUserLock(user, async () => 'free again')).toBe('free again');

      const slow = drops.withUserLock(user, () => sleep(400));
      await expect(drops.withUserLock(user, async () => 'never')).rejects.toBeInstanceOf(UserBusyError);
      // Another user is not held up.
      expect(await drops.withUserLock(key('other'), async () => 'other user')).toBe('other user');
      await slow;
    });
  });
});
