import {
  inventoryTradeRelease,
  inventoryTradeReserve,
  inventoryTradeTransfer,
  type TradeItemFacts,
  usersGet,
} from '@acg/contracts';
import { tradeRefusal } from '@acg/i18n/server';
import {
  ConflictError,
  createLogger,
  createMemoryBus,
  type Database,
  type InspectableBus,
  type OutboxRelay,
  openServiceDatabase,
  type Subscription,
} from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox, tradeRows } from '../db/schema';
import { findTrade } from '../repository/trades';
import { tradesDatabase } from '../start';
import { createTradeFlow, type TradeFlow } from './trade-flow';

/**
 * The trade flow (docs/rules.md §34) on a real PostgreSQL, with inventory and auth served by
 * stand-ins on the in-process bus: which state each step leaves a trade in, what it asks of
 * inventory, and which events it writes with it.
 */
const SENDER = 1;
const RECIPIENT = 2;
const STRANGER = 3;
const actor = (userId: number) => ({ userId, ip: '127.0.0.1' });

let testDb: TestDatabase;
let database: Database;
let bus: InspectableBus;
let flow: TradeFlow;
let served: Subscription[] = [];
/** How the inventory stand-in answers: as asked, with a 409, or not at all (gone from the bus). */
let inventory: 'ok' | 'refuses' | 'down' = 'ok';
const asked: Record<
  'reserve' | 'release' | 'transfer',
  Array<{ tradeId: number } & Record<string, unknown>>
> = {
  reserve: [],
  release: [],
  transfer: [],
};

const facts = (side: 'from' | 'to', inventoryId: number, quantity: number): TradeItemFacts => ({
  side,
  inventoryId,
  cardId: inventoryId + 100,
  quantity,
  characterId: inventoryId + 200,
  characterName: `Character ${inventoryId}`,
  imageUrl: null,
  limited: false,
  rankCode: 'S',
  rankTitle: 'Mythic',
  rankColor: '#f44336',
});
const refuse = () => {
  throw new ConflictError(...tradeRefusal('recipientNoLongerHolds', { inventoryId: 20 }));
};

function serveStandIns(): Subscription[] {
  return [
    bus.serve(usersGet, async ({ ids }) => ({
      users: ids.map((id) => ({
        id,
        username: `user${id}`,
        discriminator: '0',
        discordId: `${9000 + id}`,
        avatar: null,
      })),
    })),
    bus.serve(inventoryTradeReserve, async (req) => {
      asked.reserve.push(req);
      if (inventory === 'refuses') refuse();
      return {
        items: [
          ...req.fromItems.map((i) => facts('from', i.inventoryId, i.quantity)),
          ...req.toItems.map((i) => facts('to', i.inventoryId, i.quantity)),
        ],
      };
    }),
    bus.serve(inventoryTradeRelease, async (req) => {
      asked.release.push(req);
      return { released: true };
    }),
    bus.serve(inventoryTradeTransfer, async (req) => {
      asked.transfer.push(req);
      if (inventory === 'refuses') refuse();
      return { transferred: true };
    }),
  ];
}

beforeAll(async () => {
  const logger = createLogger('trades-test', 'silent');
  testDb = await createTestDatabase();
  database = await openServiceDatabase(tradesDatabase, testDb.url, logger);
  bus = createMemoryBus({ logger });
  // The outbox rows stay for the tests to read: this relay publishes nothing.
  const relay: OutboxRelay = { kick() {}, flush: async () => {}, stop: async () => {} };
  flow = createTradeFlow({ database, bus, relay, logger, ttlHours: 72, inventoryTimeoutMs: 300 });
});
beforeEach(async () => {
  await Promise.all(served.map((s) => s.stop()));
  inventory = 'ok';
  served = serveStandIns();
  for (const list of Object.values(asked)) list.length = 0;
});
afterAll(async () => {
  await Promise.all(served.map((s) => s.stop()));
  await bus?.drain();
  await database?.close();
  await testDb?.drop();
});

