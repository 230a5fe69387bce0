/**
 * Anime search through the gateway against the fake Shikimori and AniList.
 *
 * `--scenario index` (issue 24; the default): the fakes at the sites' real limits (Shikimori 5/s
 * and 90/min, AniList 30/min, 429 beyond), 100 distinct queries (romaji, Russian and Japanese
 * titles of the fakes' catalogue):
 *   - warm: after `--warmup` seconds (30) of the background fill, 20 concurrent users make 1,000
 *     searches between them: p50, p99, errors, the sites' 429s, the share of complete answers
 *     (no source unavailable or pending) and of answers whose first result has both sites' data;
 *   - cold: a fresh system (empty index), the same 100 queries once each by 20 concurrent users.
 *   pnpm exec tsx deploy/runner/bench/anime-search.ts [--scenario index] [--warmup 30]
 *
 * `--scenario cache` (issue 9):
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
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fakeAnimeCatalogue } from '@acg/fakes';
import { createTestDatabase } from '@acg/platform/testing';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { startEmbedded } from '../src/embedded';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    cold: { type: 'string', default: '20' },
    scenario: { type: 'string', default: 'index' },
    warmup: { type: 'string', default: '30' },
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

if (values.scenario === 'index') {
  await indexScenario(Number(values.warmup));
  process.exit(0);
}

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

/** 100 distinct queries from the fakes' catalogue: romaji, Russian and Japanese titles. */
function indexQueries(): string[] {
  const all = fakeAnimeCatalogue.anime;
  const pick = [
    ...all.map((a) => a.name),
    ...all.map((a) => a.russian),
    ...all.map((a) => a.japanese),
  ].filter((t): t is string => !!t);
  const queries: string[] = [];
  // Interleaved so every script is represented: name, Russian, Japanese of each title in turn.
  for (let i = 0; queries.length < 100 && i < all.length; i++)
    for (const t of [all[i]!.name, all[i]!.russian, all[i]!.japanese])
      if (t && !queries.includes(t) && queries.length < 100) queries.push(t);
  for (const t of pick) if (queries.length < 100 && !queries.includes(t)) queries.push(t);
  return queries;
}

interface SearchRun {
  ms: number[];
  errors: number;
  complete: number;
  both: number;
}

/** `users` concurrent users, each asking its share of `order` one after another. */
async function runSearches(url: string, order: string[], users: number): Promise<SearchRun> {
  const run: SearchRun = { ms: [], errors: 0, complete: 0, both: 0 };
  let next = 0;
  // Each user from an address of its own (the gateway believes one proxy hop: TRUST_PROXY=1),
  // so each has its own fair share of the sites' budgets, as separate fans do.
  const user = async (_: unknown, u: number) => {
    while (next < order.length) {
      const q = order[next++]!;
      const t0 = performance.now();
      const res = await fetch(`${url}/api/anime/search?q=${encodeURIComponent(q)}`, {
        headers: { accept: 'application/json', 'x-forwarded-for': `198.51.100.${u + 1}` },
      });
      const body = (await res.json()) as {
        results?: Array<{ sources?: string[] }>;
        unavailable?: string[];
        pending?: string[];
      };
      run.ms.push(performance.now() - t0);
      if (res.status !== 200) {
        run.errors++;
        if (process.env.BENCH_VERBOSE)
          console.log(`  ${q}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      } else if ((body.unavailable?.length ?? 0) + (body.pending?.length ?? 0) === 0) run.complete++;
      if (body.results?.[0]?.sources?.length === 2) run.both++;
    }
  };
  await Promise.all(Array.from({ length: users }, user));
  run.ms.sort((a, b) => a - b);
  return run;
}

async function startSystem() {
  const namespace = `bench${randomBytes(4).toString('hex')}`;
  const db = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'acg-bench-search-'));
  const system = await startEmbedded({
    // A namespace of its own: this run's Redis keys (budgets, locks) apart from any other's.
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      RATE_LIMIT_ENABLED: 'false',
      TRUST_PROXY: '1',
      BUS_NAMESPACE: namespace,
    },
    dataDir,
    port: 0,
    ephemeralPorts: true,
    logLevel: 'error',
  });
  const refused = () =>
    [...(system.fakeShikimori?.requests ?? []), ...(system.fakeAniList?.requests ?? [])].filter(
      (r) => r.status === 429,
    ).length;
  return {
    system,
    refused,
    async close() {
      await system.close();
      await db.drop();
      await dropRedisKeys(`acg:${namespace}:*`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function report(title: string, run: SearchRun, refused: number) {
  const n = run.ms.length;
  console.log(
    `${title}: ${n} searches, p50 ${percentile(run.ms, 50).toFixed(0)} ms, p99 ${percentile(run.ms, 99).toFixed(0)} ms, ` +
      `${run.errors} errors, ${refused} upstream 429s, complete ${((100 * run.complete) / n).toFixed(0)}%, ` +
      `first result with both sites' data ${((100 * run.both) / n).toFixed(0)}%`,
  );
}

async function indexScenario(warmupSeconds: number) {
  const queries = indexQueries();
  // 1,000 searches: every query ten times, in a fixed shuffled order.
  const order = Array.from({ length: 1000 }, (_, i) => queries[(i * 37) % queries.length]!);
  const warm = await startSystem();
  try {
    await new Promise((resolve) => setTimeout(resolve, warmupSeconds * 1000));
    const before = warm.refused();
    const run = await runSearches(warm.system.url, order, 20);
    report(`warm (after ${warmupSeconds} s of background fill), 20 users`, run, warm.refused() - before);
  } finally {
    await warm.close();
  }
  const cold = await startSystem();
  try {
    const run = await runSearches(cold.system.url, queries, 20);
    report('cold (empty index), the 100 queries once, 20 users', run, cold.refused());
  } finally {
    await cold.close();
  }
}

/** Removes this run's keys from REDIS_URL's server (nothing without one). */
async function dropRedisKeys(pattern: string) {
  if (!process.env.REDIS_URL) return;
  const redis = new Redis(process.env.REDIS_URL);
  try {
    for await (const keys of redis.scanStream({ match: pattern, count: 500 }) as AsyncIterable<string[]>)
      if (keys.length > 0) await redis.unlink(...keys);
  } finally {
    redis.disconnect();
  }
}
