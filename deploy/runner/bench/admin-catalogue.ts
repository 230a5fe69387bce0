/**
 * Admin catalogue benchmarks with the large seed (issue 11), through the gateway, one run each:
 *   - admin list calls (autocannon req/s and p99);
 *   - "add for all anime": one card of a new rank for every character of every anime (seconds),
 *     and the same again (all skipped);
 *   - rarity recalculation over a 1M-row inventory against one plain `GROUP BY card_id` over the
 *     same table in the same run (the target: at most 3× it): six runs, each between two
 *     GROUP BYs and compared with their mean; three write every score (the scores scrambled
 *     before), three change nothing; then one of each after a tenth of the entries changed
 *     (pages not all-visible: owners counted by hashing, rules §37).
 *
 *   pnpm exec tsx deploy/runner/bench/admin-catalogue.ts [--duration 8] [--connections 10] [--entries-per-user 200] [--only rarity]
 *
 * `--only rarity` skips the admin list calls (the bulk add still runs: its 20,000 cards are part
 * of the catalogue the recalculation scores).
 *
 * Seeds ~5,000 users, ~20,000 characters, ~60,000 cards and `entries-per-user` × 5,000 inventory
 * rows (200 → 1M) into a fresh database (DATABASE_URL's server, or an embedded PostgreSQL).
 * Prints figures; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CARD_STATS_PAGE, inventoryCardStats } from '@acg/contracts';
import { createLogger } from '@acg/platform';
import { createTestDatabase } from '@acg/platform/testing';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEmbedded } from '../src/embedded';
import { signIn } from '../src/testing/sign-in';
import { seedLarge } from './large-seed';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
    'entries-per-user': { type: 'string', default: '200' },
    only: { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const entriesPerUser = Number(values['entries-per-user']);
if (values.only !== undefined && values.only !== 'rarity') throw new Error('--only takes: rarity');
const listsToo = values.only === undefined;
const logger = createLogger('bench', 'warn');
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(2);

const db = await createTestDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'acg-bench-admin-'));
try {
  let t0 = performance.now();
  // Statistics, hint bits and a visibility map for the fresh 1M rows (the catalogue seed does the
  // same for its tables), so neither the plain GROUP BY nor the recalculation pays for them.
  const { users, cards, seeded } = await seedLarge(db.url, logger, { entriesPerUser, vacuum: true });
  console.log(
    `seeded ${users.length} users, ${cards.length} cards, ${seeded.entries} inventory rows in ${seconds(t0)} s`,
  );

  const system = await startEmbedded({
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      RATE_LIMIT_ENABLED: 'false',
      SEED_DEMO_CATALOGUE: 'false',
      RARITY_SCHEDULE: '',
    },
    dataDir,
    port: 0,
    ephemeralPorts: true,
    logLevel: 'warn',
  });
  try {
    const cookie = await signIn(system.url, 'admin_hikari');
    const headers = { cookie, accept: 'application/json', origin: system.url };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${system.url}${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = await res.json();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const run = async (title: string, path: string, c = connections) => {
      const r = await autocannon({ url: `${system.url}${path}`, duration, connections: c, headers });
      console.log(
        `${title.padEnd(46)} ${r.requests.average.toFixed(1).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(5)} ms   p99 ${String(r.latency.p99).padStart(6)} ms   errors ${r.errors + r.non2xx}`,
      );
    };
    if (listsToo) {
      console.log(
        `\nadmin lists, autocannon ${connections} connections, ${duration} s each, through the gateway:`,
      );
      await run('GET /api/stats (trivial baseline)', '/api/stats');
      await run('GET /admin/ranks', '/admin/ranks');
      await run('GET /admin/franchises', '/admin/franchises');
      await run('GET /admin/animes', '/admin/animes');
      await run('GET /admin/characters?limit=25 (one page)', '/admin/characters?limit=25');
      await run('GET /admin/cards?limit=40 (one page)', '/admin/cards?limit=40');
      await run('GET /admin/cards?rankId=1&limit=40', '/admin/cards?rankId=1&limit=40');
      await run('GET /admin/characters (all 20,000)', '/admin/characters', 2);
      await run('GET /admin/cards (all 60,000)', '/admin/cards', 2);
    }

    const rank = await post('/admin/ranks', { code: 'BN', title: 'Bench', threshold: null });
    t0 = performance.now();
    const all = await post('/admin/cards/bulk-add-all-anime', { rank_id: rank.id, season_id: null });
    console.log(
      `\nadd for all anime: ${all.total_added} cards added for ${all.total_anime} anime in ${seconds(t0)} s (one request)`,
    );
    t0 = performance.now();
    const again = await post('/admin/cards/bulk-add-all-anime', { rank_id: rank.id, season_id: null });
    console.log(
      `the same again: ${again.total_added} added, ${again.total_skipped} skipped in ${seconds(t0)} s`,
    );

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    /** Asks `condition` (a boolean SQL expression) until it holds, at most 5 minutes; seconds taken. */
    const until = async (condition: string) => {
      const t = performance.now();
      const holds = async () =>
        (await client.query<{ ok: boolean }>(`select ${condition} as ok`)).rows[0]!.ok;
      while (!(await holds()) && performance.now() - t < 300_000)
        await new Promise((resolve) => setTimeout(resolve, 100));
      return seconds(t);
    };
    const relayedSql = 'not exists (select 1 from catalogue.outbox where published_at is null)';
    /** One plain GROUP BY over the entries, in ms: the peer. */
    const groupBy = async () => {
      const t = performance.now();
      await client.query('select card_id, count(*) from inventory.entries group by card_id');
      return performance.now() - t;
    };
    // The bulk add's card events are relayed and applied by inventory in the background; the
    // figures below are taken once that is over, not while it competes with them.
    const applied = await until(
      `${relayedSql} and (select count(*) from inventory.card_summaries) >= (select count(*) from catalogue.cards)`,
    );
    console.log(`(the bulk add's card events relayed and applied by inventory ${applied} s later)`);
    const plain: number[] = [];
    for (let i = 0; i < 3; i++) plain.push(await groupBy());
    plain.sort((a, b) => a - b);
    const peer = plain[1]!;
    console.log(
      `\nplain GROUP BY card_id over ${seeded.entries} inventory rows (median of 3): ${peer.toFixed(0)} ms`,
    );
    // The reading alone, interleaved with the plain GROUP BY so load from elsewhere hits all three
    // alike: every inventory.card-stats page computed on its own (no run id, as before rules §37's
    // snapshot) against one run's snapshot.
    const readAll = async (runId?: string) => {
      const [{ max }] = (await client.query('select max(id)::int as max from catalogue.cards')).rows;
      for (let after = 0; after < max; after += CARD_STATS_PAGE)
        await system.bus.request(inventoryCardStats, {
          afterCardId: after,
          span: CARD_STATS_PAGE,
          activeDays: 90,
          // As a run reads them: packed, the active owners only.
          ...(runId
            ? { runId, release: after + CARD_STATS_PAGE >= max, packed: true, scoresOnly: true }
            : {}),
        });
    };
    const reads = { plain: [] as number[], paged: [] as number[], snapshot: [] as number[] };
    for (let i = 0; i < 3; i++) {
      reads.plain.push(await groupBy());
      t0 = performance.now();
      await readAll();
      reads.paged.push(performance.now() - t0);
      t0 = performance.now();
      await readAll(randomUUID());
      reads.snapshot.push(performance.now() - t0);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    console.log(
      `reading the figures of every card (median of 3, interleaved): plain GROUP BY ${median(reads.plain).toFixed(0)} ms, pages computed alone ${median(reads.paged).toFixed(0)} ms (${(median(reads.paged) / median(reads.plain)).toFixed(2)}×), one snapshot ${median(reads.snapshot).toFixed(0)} ms (${(median(reads.snapshot) / median(reads.plain)).toFixed(2)}×)`,
    );
    // Each recalculation between two plain GROUP BYs, its ratio against their mean, so load from
    // elsewhere that comes and goes hits the peer as it hits the run.
    /** One recalculation between two plain GROUP BYs: its ratio against their mean, printed. */
    const timedRun = async (label: string, writing: boolean) => {
      if (writing) {
        await client.query('update catalogue.cards set rarity_score = round((random() * 100)::numeric, 2)');
        await client.query('vacuum catalogue.cards');
      }
      const before = await groupBy();
      t0 = performance.now();
      const r = await post('/admin/cards/recalculate-rarity', {});
      const ms = performance.now() - t0;
      const after = await groupBy();
      const ratio = ms / ((before + after) / 2);
      console.log(
        `${label}: ${ms.toFixed(0)} ms, ${r.rarityScores.updated} of ${r.rarityScores.total} scores changed; GROUP BY before ${before.toFixed(0)} ms, after ${after.toFixed(0)} ms: ${ratio.toFixed(2)}× their mean, ${(ms / peer).toFixed(2)}× the first GROUP BY figure`,
      );
      // The card events are relayed (and applied by inventory) in the background; the next run
      // waits for that, so it does not time the relay too.
      if (r.rarityScores.updated > 0)
        console.log(`  (its card events relayed in ${await until(relayedSql)} s)`);
      return ratio;
    };
    // Runs that write every score (the catalogue's scores scrambled before each, as a first run
    // finds them) alternate with runs that change nothing.
    const ratios = { writing: [] as number[], unchanged: [] as number[] };
    for (let i = 0; i < 6; i++) {
      const writing = i % 2 === 0;
      ratios[writing ? 'writing' : 'unchanged'].push(
        await timedRun(`rarity recalculation ${i + 1}`, writing),
      );
    }
    console.log(
      `rarity recalculation against the GROUP BYs around it (median of 3): writing every score ${median(ratios.writing).toFixed(2)}×, changing nothing ${median(ratios.unchanged).toFixed(2)}×`,
    );
    // The entries as a busy hour leaves them before autovacuum comes: a tenth of the rows rewritten,
    // so every page has changed since the last vacuum and the snapshot counts owners by hashing
    // (rules §37). Autovacuum is held off for the table meanwhile.
    await client.query('alter table inventory.entries set (autovacuum_enabled = false)');
    await client.query('update inventory.entries set reserved = reserved where id % 10 = 0');
    await until(
      "(select n_dead_tup from pg_stat_user_tables where relid = 'inventory.entries'::regclass) >= 100000",
    );
    console.log('\nafter a tenth of the entries changed, not vacuumed yet (owners counted by hashing):');
    await timedRun('rarity recalculation, writing every score', true);
    await timedRun('rarity recalculation, changing nothing', false);
    await client.query('alter table inventory.entries reset (autovacuum_enabled)');
    await client.end();
  } finally {
    await system.close();
  }
} finally {
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
}
