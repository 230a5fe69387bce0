import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DistributedSystem, startDistributed } from './distributed';
import { isolated, signIn } from './testing/sign-in';

/**
 * The fault test of issue 8, in the distributed mode (every service its own process, real
 * PostgreSQL, NATS and Redis; infrastructure pass only): the inventory process, then the trades
 * process, is killed (SIGKILL) between the steps of an accept. After a restart the sweep finishes
 * every accept that was under way: each trade moves its copies exactly once, nothing is lost.
 */
let db: TestDatabase;
let system: DistributedSystem;
let pool: pg.Pool;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
const TRADES = 20;

beforeAll(async () => {
  db = await createTestDatabase();
  system = await startDistributed({
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ENABLED: 'false',
      // The sweep every second, healing what is left half-way for more than a second.
      TRADE_SWEEP_SCHEDULE: '* * * * * *',
      TRADE_RECOVERY_AFTER_SECONDS: '1',
      INVENTORY_TIMEOUT_MS: '1500',
      ...isolated(),
    },
    portOffset: 700,
    output: 'ignore',
  });
  pool = new pg.Pool({ connectionString: db.url, max: 3 });
  for (const name of ['sakura_fan', 'admin_hikari']) {
    cookies[name] = await signIn(system.url, name);
    const me = await (await fetch(`${system.url}/api/me`, { headers: { cookie: cookies[name]! } })).json();
    ids[name] = me.user.id;
  }
}, 180_000);
afterAll(async () => {
  await pool?.end();
  await system?.close();
  await db?.drop();
}, 60_000);

const post = (who: string, path: string, body?: unknown) =>
  fetch(`${system.url}${path}`, {
    method: 'POST',
    headers: { cookie: cookies[who]!, origin: system.url, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  (await pool.query<T>(text, values)).rows;
const until = (check: () => Promise<boolean>, what: string, timeout = 30_000) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout, interval: 100 },
  );

describe('an accept interrupted by a crash heals on restart', () => {
  it('inventory killed, then trades killed, between the steps of accepts', async () => {
    const A = ids.sakura_fan!;
    const B = ids.admin_hikari!;
    // Each side holds 30 copies of one card (written as a seed would: entries and their provenance).
    const [a] = await query<{ id: number }>(
      `insert into inventory.entries (user_id, card_id, quantity) values ($1, 1, 30) returning id`,
      [A],
    );
    const [b] = await query<{ id: number }>(
      `insert into inventory.entries (user_id, card_id, quantity) values ($1, 2, 30) returning id`,
      [B],
    );
    await query(
      `insert into inventory.movements (card_id, to_user_id, quantity, kind) values (1, $1, 30, 'seed'), (2, $2, 30, 'seed')`,
      [A, B],
    );
    const tradeIds: number[] = [];
    for (let i = 0; i < TRADES; i++) {
      const res = await post('sakura_fan', '/trade/api', {
        toUserId: B,
        fromItems: [{ inventoryId: a!.id, quantity: 1 }],
        toItems: [{ inventoryId: b!.id, quantity: 1 }],
      });
      expect(res.status, await res.clone().text()).toBe(201);
      tradeIds.push((await res.json()).id);
    }
    const statusOf = async (id: number) =>
      (await query<{ status: string }>('select status from trades.trades where id = $1', [id]))[0]?.status;

    // 1. Inventory is down when the recipient accepts: the trade is left accepting, nothing moved.
    await system.kill('inventory');
    const first = tradeIds[0]!;
    const refused = await post('admin_hikari', `/trade/api/${first}/accept`);
    expect(refused.status).toBe(503);
    expect(await statusOf(first)).toBe('accepting');
    await system.restart('inventory');
    await until(async () => (await statusOf(first)) === 'accepted', 'the sweep to finish the accept');

    // 2. Trades is killed while the other accepts run: some are left between the trades steps
    //    and inventory's transfer, or after the transfer before the trade was marked accepted.
    const rest = tradeIds.slice(1);
    const inFlight = rest.map((id) => post('admin_hikari', `/trade/api/${id}/accept`).catch(() => null));
    await until(
      async () =>
        (
          await query<{ n: number }>(
            `select count(*)::int as n from trades.trades where status = 'accepting'`,
          )
        )[0]!.n > 0,
      'an accept under way',
      10_000,
    );
    await system.kill('trades');
    await Promise.all(inFlight);
    const left = await query<{ id: number; status: string; state: string | null }>(
      `select t.id, t.status, s.state from trades.trades t
       left join inventory.trade_settlements s on s.trade_id = t.id where t.id = any($1)`,
      [rest],
    );
    const snapshot = {
      accepting: left.filter((t) => t.status === 'accepting').length,
      acceptingTransferred: left.filter((t) => t.status === 'accepting' && t.state === 'transferred').length,
      accepted: left.filter((t) => t.status === 'accepted').length,
      pending: left.filter((t) => t.status === 'pending').length,
    };
    console.log(`trades killed mid-accept: ${JSON.stringify(snapshot)}`);
    expect(snapshot.accepting).toBeGreaterThan(0);

    await system.restart('trades');
    await until(
      async () =>
        (
          await query<{ n: number }>(
            `select count(*)::int as n from trades.trades where status = 'accepting'`,
          )
        )[0]!.n === 0,
      'the restarted trades to heal the accepts',
    );
    // Accepts that never reached trades before the kill are still pending: accept them now.
    for (const t of await query<{ id: number }>(`select id from trades.trades where status = 'pending'`))
      expect((await post('admin_hikari', `/trade/api/${t.id}/accept`)).status).toBe(200);

    // Every trade accepted once; each moved its two items once; no copy lost or made.
    const statuses = await query<{ status: string; n: number }>(
      'select status, count(*)::int as n from trades.trades group by status',
    );
    expect(statuses).toEqual([{ status: 'accepted', n: TRADES }]);
    const moves = await query<{ trade_id: number; n: number }>(
      `select trade_id, count(*)::int as n from inventory.movements where kind = 'trade' group by trade_id`,
    );
    expect(moves).toHaveLength(TRADES);
    expect(moves.every((m) => m.n === 2)).toBe(true);
    const entries = await query<{ user_id: number; card_id: number; quantity: number; reserved: number }>(
      'select user_id, card_id, quantity, reserved from inventory.entries order by card_id, user_id',
    );
    const held = (user: number, card: number) =>
      entries.find((e) => e.user_id === user && e.card_id === card);
    expect(held(A, 1)).toMatchObject({ quantity: 30 - TRADES, reserved: 0 });
    expect(held(B, 1)).toMatchObject({ quantity: TRADES, reserved: 0 });
    expect(held(B, 2)).toMatchObject({ quantity: 30 - TRADES, reserved: 0 });
    expect(held(A, 2)).toMatchObject({ quantity: TRADES, reserved: 0 });
    expect(await query('select * from inventory.reservations')).toEqual([]);
  }, 240_000);
});
