import { randomBytes } from 'node:crypto';
import { IDENTITY_HEADER } from '@acg/contracts';
import {
  type Bus,
  type Cache,
  connectCache,
  createLogger,
  createMemoryBus,
  type Database,
  openServiceDatabase,
  type RunningService,
  signIdentity,
} from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { type CatalogueCaches, catalogueCaches } from '../caches';
import { type CatalogueConfig, catalogueConfigSchema } from '../config';
import { cards, characters, outbox } from '../db/schema';
import { type CatalogueEditor, createCatalogueEditor } from '../editing/catalogue-editor';
import { seedDemoCatalogue } from '../seed/demo';
import { catalogueDatabase, start } from '../start';

export const SECRET = 'c'.repeat(32);

/** The identity header the gateway would forward for a signed-in user. */
export const signedIn = (userId: number, language = 'en') => ({
  [IDENTITY_HEADER]: signIdentity({ userId, adminLevel: 0, language }, SECRET, 600),
});

/**
 * The catalogue on a fresh test database with the demo catalogue, as the tests drive it: over
 * HTTP (app.inject, as the gateway forwards requests) and the in-process bus, where other
 * services' RPCs are served by the test. The cache is Redis (under a prefix of its own) when
 * REDIS_URL is set, else in memory. `editor` edits the catalogue the way admin routes will.
 */
export interface CatalogueHarness {
  service: RunningService;
  bus: Bus;
  database: Database;
  cache: Cache;
  caches: CatalogueCaches;
  editor: CatalogueEditor;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Catalogue ids by name, for the demo data the tests read. */
  characterId(name: string): Promise<number>;
  cardIdsOf(name: string): Promise<number[]>;
  outboxEvents(type: string): Promise<Array<{ type: string; data: unknown }>>;
  close(): Promise<void>;
}

/** The catalogue's schema on a fresh test database, with no service or seed; `close` drops it. */
export async function openCatalogueTestDatabase(): Promise<{ database: Database; close(): Promise<void> }> {
  const testDb = await createTestDatabase();
  const database = await openServiceDatabase(
    catalogueDatabase,
    testDb.url,
    createLogger('catalogue-test', 'silent'),
  );
  return {
    database,
    async close() {
      await database.close();
      await testDb.drop();
    },
  };
}

export async function startCatalogue(
  env: Record<string, string> = {},
  /** Another Redis than REDIS_URL's (a test's own server, which it may stop). */
  opts: { redisUrl?: string } = {},
): Promise<CatalogueHarness> {
  const logger = createLogger('catalogue-test', 'silent');
  const testDb: TestDatabase = await createTestDatabase();
  const database = await openServiceDatabase(catalogueDatabase, testDb.url, logger);
  const cache = await connectCache({
    redisUrl: opts.redisUrl ?? process.env.REDIS_URL,
    prefix: `acgtest-catalogue-${randomBytes(6).toString('hex')}`,
  });
  const bus = createMemoryBus();
  const config: CatalogueConfig = catalogueConfigSchema.parse({
    INTERNAL_SECRET: SECRET,
    PORT: '0',
    ...env,
  });
  // The demo catalogue, as the runners seed it before the service starts.
  await seedDemoCatalogue(database, { cache });
  const service = await start({ config, logger, bus, cache, database });
  const caches = catalogueCaches(cache);

  return {
    service,
    bus,
    database,
    cache,
    caches,
    editor: createCatalogueEditor({ database, caches }),
    get: (url, headers = {}) => service.app.inject({ method: 'GET', url, headers }),
    async characterId(name) {
      const [row] = await database.db
        .select({ id: characters.id })
        .from(characters)
        .where(eq(characters.name, name));
      if (!row) throw new Error(`no character ${name}`);
      return row.id;
    },
    async cardIdsOf(name) {
      const rows = await database.db
        .select({ id: cards.id })
        .from(cards)
        .innerJoin(characters, eq(characters.id, cards.characterId))
        .where(eq(characters.name, name))
        .orderBy(cards.id);
      return rows.map((r) => r.id);
    },
    outboxEvents: (type) =>
      database.db
        .select({ type: outbox.type, data: outbox.data })
        .from(outbox)
        .where(eq(outbox.type, type))
        .orderBy(outbox.occurredAt),
    async close() {
      await service.close();
      await bus.drain();
      await cache.clear({ resetStats: true });
      await cache.close();
      await database.close();
      await testDb.drop();
    },
  };
}
