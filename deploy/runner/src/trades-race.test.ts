import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTradesHarness, type TradesHarness, waitFor } from './testing/trades-harness';

/**
 * The race test of issue 8: trades and the real inventory over real HTTP and real PostgreSQL
 * (and NATS in the infrastructure pass), at least 500 concurrent operations mixing double
 * accepts, accept against cancel, accept against decline, two trades offering the same copy, a
 * trade against a bot drop, and the expiry sweep (scheduled every second, plus the admin
 * cleanup) running at the same time. Afterwards: every copy has exactly one owner, the number of
 * copies of every card is what the drops made it, no reservation is left on a finished trade,
 * every trade is in one final state, and each accepted trade moved its copies exactly once.
 */
let h: TradesHarness;
const USERS = [1, 2, 3, 4, 5, 6, 7, 8];
const CARDS = [1, 2, 3, 4, 5, 6];
const ADMIN = 99;
const ROUNDS = 4;

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;

beforeAll(async () => {
  h = await startTradesHarness({
    env: {
      TRADE_SWEEP_ENABLED: 'true',
      TRADE_SWEEP_SCHEDULE: '* * * * * *',
      TRADE_RECOVERY_AFTER_SECONDS: '2',
    },
  });
  h.addUsers(...USERS, ADMIN);
  await h.addCards(...CARDS);
}, 120_000);
afterAll(() => h?.close());

interface Entry {
  id: number;
  user_id: number;
  card_id: number;
  quantity: number;
  reserved: number;
}