/** Takes inventory off the bus: its calls then fail as unreachable, not as refusals. */
async function inventoryDown() {
  inventory = 'down';
  await Promise.all(served.map((s) => s.stop()));
  served = [
    bus.serve(usersGet, async ({ ids }) => ({
      users: ids.map((id) => ({
        id,
        username: `user${id}`,
        discriminator: '0',
        discordId: `${9000 + id}`,
        avatar: null,
      })),
    })),
  ];
}
const offer = () =>
  flow.create(actor(SENDER), {
    toUserId: RECIPIENT,
    fromItems: [{ inventoryId: 10, quantity: 2 }],
    toItems: [{ inventoryId: 20, quantity: 1 }],
    description: 'swap',
    message: '',
  });
const stateOf = async (id: number) => (await findTrade(database.db, id))?.status;
/** The whole row, with what the flow keeps to itself (settledAt, releasePending). */
const rowOf = async (id: number) =>
  (await database.db.select().from(tradeRows).where(eq(tradeRows.id, id)))[0];
const eventsOf = async (id: number) =>
  (await database.db.select({ type: outbox.type, data: outbox.data }).from(outbox))
    .filter((e) => {
      const d = e.data as { id?: number; targetId?: string };
      return d.id === id || d.targetId === String(id);
    })
    .map((e) => (e.type === 'audit.recorded' ? `audit:${(e.data as { action: string }).action}` : e.type));

describe('making a trade', () => {
  it('reserves the sender’s copies in inventory, then lists it pending with its items and events', async () => {
    const trade = await offer();
    expect(trade).toMatchObject({
      status: 'pending',
      from_user_id: SENDER,
      to_user_id: RECIPIENT,
      description: 'swap',
    });
    expect(trade.Items.map((i) => [i.side, i.inventoryId, i.quantity])).toEqual([
      ['from', 10, 2],
      ['to', 20, 1],
    ]);
    expect(asked.reserve).toEqual([
      {
        tradeId: trade.id,
        fromUserId: SENDER,
        toUserId: RECIPIENT,
        fromItems: [{ inventoryId: 10, quantity: 2 }],
        toItems: [{ inventoryId: 20, quantity: 1 }],
      },
    ]);
    expect(await stateOf(trade.id)).toBe('pending');
    expect(await eventsOf(trade.id)).toEqual(['trade.created', 'audit:trade.created']);
  });

  it('keeps no trade when inventory refuses, and leaves an opening for the sweep when it is away', async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(tradeRows);
    inventory = 'refuses';
    await expect(offer()).rejects.toMatchObject({
      status: 409,
      details: { reason: 'recipientNoLongerHolds' },
    });
    expect(await database.db.select({ n: sql<number>`count(*)::int` }).from(tradeRows)).toEqual(before);
    await inventoryDown();
    await expect(offer()).rejects.toMatchObject({ status: 503 });
    const openings = await database.db.select().from(tradeRows).where(eq(tradeRows.status, 'opening'));
    expect(openings).toHaveLength(1);
    await database.db.delete(tradeRows).where(eq(tradeRows.id, openings[0]!.id));
  });
});

