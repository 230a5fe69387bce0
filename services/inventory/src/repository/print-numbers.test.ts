import { inventoryGrant, inventoryTransferred } from '@acg/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copies, entries, movements, printRuns } from '../db/schema';
import { asUser, card, type InventoryHarness, startInventoryHarness } from '../test/harness';
import { releaseTrade, reserveTrade, transferTrade } from './trade-escrow';

/**
 * Print numbers (docs/rules.md §59): each copy given is the n-th copy of its card ever given,
 * numbered with the grant, never twice and never skipping, even when many drops of one card run
 * at once; a trade moves the copies with their numbers. On DATABASE_URL's PostgreSQL when set,
 * else the embedded one.
 */
let h: InventoryHarness;
beforeAll(async () => {
  h = await startInventoryHarness();
  await h.announceCards(card(1), card(2), card(3), card(4));
});
afterAll(() => h?.close());

const grant = (userId: number, cardId: number, key: string) =>
  h.bus.request(inventoryGrant, { userId, cardId, idempotencyKey: key, source: 'drop' });

const printsOf = async (userId: number, cardId: number) => {
  const rows = await h.database.db
    .select({ print: copies.printNumber })
    .from(copies)
    .innerJoin(entries, eq(entries.id, copies.entryId))
    .where(and(eq(entries.userId, userId), eq(entries.cardId, cardId)))
    .orderBy(copies.printNumber);
  return rows.map((r) => r.print);
};

describe('print numbers', () => {
  it('numbers 50 concurrent drops of one card 1…50, each once, and every entry holds its copies', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => grant(100 + (i % 7), 1, `concurrent-${i}`)),
    );
    const numbers = results.map((r) => r.printNumber).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    const stored = await h.database.db
      .select({ print: copies.printNumber })
      .from(copies)
      .where(eq(copies.cardId, 1))
      .orderBy(copies.printNumber);
    expect(stored.map((r) => r.print)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const [run] = await h.database.db.select().from(printRuns).where(eq(printRuns.cardId, 1));
    expect(run?.printed).toBe(50);
    // The catalogue's card detail reads how many were printed with the likes.
    const likes = await (await h.fetch('/api/cards/1/likes', { headers: asUser(999) })).json();
    expect(likes).toEqual({ likes: 0, liked: false, printed: 50 });
    // Users 100…106 got 8, 7, 7, 7, 7, 7, 7 drops: each entry's quantity is its number of copies.
    for (let user = 100; user < 107; user++) {
      const [entry] = await h.database.db
        .select({ quantity: entries.quantity })
        .from(entries)
        .where(and(eq(entries.userId, user), eq(entries.cardId, 1)));
      expect((await printsOf(user, 1)).length).toBe(entry?.quantity);
      expect(entry?.quantity).toBe(user === 100 ? 8 : 7);
    }
  });

  it('answers a repeated grant with the number it gave, and numbers each card on its own', async () => {
    const first = await grant(110, 2, 'repeat-me');
    const again = await grant(111, 2, 'repeat-me');
    const other = await grant(110, 3, 'another-card');
    expect(first).toMatchObject({ granted: true, printNumber: 1 });
    expect(again).toMatchObject({ granted: false, printNumber: 1 });
    expect(other.printNumber).toBe(1);
    expect((await grant(112, 2, 'second-of-two')).printNumber).toBe(2);
  });

  it('lists an entry’s print numbers in the inventory and its drop in the history', async () => {
    await grant(120, 4, 'list-1');
    await grant(121, 4, 'list-2');
    const { entryId } = await grant(120, 4, 'list-3');
    const mine = await (await h.fetch('/api/inventory/my', { headers: asUser(120) })).json();
    expect(mine).toEqual([
      expect.objectContaining({ id: entryId, cardId: 4, quantity: 2, printNumbers: [1, 3] }),
    ]);
    const history = await (
      await h.fetch(`/api/inventory/${entryId}/history`, { headers: asUser(120) })
    ).json();
    expect(history.events.map((e: { printNumbers: number[] }) => e.printNumbers)).toEqual([[1], [3]]);
  });
});

describe('print numbers through trades', () => {
  it('holds the sender’s highest prints in escrow, gives them back on release, and moves them on accept', async () => {
    for (let i = 0; i < 3; i++) await grant(130, 3, `trade-a-${i}`); // prints 2, 3, 4 of card 3
    const { entryId: theirs } = await grant(131, 2, 'trade-b-0'); // print 3 of card 2
    const { entryId: mine } = await grant(130, 3, 'trade-a-3'); // print 5
    expect(await printsOf(130, 3)).toEqual([2, 3, 4, 5]);

    const declined = { tradeId: 501, fromUserId: 130, toUserId: 131, toItems: [] };
    await reserveTrade(h.database, { ...declined, fromItems: [{ inventoryId: mine, quantity: 2 }] });
    const held = await h.database.db
      .select({ print: copies.printNumber })
      .from(copies)
      .where(eq(copies.tradeId, 501))
      .orderBy(copies.printNumber);
    expect(held.map((r) => r.print)).toEqual([4, 5]);
    expect(await releaseTrade(h.database, 501)).toBe(true);
    expect(await h.database.db.select().from(copies).where(eq(copies.tradeId, 501))).toEqual([]);

    const accepted = {
      tradeId: 502,
      fromUserId: 130,
      toUserId: 131,
      fromItems: [{ inventoryId: mine, quantity: 2 }],
      toItems: [{ inventoryId: theirs, quantity: 1 }],
    };
    await reserveTrade(h.database, accepted);
    expect(await transferTrade(h.database, accepted)).toBe(true);
    expect(await printsOf(130, 3)).toEqual([2, 3]);
    expect(await printsOf(131, 3)).toEqual([4, 5]);
    expect(await printsOf(131, 2)).toEqual([]);
    expect(await printsOf(130, 2)).toEqual([3]);
    const moved = await h.database.db
      .select({ cardId: movements.cardId, printNumbers: movements.printNumbers })
      .from(movements)
      .where(eq(movements.tradeId, 502))
      .orderBy(movements.cardId);
    expect(moved).toEqual([
      { cardId: 2, printNumbers: [3] },
      { cardId: 3, printNumbers: [4, 5] },
    ]);
    const [event] = (await h.outboxEvents(inventoryTransferred.type)).filter(
      (e) => (e as { tradeId: number }).tradeId === 502,
    );
    expect((event as { moves: unknown[] }).moves).toContainEqual(
      expect.objectContaining({ cardId: 3, printNumbers: [4, 5] }),
    );
    // Nothing is left in escrow, and nothing was printed by the trade.
    expect(await h.database.db.select().from(copies).where(eq(copies.tradeId, 502))).toEqual([]);
    const [run] = await h.database.db.select().from(printRuns).where(eq(printRuns.cardId, 3));
    expect(run?.printed).toBe(5);
  });
});
