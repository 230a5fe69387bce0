import { randomBytes } from 'node:crypto';
import { IDENTITY_HEADER } from '@acg/contracts';
import { type FakeAniList, type FakeShikimori, startFakeAniList, startFakeShikimori } from '@acg/fakes';
import {
  type Bus,
  type Cache,
  connectCache,
  createLogger,
  createMemoryBus,
  type Database,
  openServiceDatabase,
  signIdentity,
} from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import type { LightMyRequestResponse } from 'fastify';
import { animeSearchConfigSchema } from '../config';
import { type AnimeSearchService, animeSearchDatabase, start } from '../start';

export const SECRET = 's'.repeat(32);

export const asUser = (language: 'en' | 'ru' = 'en') => ({
  [IDENTITY_HEADER]: signIdentity({ userId: 7, adminLevel: 0, language }, SECRET, 600),
});
export const asAdmin = () => ({
  [IDENTITY_HEADER]: signIdentity({ userId: 1, adminLevel: 3, language: 'en' }, SECRET, 600),
});

export interface Fakes {
  shikimori: FakeShikimori;
  anilist: FakeAniList;
  close(): Promise<void>;
}

/** Both fakes, without their own limits unless asked (the limits have tests of their own). */
export async function startFakes(opts: { enforceLimits?: boolean } = {}): Promise<Fakes> {
  const shikimori = await startFakeShikimori({ enforceLimits: opts.enforceLimits ?? false });
  const anilist = await startFakeAniList({ perMinute: opts.enforceLimits ? undefined : 0 });
  return {
    shikimori,
    anilist,
    close: async () => {
      await shikimori.close();
      await anilist.close();
    },
  };
}

export interface Harness {
  service: AnimeSearchService;
  /** The in-process bus the service serves its RPCs on. */
  bus: Bus;
  cache: Cache;
  database: Database;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A test database with the anime index's schema migrated (DATABASE_URL's server, else embedded). */
export async function indexDatabase(): Promise<{ database: Database; testDb: TestDatabase }> {
  const testDb = await createTestDatabase();
  const database = await openServiceDatabase(animeSearchDatabase, testDb.url);
  return { database, testDb };
}

/**
 * The service against the fakes, on a cache and an anime index of its own (Redis under a fresh
 * prefix when REDIS_URL is set, else memory; a fresh test database), driven over HTTP with
 * app.inject as the gateway would. `cache` and `db` may be shared to run two replicas.
 */
export async function startAnimeSearch(
  fakes: Fakes,
  env: Record<string, string> = {},
  shared?: Cache,
  sharedDb?: Database,
  /** The bus other services answer on (a test serves the catalogue's RPC on it). */
  bus: Bus = createMemoryBus(),
): Promise<Harness> {
  const own = sharedDb ? undefined : await indexDatabase();
  const database = sharedDb ?? own!.database;
  const cache =
    shared ??
    (await connectCache({
      redisUrl: process.env.REDIS_URL,
      prefix: `acgtest-anime-search-${randomBytes(6).toString('hex')}`,
    }));
  const config = animeSearchConfigSchema.parse({
    INTERNAL_SECRET: SECRET,
    PORT: '0',
    HOST: '127.0.0.1',
    SHIKIMORI_BASE_URL: fakes.shikimori.url,
    ANILIST_URL: fakes.anilist.url,
    // Fast tests: generous budgets, short backoff, no periodic probe; tests that need the
    // real limits or the probe set them.
    SHIKIMORI_PER_SECOND: '1000',
    SHIKIMORI_PER_MINUTE: '60000',
    ANILIST_PER_MINUTE: '60000',
    SOURCE_RETRY_DELAY_MS: '20',
    SOURCE_TIMEOUT_MS: '2000',
    STATUS_PROBE_SECONDS: '0',
    // A request's wait for the sources long enough for a loaded machine: only a test's
    // deliberate slowness passes it (the tests of the budget itself set a short one).
    SEARCH_BUDGET_MS: '10000',
    // No background fill unless a test asks for it: searches alone fill the index.
    INDEX_FILL_INTERVAL_MS: '0',
    ...env,
  });
  const service = await start({
    config,
    logger: createLogger('anime-search-test', 'silent'),
    bus,
    cache,
    database,
  });
  return {
    service,
    bus,
    cache,
    database,
    get: (url, headers = {}) => service.app.inject({ method: 'GET', url, headers }),
    close: async () => {
      await service.close();
      if (!shared) await cache.close();
      if (own) {
        await own.database.close();
        await own.testDb.drop();
      }
    },
  };
}