describe('answering a trade', () => {
  it('accepting moves both sides in one transfer and settles the trade accepted, once', async () => {
    const trade = await offer();
    const accepted = await flow.act(actor(RECIPIENT), trade.id, 'accept');
    expect(accepted.status).toBe('accepted');
    expect(asked.transfer).toEqual([
      {
        tradeId: trade.id,
        fromUserId: SENDER,
        toUserId: RECIPIENT,
        fromItems: [{ inventoryId: 10, quantity: 2 }],
        toItems: [{ inventoryId: 20, quantity: 1 }],
      },
    ]);
    expect(asked.release).toEqual([]);
    const row = await rowOf(trade.id);
    expect(row).toMatchObject({ status: 'accepted', settledAt: expect.any(Date) });
    expect(await eventsOf(trade.id)).toEqual([
      'trade.created',
      'audit:trade.created',
      'trade.accepted',
      'audit:trade.accepted',
    ]);
    for (const action of ['accept', 'decline'] as const)
      await expect(flow.act(actor(RECIPIENT), trade.id, action)).rejects.toMatchObject({
        status: 409,
        details: { reason: 'alreadyAccepted' },
      });
    expect(asked.transfer).toHaveLength(1);
  });

  it('declining (the recipient) and cancelling (the sender) settle it and give the escrow back', async () => {
    for (const [who, action, status] of [
      [RECIPIENT, 'decline', 'declined'],
      [SENDER, 'cancel', 'cancelled'],
    ] as const) {
      const trade = await offer();
      const answered = await flow.act(actor(who), trade.id, action);
      expect(answered.status).toBe(status);
      expect(await stateOf(trade.id)).toBe(status);
      expect(asked.release.map((r) => r.tradeId)).toContain(trade.id);
      expect(asked.transfer).toEqual([]);
      expect(await rowOf(trade.id)).toMatchObject({ releasePending: false, settledAt: expect.any(Date) });
      expect(await eventsOf(trade.id)).toEqual([
        'trade.created',
        'audit:trade.created',
        `trade.${status}`,
        `audit:trade.${status}`,
      ]);
      await expect(flow.act(actor(RECIPIENT), trade.id, 'accept')).rejects.toMatchObject({ status: 409 });
    }
  });

  it('leaves a decline whose escrow inventory could not take back marked for the sweep', async () => {
    const trade = await offer();
    await inventoryDown();
    expect((await flow.act(actor(RECIPIENT), trade.id, 'decline')).status).toBe('declined');
    expect(await rowOf(trade.id)).toMatchObject({ status: 'declined', releasePending: true });
  });

  it('lets only the recipient accept or decline and only the sender cancel, changing nothing otherwise', async () => {
    const trade = await offer();
    for (const [who, action, reason] of [
      [SENDER, 'accept', 'onlyRecipientAccepts'],
      [SENDER, 'decline', 'onlyRecipientDeclines'],
      [RECIPIENT, 'cancel', 'onlySenderCancels'],
      [STRANGER, 'accept', 'notYourTrade'],
    ] as const)
      await expect(flow.act(actor(who), trade.id, action)).rejects.toMatchObject({
        status: 403,
        details: { reason },
      });
    expect(await stateOf(trade.id)).toBe('pending');
    expect(asked.transfer).toEqual([]);
    expect(asked.release).toEqual([]);
    await expect(flow.act(actor(RECIPIENT), 999_999, 'accept')).rejects.toMatchObject({ status: 404 });
  });

  it('refuses a trade past its expiry without moving it', async () => {
    const trade = await offer();
    await database.db
      .update(tradeRows)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tradeRows.id, trade.id));
    await expect(flow.act(actor(RECIPIENT), trade.id, 'accept')).rejects.toMatchObject({
      status: 409,
      details: { reason: 'expired' },
    });
    expect(await stateOf(trade.id)).toBe('pending');
  });

  it('puts an accept that inventory refuses back to pending, and keeps one it cannot confirm accepting', async () => {
    const refused = await offer();
    inventory = 'refuses';
    await expect(flow.act(actor(RECIPIENT), refused.id, 'accept')).rejects.toMatchObject({ status: 409 });
    expect(await stateOf(refused.id)).toBe('pending');
    expect(await eventsOf(refused.id)).toEqual(['trade.created', 'audit:trade.created']);
    inventory = 'ok';
    expect((await flow.act(actor(RECIPIENT), refused.id, 'accept')).status).toBe('accepted');

    const unconfirmed = await offer();
    await inventoryDown();
    await expect(flow.act(actor(RECIPIENT), unconfirmed.id, 'accept')).rejects.toMatchObject({
      status: 503,
      details: { reason: 'acceptInProgress' },
    });
    expect(await stateOf(unconfirmed.id)).toBe('accepting');
    // While it is being accepted nobody can cancel or decline it.
    await expect(flow.act(actor(SENDER), unconfirmed.id, 'cancel')).rejects.toMatchObject({
      status: 409,
      details: { reason: 'beingAccepted' },
    });
  });
});
