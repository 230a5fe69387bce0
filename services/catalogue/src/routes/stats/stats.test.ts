import { usersCount } from '@acg/contracts';
import {
  createLogger,
  createMemoryBus,
  createMemoryCache,
  openServiceDatabase,
  type RunningService,
} from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueConfigSchema } from '../../config';
import { seedDemoCatalogue } from '../../seed/demo';
import { catalogueDatabase, start } from '../../start';

const logger = createLogger('catalogue-test', 'silent');
let testDb: TestDatabase;
let service: RunningService;
const bus = createMemoryBus();
let usersServed: { stop(): Promise<void> } | undefined;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const database = await openServiceDatabase(catalogueDatabase, testDb.url, logger);
  await seedDemoCatalogue(database);
  const config = catalogueConfigSchema.parse({
    INTERNAL_SECRET: 's'.repeat(32),
    PORT: '0',
    STATS_CACHE_SECONDS: '0',
  });
  service = await start({ config, logger, bus, cache: createMemoryCache(), database, ownsInfra: true });
});
afterAll(async () => {
  await service?.close();
  await testDb?.drop();
});

describe('GET /api/stats', () => {
  it('answers 503 JSON while auth has never answered and no count is known', async () => {
    const res = await service.app.inject({ method: 'GET', url: '/api/stats' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'upstream_unavailable' });
  });

  it('counts users through auth over the bus and anime and cards locally', async () => {
    let count = 2;
    usersServed = bus.serve(usersCount, async () => ({ count }));
    const res = await service.app.inject({ method: 'GET', url: '/api/stats' });
    expect(res.statusCode).toBe(200);
    // The demo seed has 10 anime and 60 cards.
    expect(res.json()).toEqual({ users: 2, anime: 10, cards: 60 });
    count = 5;
    expect((await service.app.inject({ method: 'GET', url: '/api/stats' })).json().users).toBe(5);
  });

  it('keeps answering with the last known users count when auth stops responding', async () => {
    await usersServed?.stop();
    const res = await service.app.inject({ method: 'GET', url: '/api/stats' });
    expect(res.statusCode).toBe(200);
    expect(res.json().users).toBe(5);
  });
});
