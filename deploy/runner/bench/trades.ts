/**
 * Trade creation and acceptance throughput through the gateway, with the large seed (issue 8).
 *
 *   pnpm exec tsx deploy/runner/bench/trades.ts [--trades 2000] [--connections 10]
 *
 * Seeds ~5,000 users, ~60,000 cards and their inventories into a fresh database (DATABASE_URL's
 * server, or an embedded PostgreSQL), gives the two signed-in demo users 500 cards with 20 copies
 * each, starts the embedded system on it and, with autocannon through the gateway:
 *   1. creates `--trades` trades (sender's copy of a rotating card for one of the recipient's),
 *      each reserving a copy in inventory's escrow;
 *   2. accepts every one of them (each a transfer of both sides in one inventory transaction).
 * Prints requests/s and p50/p99 latency of each phase, then checks the copies add up. (This
 * file lives with the runner, not in services/trades: it starts every service, and a service
 * package never imports another.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createLogger } from '@acg/platform';
import { createTestDatabase } from '@acg/platform/testing';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEmbedded } from '../src/embedded';
import { signIn } from '../src/testing/sign-in';
import { seedLarge } from './large-seed';

const { values } = parseArgs({
  options: { trades: { type: 'string', default: '2000' }, connections: { type: 'string', default: '10' } },
});
const total = Number(values.trades);
const connections = Number(values.connections);
const logger = createLogger('bench', 'warn');
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);
const CARDS_EACH = 500;
const COPIES = 20;

const db = await createTestDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'acg-bench-trades-'));
const pool = new pg.Pool({ connectionString: db.url, max: 2 });
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
    const cookieA = await signIn(system.url, 'sakura_fan');
    const cookieB = await signIn(system.url, 'admin_hikari');
    const idOf = async (cookie: string) =>
      (await (await fetch(`${system.url}/api/me`, { headers: { cookie } })).json()).user.id as number;
    const [A, B] = [await idOf(cookieA), await idOf(cookieB)];
    // 500 cards each, 20 copies of each, disjoint.
    const give = async (userId: number, offset: number) =>
      (
        await pool.query<{ id: number }>(
          `insert into inventory.entries (user_id, card_id, quantity)
           select $1, c, $2 from unnest($3::int[]) c
           on conflict (user_id, card_id) do update set quantity = excluded.quantity returning id`,
          [userId, COPIES, cards.slice(offset, offset + CARDS_EACH).map((c) => c.id)],
        )
      ).rows.map((r) => r.id);
    const entriesA = await give(A, 0);
    const entriesB = await give(B, CARDS_EACH);
    const copies = async () =>
      (await pool.query<{ n: number }>('select sum(quantity)::int as n from inventory.entries')).rows[0]!.n;
    const copiesBefore = await copies();

    const report = (title: string, r: autocannon.Result) =>
      console.log(
        `${title.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(5)} ms   2xx ${r['2xx']}   non-2xx ${r.non2xx}   errors ${r.errors}`,
      );
    console.log(`\nautocannon through the gateway, ${connections} connections, ${total} trades:`);

    let n = 0;
    t0 = performance.now();
    const created = await autocannon({
      url: `${system.url}/trade/api`,
      connections,
      amount: total,
      requests: [
        {
          method: 'POST',
          headers: { cookie: cookieA, origin: system.url, 'content-type': 'application/json' },
          setupRequest: (req) => {
            const i = n++;
            return {
              ...req,
              body: JSON.stringify({
                toUserId: B,
                fromItems: [{ inventoryId: entriesA[i % entriesA.length], quantity: 1 }],
                toItems: [{ inventoryId: entriesB[(i * 7) % entriesB.length], quantity: 1 }],
                description: `bench ${i}`,
              }),
            };
          },
        },
      ],
    });
    report('POST /trade/api (create)', created);

    const ids = (
      await pool.query<{ id: number }>(`select id from trades.trades where status = 'pending' order by id`)
    ).rows.map((r) => r.id);
    let k = 0;
    const accepted = await autocannon({
      url: system.url,
      connections,
      amount: ids.length,
      requests: [
        {
          method: 'POST',
          headers: { cookie: cookieB, origin: system.url, 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, path: `/trade/api/${ids[k++ % ids.length]}/accept`, body: '{}' }),
        },
      ],
    });
    report('POST /trade/api/{id}/accept', accepted);

    const states = (
      await pool.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from trades.trades group by status order by status',
      )
    ).rows;
    const after = await copies();
    console.log(
      `\ntrades by status: ${states.map((s) => `${s.status} ${s.n}`).join(', ')}; copies before ${copiesBefore}, after ${after}${after === copiesBefore ? ' (unchanged)' : ' (CHANGED!)'}`,
    );
  } finally {
    await system.close();
  }
} finally {
  await pool.end();
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
