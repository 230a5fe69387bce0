/**
 * Benchmarks with the large seed, through the gateway, one run each (issue "collection core"):
 *   - the trivial gateway route (GET /api/stats) as the baseline;
 *   - GET /api/characters without a filter, with a rank filter, and one page (limit=60);
 *   - card image cold render time (median of 100 different cards) and cached hits per second.
 *
 *   pnpm exec tsx deploy/runner/bench/large.ts [--duration 10] [--connections 20]
 *
 * Seeds ~5,000 users, ~20,000 characters, ~60,000 cards and inventories with likes into a fresh
 * database (DATABASE_URL's server, or an embedded PostgreSQL), starts the embedded system on it
 * and measures with autocannon. Prints figures; asserts nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createLogger } from '@acg/platform';
import { createTestDatabase } from '@acg/platform/testing';
import autocannon from 'autocannon';
import { startEmbedded } from '../src/embedded';
import { signIn } from '../src/testing/sign-in';
import { seedLarge } from './large-seed';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const logger = createLogger('bench', 'warn');
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

const db = await createTestDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'acg-bench-'));
try {
  let t0 = performance.now();
  const { users, cards } = await seedLarge(db.url, logger);
  console.log(
    `seeded ${users.length} users, ${cards.length} cards (+ inventories, likes) in ${seconds(t0)} s`,
  );

  const system = await startEmbedded({
    env: { ...process.env, DATABASE_URL: db.url, RATE_LIMIT_ENABLED: 'false', SEED_DEMO_CATALOGUE: 'false' },
    dataDir,
    port: 0,
    ephemeralPorts: true,
    logLevel: 'warn',
  });
  try {
    const cookie = await signIn(system.url, 'sakura_fan');
    const run = async (title: string, path: string, headers: Record<string, string> = {}) => {
      const r = await autocannon({ url: `${system.url}${path}`, duration, connections, headers });
      console.log(
        `${title.padEnd(44)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(5)} ms   errors ${r.errors + r.non2xx}`,
      );
      return r;
    };
    console.log(`\nautocannon, ${connections} connections, ${duration} s each, through the gateway:`);
    await run('GET /api/stats (trivial baseline)', '/api/stats');
    await run('GET /api/characters (no filter)', '/api/characters', { cookie });
    await run('GET /api/characters (no filter, gzip)', '/api/characters', {
      cookie,
      'accept-encoding': 'gzip',
    });
    await run('GET /api/characters?rank_code=S', '/api/characters?rank_code=S', { cookie });
    await run('GET /api/characters?limit=60 (one page)', '/api/characters?limit=60', { cookie });

    const sample = cards.filter((_, i) => i % Math.floor(cards.length / 100) === 0).slice(0, 100);
    const times: number[] = [];
    for (const card of sample) {
      t0 = performance.now();
      const res = await fetch(`${system.url}/api/cards/${card.id}/image`, {
        headers: { accept: 'image/webp' },
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`image ${card.id}: ${res.status}`);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `\ncard image cold render (WebP, ${times.length} different cards): median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, p95 ${times[Math.floor(times.length * 0.95)]!.toFixed(1)} ms`,
    );
    await run(`GET /api/cards/${sample[0]!.id}/image (cached hit)`, `/api/cards/${sample[0]!.id}/image`, {
      accept: 'image/webp',
    });
  } finally {
    await system.close();
  }
} finally {
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
}
