import { inventoryGrant, inventoryTransferred } from '@acg/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, movements } from '../db/schema';
import { card, type InventoryHarness, startInventoryHarness } from '../test/harness';
import { releaseTrade, reserveTrade, type TradeItemsRequest, transferTrade } from './trade-escrow';

/**
 * The escrow of trades on a real PostgreSQL (docs/rules.md §34): a new trade reserves the
 * sender's copies, a declined or cancelled one gives them back, an accepted one moves both
 * sides' copies exactly once. Each test uses its own users, so the tests do not share entries.
 */
let h: InventoryHarness;
beforeAll(async () => {
  h = await startInventoryHarness();
  await h.announceCards(card(1), card(2), card(3));
});
afterAll(() => h?.close());

let keys = 0;
/** Gives `userId` `copies` copies of a card; answers the entry id. */
async function give(userId: number, cardId: number, copies: number): Promise<number> {
  let entryId = 0;
  for (let i = 0; i < copies; i++)
    ({ entryId } = await h.bus.request(inventoryGrant, {
      userId,
      cardId,
      idempotencyKey: `escrow-test-${++keys}`,
      source: 'admin',
    }));
  return entryId;
}
const entryOf = async (userId: number, cardId: number) => {
  const [row] = await h.database.db
    .select({ id: entries.id, quantity: entries.quantity, reserved: entries.reserved })
    .from(entries)
    .where(and(eq(entries.userId, userId), eq(entries.cardId, cardId)));
  return row ?? { id: 0, quantity: 0, reserved: 0 };
};
let tradeIds = 1000;
const trade = (over: Partial<TradeItemsRequest>): TradeItemsRequest => ({
  tradeId: ++tradeIds,
  fromUserId: 0,
  toUserId: 0,
  fromItems: [],
  toItems: [],
  ...over,
});

describe('reserving a new trade', () => {
  it('reserves exactly the free copies asked, up to the last one, and refuses one more', async () => {
    const entry = await give(11, 1, 3);
    const all = trade({ fromUserId: 11, toUserId: 12, fromItems: [{ inventoryId: entry, quantity: 3 }] });
    const items = await reserveTrade(h.database, all);
    expect(items).toMatchObject([
      { side: 'from', inventoryId: entry, cardId: 1, quantity: 3, characterName: 'Character 1' },
    ]);
    expect(await entryOf(11, 1)).toMatchObject({ quantity: 3, reserved: 3 });
    // Every copy is in escrow now: even one more for another trade is refused, naming what is free.
    const more = trade({ fromUserId: 11, toUserId: 13, fromItems: [{ inventoryId: entry, quantity: 1 }] });
    await expect(reserveTrade(h.database, more)).rejects.toMatchObject({
      status: 409,
      details: { reason: 'fewFreeOwn', free: 0, asked: 1 },
    });
    expect(await entryOf(11, 1)).toMatchObject({ quantity: 3, reserved: 3 });
  });

  it('counts only copies no other trade holds, and refuses asking one more than is free', async () => {
    const entry = await give(21, 2, 4);
    await reserveTrade(
      h.database,
      trade({ fromUserId: 21, toUserId: 22, fromItems: [{ inventoryId: entry, quantity: 1 }] }),
    );
    const tooMany = trade({ fromUserId: 21, toUserId: 23, fromItems: [{ inventoryId: entry, quantity: 4 }] });
    await expect(reserveTrade(h.database, tooMany)).rejects.toMatchObject({
      status: 409,
      details: { reason: 'fewFreeOwn', free: 3, asked: 4 },
    });
    const exactly = trade({ fromUserId: 21, toUserId: 23, fromItems: [{ inventoryId: entry, quantity: 3 }] });
    await reserveTrade(h.database, exactly);
    expect(await entryOf(21, 2)).toMatchObject({ quantity: 4, reserved: 4 });
  });

  it('checks the recipient side without reserving it, up to the recipient’s last free copy', async () => {
    const mine = await give(31, 1, 1);
    const theirs = await give(32, 2, 2);
    const asked = trade({
      fromUserId: 31,
      toUserId: 32,
      fromItems: [{ inventoryId: mine, quantity: 1 }],
      toItems: [{ inventoryId: theirs, quantity: 2 }],
    });
    expect((await reserveTrade(h.database, asked)).map((i) => i.side)).toEqual(['from', 'to']);
    expect(await entryOf(32, 2)).toMatchObject({ quantity: 2, reserved: 0 });
    const tooMany = trade({ fromUserId: 31, toUserId: 32, toItems: [{ inventoryId: theirs, quantity: 3 }] });
    await expect(reserveTrade(h.database, tooMany)).rejects.toMatchObject({
      status: 409,
      details: { reason: 'fewFreeRecipient', free: 2, asked: 3 },
    });
  });

  it('is idempotent per trade id, and refuses entries that are not the sender’s or listed twice', async () => {
    const entry = await give(41, 3, 2);
    const once = trade({ fromUserId: 41, toUserId: 42, fromItems: [{ inventoryId: entry, quantity: 2 }] });
    await reserveTrade(h.database, once);
    // The same trade again (a retry): its own escrow counts as free for it, nothing more is reserved.
    expect(await reserveTrade(h.database, once)).toHaveLength(1);
    expect(await entryOf(41, 3)).toMatchObject({ quantity: 2, reserved: 2 });
    const stranger = trade({
      fromUserId: 43,
      toUserId: 42,
      fromItems: [{ inventoryId: entry, quantity: 1 }],
    });
    await expect(reserveTrade(h.database, stranger)).rejects.toMatchObject({
      status: 403,
      details: { reason: 'itemNotYours' },
    });
    const twice = trade({
      fromUserId: 41,
      toUserId: 42,
      fromItems: [{ inventoryId: entry, quantity: 1 }],
      toItems: [{ inventoryId: entry, quantity: 1 }],
    });
    // Refused before any transaction (thrown at once, not a rejected promise).
    expect(() => reserveTrade(h.database, twice)).toThrow(
      expect.objectContaining({ status: 400, details: expect.objectContaining({ reason: 'listedTwice' }) }),
    );
    await expect(
      reserveTrade(
        h.database,
        trade({ fromUserId: 41, toUserId: 42, fromItems: [{ inventoryId: 999_999, quantity: 1 }] }),
      ),
    ).rejects.toMatchObject({ status: 404, details: { reason: 'itemNotFound' } });
  });
});

