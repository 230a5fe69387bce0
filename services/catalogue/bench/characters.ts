/**
 * GET /api/characters with the large catalogue (~20,000 characters, ~60,000 cards), measured
 * in-process against the catalogue service alone (no gateway):
 *
 *   pnpm exec tsx services/catalogue/bench/characters.ts [--duration 10] [--connections 10]
 *
 * Seeds a fresh test database (DATABASE_URL's server, else an embedded PostgreSQL), starts the
 * service on a loopback port with the in-process bus and the memory cache (Redis with
 * REDIS_URL), then prints, for each call, the time of its first (uncached) answer and
 * autocannon's req/s and p99 for it (autocannon runs in this process too, sharing its CPU).
 * Prints figures; asserts nothing.
 */
import { parseArgs } from 'node:util';
import { IDENTITY_HEADER } from '@acg/contracts';
import {
  connectCache,
  createLogger,
  createMemoryBus,
  openServiceDatabase,
  signIdentity,
} from '@acg/platform';
import { createTestDatabase } from '@acg/platform/testing';
import autocannon from 'autocannon';
import { catalogueConfigSchema } from '../src/config';
import { seedLargeCatalogue } from '../src/seed/large';
import { catalogueDatabase, start } from '../src/start';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const logger = createLogger('catalogue-bench', 'warn');
const secret = 'b'.repeat(32);
const headers = {
  [IDENTITY_HEADER]: signIdentity({ userId: 1, adminLevel: 0, language: 'en' }, secret, 3600),
};

const testDb = await createTestDatabase();
try {
  const database = await openServiceDatabase(catalogueDatabase, testDb.url, logger);
  let t0 = performance.now();
  const cards = await seedLargeCatalogue(database);
  console.log(`seeded ${cards.length} cards in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const bus = createMemoryBus();
  const cache = await connectCache({
    redisUrl: process.env.REDIS_URL,
    prefix: `acgbench-catalogue-${process.pid}`,
  });
  const config = catalogueConfigSchema.parse({
    INTERNAL_SECRET: secret,
    PORT: '0',
  });
  const service = await start({ config, logger, bus, cache, database });
  try {
    console.log(`\n${cache.kind} cache; autocannon, ${connections} connections, ${duration} s each:`);
    const gzip = { 'accept-encoding': 'gzip' };
    for (const [title, path, extra] of [
      ['no filter (whole list)', '/api/characters', {}],
      ['no filter, gzip (as browsers ask)', '/api/characters', gzip],
      ['rank filter (rank_code=S)', '/api/characters?rank_code=S', {}],
      ['rank filter, gzip', '/api/characters?rank_code=S', gzip],
      ['one page (limit=60)', '/api/characters?limit=60', {}],
      ['one page, rank filter (limit=60&rank_code=S)', '/api/characters?limit=60&rank_code=S', {}],
    ] as const) {
      const url = `${service.url}${path}`;
      const ask = { ...headers, ...extra };
      await cache.clear({ namespace: 'characters' });
      t0 = performance.now();
      const first = await fetch(url, { headers: ask });
      await first.arrayBuffer();
      const cold = performance.now() - t0;
      const r = await autocannon({ url, duration, connections, headers: ask });
      const size = r.throughput.average / Math.max(r.requests.average, 1);
      console.log(
        `${title.padEnd(46)} uncached ${cold.toFixed(0).padStart(5)} ms   ${r.requests.average.toFixed(0).padStart(6)} req/s   p99 ${String(r.latency.p99).padStart(5)} ms   ${(size / 1e6).toFixed(2).padStart(6)} MB/answer   total ${first.headers.get('x-total-count')}   errors ${r.errors + r.non2xx}`,
      );
    }
  } finally {
    await service.close();
    await bus.drain();
    await cache.clear({ resetStats: true });
    await cache.close();
    await database.close();
  }
} finally {
  await testDb.drop();
}
