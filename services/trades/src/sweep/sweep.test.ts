import {
  inventoryTradeRelease,
  inventoryTradeReserve,
  inventoryTradeTransfer,
  type TradeItemFacts,
  usersGet,
} from '@acg/contracts';
import {
  createLogger,
  createMemoryBus,
  type Database,
  type InspectableBus,
  type OutboxRelay,
  openServiceDatabase,
  type Subscription,
} from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox, tradeRows } from '../db/schema';
import { createTradeFlow, type TradeFlow } from '../domain/trade-flow';
import { insertOpening } from '../repository/trades';
import { tradesDatabase } from '../start';
import { createSweep, SWEEP_LOCK, type Sweep } from './sweep';

/**
 * The sweep (docs/rules.md §34) on a real PostgreSQL, inventory and auth stood in on the bus:
 * overdue trades expire with their escrow given back, and what a crash left between two steps is
 * healed (an opening released and failed, an accept finished), one sweep at a time.
 */
let testDb: TestDatabase;
let database: Database;
let bus: InspectableBus;
let flow: TradeFlow;
let sweep: Sweep;
let served: Subscription[] = [];
const released: number[] = [];
const transferred: number[] = [];

const facts = (side: 'from' | 'to', inventoryId: number, quantity: number): TradeItemFacts => ({
  side,
  inventoryId,
  cardId: inventoryId + 100,
  quantity,
  characterId: null,
  characterName: `Character ${inventoryId}`,
  imageUrl: null,
  limited: false,
  rankCode: 'S',
  rankTitle: 'Mythic',
  rankColor: '#f44336',
});

beforeAll(async () => {
  const logger = createLogger('trades-test', 'silent');
  testDb = await createTestDatabase();
  database = await openServiceDatabase(tradesDatabase, testDb.url, logger);
  bus = createMemoryBus({ logger });
  const relay: OutboxRelay = { kick() {}, flush: async () => {}, stop: async () => {} };
  const timing = { inventoryTimeoutMs: 300 };
  flow = createTradeFlow({ database, bus, relay, logger, ttlHours: 72, ...timing });
  sweep = createSweep({ database, bus, relay, flow, logger, recoveryAfterSeconds: 60, ...timing });
  served = [
    bus.serve(usersGet, async ({ ids }) => ({
      users: ids.map((id) => ({
        id,
        username: `u${id}`,
        discriminator: '0',
        discordId: `${id}`,
        avatar: null,
      })),
    })),
    bus.serve(inventoryTradeReserve, async (req) => ({
      items: req.fromItems.map((i) => facts('from', i.inventoryId, i.quantity)),
    })),
    bus.serve(inventoryTradeRelease, async ({ tradeId }) => {
      released.push(tradeId);
      return { released: true };
    }),
    bus.serve(inventoryTradeTransfer, async ({ tradeId }) => {
      transferred.push(tradeId);
      return { transferred: true };
    }),
  ];
});
beforeEach(() => {
  released.length = 0;
  transferred.length = 0;
});
afterAll(async () => {
  await Promise.all(served.map((s) => s.stop()));
  await bus?.drain();
  await database?.close();
  await testDb?.drop();
});

const offer = () =>
  flow.create(
    { userId: 1, ip: null },
    { toUserId: 2, fromItems: [{ inventoryId: 10, quantity: 1 }], toItems: [] },
  );
const rowOf = async (id: number) =>
  (await database.db.select().from(tradeRows).where(eq(tradeRows.id, id)))[0]!;
const set = (id: number, values: Partial<typeof tradeRows.$inferInsert>) =>
  database.db.update(tradeRows).set(values).where(eq(tradeRows.id, id));
const outcomesOf = async (id: number) =>
  (await database.db.select({ type: outbox.type, data: outbox.data }).from(outbox))
    .filter((e) => (e.data as { id?: number }).id === id)
    .map((e) => e.type);

describe('the trade sweep', () => {
  it('expires overdue pending trades, gives their escrow back, and leaves the others', async () => {
    const overdue = await offer();
    const current = await offer();
    await set(overdue.id, { expiresAt: new Date(Date.now() - 60_000) });
    const result = await sweep.runOnce();
    expect(result).toMatchObject({ expired: 1 });
    expect(await rowOf(overdue.id)).toMatchObject({
      status: 'expired',
      releasePending: false,
      settledAt: expect.any(Date),
    });
    expect(released).toEqual([overdue.id]);
    expect(await outcomesOf(overdue.id)).toEqual(['trade.created', 'trade.expired']);
    expect((await rowOf(current.id)).status).toBe('pending');
    expect(await sweep.runOnce()).toMatchObject({ expired: 0 });
  });

  it('releases and fails an opening a crash left, and finishes an accept it left half-way', async () => {
    const opening = await database.transaction((tx) =>
      insertOpening(tx, { fromUserId: 1, toUserId: 2, description: null, message: null, ttlHours: 72 }),
    );
    const accepting = await offer();
    await set(accepting.id, { status: 'accepting' });
    const fresh = await offer();
    await set(fresh.id, { status: 'accepting' });
    // Only rows left longer than recoveryAfterSeconds count as stale (the fresh one may be in flight).
    for (const id of [opening.id, accepting.id])
      await set(id, { updatedAt: new Date(Date.now() - 5 * 60_000) });
    const result = await sweep.runOnce();
    expect(result).toMatchObject({ abandoned: 1, healed: 1 });
    expect((await rowOf(opening.id)).status).toBe('failed');
    expect(released).toContain(opening.id);
    expect(await rowOf(accepting.id)).toMatchObject({ status: 'accepted', settledAt: expect.any(Date) });
    expect(transferred).toEqual([accepting.id]);
    expect((await rowOf(fresh.id)).status).toBe('accepting');
  });

  it('does nothing while another sweep holds the lock', async () => {
    const overdue = await offer();
    await set(overdue.id, { expiresAt: new Date(Date.now() - 60_000) });
    const other = await database.pool.connect();
    try {
      await other.query('select pg_advisory_lock(hashtext($1))', [SWEEP_LOCK]);
      expect(await sweep.runOnce()).toBeNull();
      expect((await rowOf(overdue.id)).status).toBe('pending');
    } finally {
      await other.query('select pg_advisory_unlock(hashtext($1))', [SWEEP_LOCK]);
      other.release();
    }
    expect(await sweep.runOnce()).toMatchObject({ expired: 1 });
  });
});