describe('trades under concurrency', () => {
  it('never duplicates or loses a copy', async () => {
    const drops = new Map<number, number>();
    const dropped = (cardId: number) => drops.set(cardId, (drops.get(cardId) ?? 0) + 1);
    // Every user starts with a few copies.
    for (const user of USERS)
      for (let i = 0; i < 6; i++) {
        const cardId = pick(CARDS);
        await h.drop(user, cardId, `start-${user}-${i}`);
        dropped(cardId);
      }

    const counts: Record<string, number> = {};
    const count = (what: string) => {
      counts[what] = (counts[what] ?? 0) + 1;
    };
    let operations = 0;
    const acceptWins = new Map<number, number>();
    const post = async (what: string, path: string, userId: number, body?: unknown) => {
      operations++;
      const res = await h.call('POST', path, userId, body, userId === ADMIN ? 3 : 0);
      count(`${what} ${res.status}`);
      if (res.body?.error === 'This trade has expired') count(`${what} refused as expired`);
      if (res.status >= 500) throw new Error(`${what} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res;
    };

    for (let round = 0; round < ROUNDS; round++) {
      // 1. Offers, made concurrently; a third of them ask for the same copy as another offer.
      const entries: Entry[] = (await h.entries()).filter((e) => e.quantity - e.reserved > 0);
      const offers: Array<Promise<{ status: number; body: { id?: number } }>> = [];
      for (let i = 0; i < 40; i++) {
        const from = pick(entries);
        const counterpart = entries.filter((e) => e.user_id !== from.user_id);
        const to = pick(counterpart);
        const body = {
          toUserId: to.user_id,
          fromItems: [{ inventoryId: from.id, quantity: 1 }],
          toItems: random() < 0.6 ? [{ inventoryId: to.id, quantity: 1 }] : [],
        };
        offers.push(post('create', '/trade/api', from.user_id, body));
        // Two trades offering the same copy (all the free copies of it, so only one can hold them).
        if (i % 3 === 0) {
          const all = {
            ...body,
            fromItems: [{ inventoryId: from.id, quantity: from.quantity - from.reserved }],
          };
          offers.push(post('create-same-copy', '/trade/api', from.user_id, all));
          offers.push(post('create-same-copy', '/trade/api', from.user_id, all));
        }
      }
      // Bot drops while the offers are made.
      const dropping = CARDS.map(async (cardId, i) => {
        operations++;
        await h.drop(USERS[(round + i) % USERS.length]!, cardId, `round-${round}-${cardId}`);
        dropped(cardId);
        count('drop');
      });
      const made = (await Promise.all(offers)).filter((r) => r.status === 201).map((r) => r.body.id!);
      await Promise.all(dropping);

      // 2. Some of them are due now: the sweep (every second) and the admin cleanup race the answers.
      const due = made.filter(() => random() < 0.15);
      if (due.length > 0)
        await h.tradesDb.pool.query('update trades.trades set expires_at = now() where id = any($1)', [due]);

      // 3. The answers, all at once: double accepts, accept against cancel and decline, drops.
      const answers: Promise<unknown>[] = [];
      for (const id of made) {
        const row = await h.tradeRow(id);
        const { from_user_id: from, to_user_id: to } = row;
        const accept = async () => {
          const res = await post('accept', `/trade/api/${id}/accept`, to);
          if (res.status === 200) acceptWins.set(id, (acceptWins.get(id) ?? 0) + 1);
        };
        const scenario = pick([
          'double-accept',
          'accept-cancel',
          'accept-decline',
          'decline-cancel',
          'accept-drop',
        ]);
        count(`scenario ${scenario}`);
        if (scenario === 'double-accept') answers.push(accept(), accept(), accept());
        if (scenario === 'accept-cancel')
          answers.push(accept(), post('cancel', `/trade/api/${id}/cancel`, from));
        if (scenario === 'accept-decline')
          answers.push(post('decline', `/trade/api/${id}/decline`, to), accept());
        if (scenario === 'decline-cancel')
          answers.push(
            post('cancel', `/trade/api/${id}/cancel`, from),
            post('decline', `/trade/api/${id}/decline`, to),
          );
        if (scenario === 'accept-drop') {
          const item = (
            await h.tradesDb.pool.query('select card_id from trades.trade_items where trade_id = $1', [id])
          ).rows[0];
          answers.push(
            accept(),
            (async () => {
              operations++;
              await h.drop(from, item.card_id, `race-drop-${id}`);
              dropped(item.card_id);
              count('drop');
            })(),
          );
        }
      }
      answers.push(post('cleanup', '/trade/api/admin/cleanup', ADMIN));
      await Promise.all(answers);
    }

    // Let the sweep finish whatever a timeout left half-way, and expire the rest of the due ones.
    await waitFor(
      async () => {
        const { rows } = await h.tradesDb.pool.query(
          `select count(*)::int as n from trades.trades
         where status in ('opening', 'accepting') or release_pending
            or (status = 'pending' and expires_at <= now())`,
        );
        return rows[0].n === 0;
      },
      'the sweep to settle every trade',
      30_000,
    );

    // --- the checks ---
    const entries: Entry[] = await h.entries();
    const trades = (
      await h.tradesDb.pool.query<{ id: number; status: string }>('select id, status from trades.trades')
    ).rows;
    const statusOf = new Map(trades.map((t) => [t.id, t.status]));
    const reservations = (
      await h.inventoryDb.pool.query<{ trade_id: number; entry_id: number; quantity: number }>(
        'select trade_id, entry_id, quantity from inventory.reservations',
      )
    ).rows;
    const settlements = new Map(
      (
        await h.inventoryDb.pool.query<{ trade_id: number; state: string }>(
          'select trade_id, state from inventory.trade_settlements',
        )
      ).rows.map((s) => [s.trade_id, s.state]),
    );
    const moved = (
      await h.inventoryDb.pool.query<{ trade_id: number; n: number }>(
        `select trade_id, count(*)::int as n from inventory.movements where kind = 'trade' group by trade_id`,
      )
    ).rows;
    const itemCounts = new Map(
      (
        await h.tradesDb.pool.query<{ trade_id: number; n: number }>(
          'select trade_id, count(*)::int as n from trades.trade_items group by trade_id',
        )
      ).rows.map((r) => [r.trade_id, r.n]),
    );

    // Every copy has exactly one owner: one entry per user and card, never negative, escrow within it.
    const owners = new Set(entries.map((e) => `${e.user_id}:${e.card_id}`));
    expect(owners.size).toBe(entries.length);
    for (const e of entries) {
      expect(e.quantity).toBeGreaterThanOrEqual(0);
      expect(e.reserved).toBeGreaterThanOrEqual(0);
      expect(e.reserved).toBeLessThanOrEqual(e.quantity);
    }
    // The copies of every card are exactly those the drops made.
    for (const cardId of CARDS) {
      const total = entries.filter((e) => e.card_id === cardId).reduce((s, e) => s + e.quantity, 0);
      expect(total, `copies of card ${cardId}`).toBe(drops.get(cardId) ?? 0);
    }
    // Escrow: each entry's reserved count is its reservations, all of pending trades.
    for (const e of entries) {
      const held = reservations.filter((r) => r.entry_id === e.id).reduce((s, r) => s + r.quantity, 0);
      expect(e.reserved, `reserved of entry ${e.id}`).toBe(held);
    }
    const finishedWithEscrow = reservations.filter((r) => statusOf.get(r.trade_id) !== 'pending');
    expect(finishedWithEscrow).toEqual([]);
    // Every trade in one final state, agreeing with inventory.
    const final = new Set(['pending', 'accepted', 'declined', 'cancelled', 'expired', 'failed']);
    for (const t of trades) {
      expect(final.has(t.status), `trade ${t.id} is ${t.status}`).toBe(true);
      const expected =
        t.status === 'accepted'
          ? 'transferred'
          : t.status === 'pending'
            ? 'reserved'
            : t.status === 'failed'
              ? undefined
              : 'released';
      if (expected)
        expect(settlements.get(t.id), `inventory's state of trade ${t.id} (${t.status})`).toBe(expected);
      if (t.status === 'failed') expect(settlements.get(t.id) ?? 'released').toBe('released');
    }
    // Each accepted trade moved its items exactly once; nothing else moved.
    for (const m of moved) {
      expect(statusOf.get(m.trade_id), `trade ${m.trade_id} moved copies`).toBe('accepted');
      expect(m.n).toBe(itemCounts.get(m.trade_id));
    }
    const accepted = trades.filter((t) => t.status === 'accepted').map((t) => t.id);
    expect(moved.map((m) => m.trade_id).sort()).toEqual([...accepted].sort());
    for (const [id, wins] of acceptWins) {
      expect(wins, `accepts answered 200 for trade ${id}`).toBe(1);
      expect(statusOf.get(id)).toBe('accepted');
    }

    const byStatus: Record<string, number> = {};
    for (const t of trades) byStatus[t.status] = (byStatus[t.status] ?? 0) + 1;
    const expiredEvents = (
      await h.tradesDb.pool.query<{ n: number }>(
        `select count(*)::int as n from trades.outbox where type = 'trade.expired'`,
      )
    ).rows[0]!.n;
    const summary = {
      expiredEvents,
      operations,
      trades: trades.length,
      byStatus,
      cleanedByAdmin: counts['cleanup 200'] ?? 0,
      copies: entries.reduce((s, e) => s + e.quantity, 0),
      drops: [...drops.values()].reduce((a, b) => a + b, 0),
      reservationsLeft: reservations.length,
      answers: Object.fromEntries(Object.entries(counts).sort()),
    };
    console.log(`trade race: ${JSON.stringify(summary, null, 1)}`);
    expect(operations).toBeGreaterThanOrEqual(500);
    expect(byStatus.accepted ?? 0).toBeGreaterThan(10);
    expect((byStatus.declined ?? 0) + (byStatus.cancelled ?? 0)).toBeGreaterThan(10);
    expect(counts['create-same-copy 409'] ?? 0).toBeGreaterThan(0);
    expect(counts['accept 409'] ?? 0).toBeGreaterThan(0);
    // Trades made due were expired (by the sweep or the cleanup, during the race or just after).
    expect(expiredEvents).toBeGreaterThan(0);
  }, 240_000);
});
