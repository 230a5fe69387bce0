import { randomBytes } from 'node:crypto';
import {
  type Cache,
  connectRedisCache,
  createMemoryCache,
  type Database,
  openServiceDatabase,
} from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authDatabase } from '../db/database';
import { sessions, users } from '../db/schema';
import { hashOpaqueId } from '../domain/session-id';
import { createCacheSessionStore } from './cache-session-store';
import { createPostgresSessionStore } from './postgres-session-store';
import type { SessionStore } from './session-store';

const DAY = 86_400_000;

interface Fixture {
  store: SessionStore;
  /** A user id the backend accepts (PostgreSQL checks the foreign key). */
  userId: number;
  /** How many sessions the backend holds (live ones at least). */
  storedCount(): Promise<number>;
  /** Whether the backend holds something under this key (cache key or row id). */
  holds(key: string): Promise<boolean>;
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
      const before = await f.storedCount();
      const id = await f.store.create({ userId: null, language: 'en' });
      // One more session, held under the hash and nowhere under the id itself.
      expect(await f.storedCount()).toBe(before + 1);
      expect(await f.holds(hashOpaqueId(id))).toBe(true);
      expect(await f.holds(id)).toBe(false);
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
      await vi.waitFor(async () => expect(await f.store.get(id)).toBeNull(), { timeout: 5000, interval: 10 });
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
  const database: Database = await openServiceDatabase(authDatabase, testDb.url);
  const [user] = await database.db
    .insert(users)
    .values({ discordId: '42', username: 'store_test' })
    .returning({ id: users.id });
  return {
    store: createPostgresSessionStore(database, DAY),
    userId: user!.id,
    storedCount: async () => (await database.db.select({ k: sessions.idHash }).from(sessions)).length,
    holds: async (key) =>
      (await database.db.select({ k: sessions.idHash }).from(sessions).where(eq(sessions.idHash, key)))
        .length > 0,
    async close() {
      await database.close();
      await testDb.drop();
    },
  };
});

/** The store over a namespace of the kit's cache, as auth's start() builds it for Redis. */
const onCache = (open: () => Promise<Cache>) => async (): Promise<Fixture> => {
  const cache = await open();
  const namespace = cache.namespace('sessions');
  return {
    store: createCacheSessionStore(namespace, DAY),
    userId: 7,
    storedCount: async () => (await namespace.stats()).keys,
    holds: async (key) => (await namespace.ttl(key)) > 0,
    async close() {
      await cache.clear({ resetStats: true });
      await cache.close();
    },
  };
};

sessionStoreContract(
  'memory cache',
  onCache(async () => createMemoryCache()),
);

const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  sessionStoreContract(
    'Redis cache',
    onCache(() =>
      connectRedisCache({ url: redisUrl, prefix: `acgtest-auth-${randomBytes(6).toString('hex')}` }),
    ),
  );
}