describe('releasing a trade', () => {
  it('gives the escrow back once, and a released trade cannot reserve or transfer again', async () => {
    const entry = await give(51, 1, 2);
    const t = trade({ fromUserId: 51, toUserId: 52, fromItems: [{ inventoryId: entry, quantity: 2 }] });
    await reserveTrade(h.database, t);
    expect(await releaseTrade(h.database, t.tradeId)).toBe(true);
    expect(await entryOf(51, 1)).toMatchObject({ quantity: 2, reserved: 0 });
    expect(await releaseTrade(h.database, t.tradeId)).toBe(false);
    expect(await entryOf(51, 1)).toMatchObject({ quantity: 2, reserved: 0 });
    await expect(reserveTrade(h.database, t)).rejects.toMatchObject({ status: 409 });
    await expect(transferTrade(h.database, t)).rejects.toMatchObject({ status: 409 });
    // A release that comes before its reserve marks the trade released: the late reserve is refused.
    const early = trade({ fromUserId: 51, toUserId: 52, fromItems: [{ inventoryId: entry, quantity: 1 }] });
    expect(await releaseTrade(h.database, early.tradeId)).toBe(false);
    await expect(reserveTrade(h.database, early)).rejects.toMatchObject({ status: 409 });
    expect(await entryOf(51, 1)).toMatchObject({ quantity: 2, reserved: 0 });
  });
});

describe('transferring an accepted trade', () => {
  it('moves both sides’ copies exactly once, with their escrow, provenance and one event', async () => {
    const mine = await give(61, 1, 3);
    const theirs = await give(62, 2, 1);
    const t = trade({
      fromUserId: 61,
      toUserId: 62,
      fromItems: [{ inventoryId: mine, quantity: 3 }],
      toItems: [{ inventoryId: theirs, quantity: 1 }],
    });
    await reserveTrade(h.database, t);
    expect(await transferTrade(h.database, t)).toBe(true);
    expect(await entryOf(61, 1)).toMatchObject({ quantity: 0, reserved: 0 });
    expect(await entryOf(62, 1)).toMatchObject({ quantity: 3, reserved: 0 });
    expect(await entryOf(62, 2)).toMatchObject({ quantity: 0, reserved: 0 });
    expect(await entryOf(61, 2)).toMatchObject({ quantity: 1, reserved: 0 });
    const moved = await h.database.db.select().from(movements).where(eq(movements.tradeId, t.tradeId));
    expect(moved.map((m) => [m.fromUserId, m.toUserId, m.cardId, m.quantity, m.kind]).sort()).toEqual(
      [
        [61, 62, 1, 3, 'trade'],
        [62, 61, 2, 1, 'trade'],
      ].sort(),
    );
    // Again (a retry of the accept): nothing moves twice.
    expect(await transferTrade(h.database, t)).toBe(false);
    expect(await entryOf(62, 1)).toMatchObject({ quantity: 3 });
    const events = (await h.outboxEvents(inventoryTransferred.type)).filter(
      (e) => (e as { tradeId: number }).tradeId === t.tradeId,
    );
    expect(events).toHaveLength(1);
    await expect(releaseTrade(h.database, t.tradeId)).rejects.toMatchObject({ status: 409 });
  });

  it('refuses, moving nothing, when the recipient no longer has the copies asked', async () => {
    const mine = await give(71, 1, 1);
    const theirs = await give(72, 2, 2);
    const t = trade({
      fromUserId: 71,
      toUserId: 72,
      fromItems: [{ inventoryId: mine, quantity: 1 }],
      toItems: [{ inventoryId: theirs, quantity: 2 }],
    });
    await reserveTrade(h.database, t);
    // Another trade takes one of the recipient's two copies into escrow meanwhile.
    await reserveTrade(
      h.database,
      trade({ fromUserId: 72, toUserId: 73, fromItems: [{ inventoryId: theirs, quantity: 1 }] }),
    );
    await expect(transferTrade(h.database, t)).rejects.toMatchObject({
      status: 409,
      details: { reason: 'fewFreeRecipient', free: 1, asked: 2 },
    });
    expect(await entryOf(71, 1)).toMatchObject({ quantity: 1, reserved: 1 });
    expect(await entryOf(72, 2)).toMatchObject({ quantity: 2, reserved: 1 });
  });

  it('refuses a trade that holds no escrow, or copies beyond what it holds', async () => {
    const entry = await give(81, 3, 2);
    const never = trade({ fromUserId: 81, toUserId: 82, fromItems: [{ inventoryId: entry, quantity: 1 }] });
    await expect(transferTrade(h.database, never)).rejects.toMatchObject({ status: 409 });
    const one = trade({ fromUserId: 81, toUserId: 82, fromItems: [{ inventoryId: entry, quantity: 1 }] });
    await reserveTrade(h.database, one);
    await expect(
      transferTrade(h.database, { ...one, fromItems: [{ inventoryId: entry, quantity: 2 }] }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await entryOf(81, 3)).toMatchObject({ quantity: 2, reserved: 1 });
  });
});
