/**
 * Anime search through the gateway against the fake Shikimori and AniList (issue 9):
 *   - cold: distinct queries nobody asked before, one after another (each reaches both sources,
 *     within their limits: Shikimori 5/s and 90/min, AniList 30/min) — per-request latency;
 *   - warm: one query asked again and again (answered from the cache) — autocannon req/s and
 *     latency, next to the gateway's trivial GET /api/stats in the same run as the peer.
 *
 *   pnpm exec tsx deploy/runner/bench/anime-search.ts [--duration 10] [--connections 20] [--cold 20]
 *
 * Uses DATABASE_URL's server (or an embedded PostgreSQL) and REDIS_URL when set. Prints figures;
 * asserts nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createTestDatabase } from '@acg/platform/testing';
import autocannon from 'autocannon';
import { startEmbedded } from '../src/embedded';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    cold: { type: 'string', default: '20' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const coldCount = Number(values.cold);

// Words from titles of the fakes' catalogue, each a query nobody has asked yet in this run.
const COLD_QUERIES = [
  'Frieren',
  'Steins',
  'Naruto',
  'Bleach',
  'Mushishi',
  'Monster',
  'Haikyu',
  'Spy',
  'Chainsaw',
  'Jujutsu',
  'Vinland',
  'Mob',
  'Violet',
  'Cowboy',
  'Evangelion',
  'Gintama',
  'Hunter',
  'Death',
  'Attack',
  'Demon',
  'Fullmetal',
  'Clannad',
  'Toradora',
  'Kaguya',
  'Oshi',
  'Bocchi',
  'Lycoris',
  'Madoka',
  'Akira',
  'Berserk',
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const db = await createTestDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'acg-bench-search-'));
const system = await startEmbedded({
  env: { ...process.env, DATABASE_URL: db.url, RATE_LIMIT_ENABLED: 'false' },
  dataDir,
  port: 0,
  ephemeralPorts: true,
  logLevel: 'warn',
});
try {
  const search = (q: string) => `${system.url}/api/anime/search?q=${encodeURIComponent(q)}`;

  // Cold: one distinct query at a time.
  const cold: number[] = [];
  let coldResults = 0;
  for (const q of COLD_QUERIES.slice(0, coldCount)) {
    const t0 = performance.now();
    const res = await fetch(search(q), { headers: { accept: 'application/json' } });
    const body = (await res.json()) as { results?: unknown[]; unavailable?: unknown[] };
    cold.push(performance.now() - t0);
    if (process.env.BENCH_VERBOSE)
      console.log(`  ${q}: ${(performance.now() - t0).toFixed(0)} ms, ${body.results?.length ?? 0} results`);
    if (res.status !== 200) console.log(`cold ${q}: HTTP ${res.status}`);
    coldResults += body.results?.length ?? 0;
  }
  cold.sort((a, b) => a - b);
  console.log(
    `cold search (${cold.length} distinct queries, sequential, ${coldResults} results): ` +
      `p50 ${percentile(cold, 50).toFixed(0)} ms, p99 ${percentile(cold, 99).toFixed(0)} ms, ` +
      `${(cold.length / (cold.reduce((a, b) => a + b, 0) / 1000)).toFixed(1)} req/s`,
  );

  const run = async (title: string, url: string) => {
    const r = await autocannon({ url, connections, duration, headers: { accept: 'application/json' } });
    const errors = r.errors + r.timeouts + r.non2xx;
    console.log(
      `${title}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms` +
        (errors ? `, ${errors} errors/non-2xx` : ''),
    );
    return r.requests.average;
  };
  // Warm: the first answer is cached; everything after it comes from the cache.
  await fetch(search('Steins'));
  const peer = await run('peer: GET /api/stats (gateway, trivial)', `${system.url}/api/stats`);
  const warm = await run('warm search GET /api/anime/search?q=Steins', search('Steins'));
  console.log(`warm search / trivial gateway route: ${(warm / peer).toFixed(2)}×`);
} finally {
  await system.close();
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
}
