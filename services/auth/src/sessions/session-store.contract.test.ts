import { createTestDatabase, type Database, type TestDatabase } from '@acg/platform';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthDatabase } from '../db/database';
import { sessions, users } from '../db/schema';
import { hashOpaqueId } from '../domain/session-id';
import { deleteRedisKeys, testRedisPrefix } from '../test/redis-keys';
import { createPostgresSessionStore } from './postgres-session-store';
import { createRedisSessionStore } from './redis-session-store';
import type { SessionStore } from './session-store';

const DAY = 86_400_000;

interface Fixture {
  store: SessionStore;
  /** A user id the backend accepts (PostgreSQL checks the foreign key). */
  userId: number;
  /** Every key or row id the backend holds for sessions. */
  storedKeys(): Promise<string[]>;
  close(): Promise<void>;
}

/** One suite, run against every implementation (architecture §5). */
function sessionStoreContract(name: string, setup: () => Promise<Fixture>) {
  describe(`${name} session store`, () => {
    let f: Fixture;
    beforeAll(async () => {
      f = await setup();
    });
    afterAll(() => f?.close());

    it('creates a session under a fresh 256-bit id and reads it back', async () => {
      const before = Date.now();
      const id = await f.store.create({ userId: f.userId, language: 'ru' });
      const other = await f.store.create({ userId: f.userId, language: 'ru' });
      expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(other).not.toBe(id);
      const session = await f.store.get(id);
      expect(session).toMatchObject({ userId: f.userId, language: 'ru' });
      expect(session!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + DAY - 1000);
      expect(session!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + DAY);
    });

    it('keeps anonymous sessions', async () => {
      const id = await f.store.create({ userId: null, language: 'en' });
      expect(await f.store.get(id)).toMatchObject({ userId: null, language: 'en' });
    });

    it('stores only the SHA-256 hash of the id', async () => {
      const id = await f.store.create({ userId: null, language: 'en' });
      const keys = await f.storedKeys();
      expect(keys.some((k) => k.includes(id))).toBe(false);
      expect(keys.some((k) => k.endsWith(hashOpaqueId(id)))).toBe(true);
    });

    it('changes the language of a live session only', async () => {
      const id = await f.store.create({ userId: null, language: 'en' });
      expect(await f.store.setLanguage(id, 'ru')).toBe(true);
      expect((await f.store.get(id))?.language).toBe('ru');
      expect(await f.store.setLanguage('A'.repeat(43), 'ru')).toBe(false);
    });

    it('deletes a session, and deleting an unknown one is fine', async () => {
      const id = await f.store.create({ userId: f.userId, language: 'en' });
      await f.store.delete(id);
      expect(await f.store.get(id)).toBeNull();
      await expect(f.store.delete(id)).resolves.toBeUndefined();
    });

    it('never returns or revives an expired session', async () => {
      const id = await f.store.create({ userId: f.userId, language: 'en' }, 5);
      await expect.poll(() => f.store.get(id)).toBeNull();
      expect(await f.store.setLanguage(id, 'ru')).toBe(false);
      expect(await f.store.get(id)).toBeNull();
    });

    it('answers malformed ids with nothing', async () => {
      for (const bad of ['', 'short', '../../etc/passwd', 'x'.repeat(500)]) {
        expect(await f.store.get(bad)).toBeNull();
        expect(await f.store.setLanguage(bad, 'ru')).toBe(false);
        await f.store.delete(bad);
      }
    });
  });
}

sessionStoreContract('PostgreSQL', async () => {
  const testDb: TestDatabase = await createTestDatabase();
  const database: Database = createAuthDatabase(testDb.url);
  await database.migrate();
  const [user] = await database.db
    .insert(users)
    .values({ discordId: '42', username: 'store_test' })
    .returning({ id: users.id });
  return {
    store: createPostgresSessionStore(database, DAY),
    userId: user!.id,
    storedKeys: async () => (await database.db.select({ k: sessions.idHash }).from(sessions)).map((r) => r.k),
    async close() {
      await database.close();
      await testDb.drop();
    },
  };
});

const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  sessionStoreContract('Redis', async () => {
    const prefix = testRedisPrefix();
    const store = createRedisSessionStore({ url: redisUrl, ttlMs: DAY, prefix });
    const redis = new Redis(redisUrl);
    return {
      store,
      userId: 7,
      storedKeys: () => redis.keys(`${prefix}*`),
      async close() {
        await store.close();
        await deleteRedisKeys(redisUrl, prefix);
        redis.disconnect();
      },
    };
  });
}
