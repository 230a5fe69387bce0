import { cardDeleted, inventoryGrant, inventoryGranted, inventoryOwnedCards } from '@acg/contracts';
import { AppError, makeEvent } from '@acg/platform';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSummaries, entries, grants } from '../../db/schema';
import { card, type InventoryHarness, startInventoryHarness, waitFor } from '../../test/harness';

let h: InventoryHarness;
beforeAll(async () => {
  h = await startInventoryHarness();
  await h.announceCards(card(1), card(2), card(3), card(4));
});
afterAll(() => h?.close());

const grant = (userId: number, cardId: number, idempotencyKey: string) =>
  h.bus.request(inventoryGrant, { userId, cardId, idempotencyKey, source: 'drop' });
const quantityOf = async (userId: number, cardId: number) => {
  const [row] = await h.database.db
    .select({ quantity: entries.quantity })
    .from(entries)
    .where(and(eq(entries.userId, userId), eq(entries.cardId, cardId)));
  return row?.quantity ?? 0;
};
const grantedEvents = async (userId: number) =>
  (await h.outboxEvents(inventoryGranted.type)).filter((e) => (e as { userId: number }).userId === userId);

describe('inventory.grant', () => {
  it('grants once per idempotency key: the same key again returns the first result and changes nothing', async () => {
    const first = await grant(30, 1, 'interaction-1');
    expect(first).toEqual({
      granted: true,
      entryId: expect.any(Number),
      quantity: 1,
      obtainedAt: expect.any(String),
      printNumber: expect.any(Number),
    });
    const second = await grant(30, 1, 'interaction-2');
    expect(second).toMatchObject({
      granted: true,
      entryId: first.entryId,
      quantity: 2,
      obtainedAt: first.obtainedAt,
      printNumber: first.printNumber! + 1,
    });

    expect(await grant(30, 1, 'interaction-1')).toEqual({ ...first, granted: false });
    expect(await grant(30, 1, 'interaction-2')).toEqual({ ...second, granted: false });
    expect(await quantityOf(30, 1)).toBe(2);
    expect(await grantedEvents(30)).toEqual([
      {
        userId: 30,
        cardId: 1,
        entryId: first.entryId,
        quantity: 1,
        source: 'drop',
        printNumber: first.printNumber,
      },
      {
        userId: 30,
        cardId: 1,
        entryId: first.entryId,
        quantity: 2,
        source: 'drop',
        printNumber: second.printNumber,
      },
    ]);
  });

  it('grants once when the same key races itself', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => grant(31, 2, 'interaction-race')));
    expect(results.filter((r) => r.granted)).toHaveLength(1);
    const { granted: _, ...result } = results[0]!;
    expect(results.map(({ granted: _g, ...rest }) => rest)).toEqual(Array(20).fill(result));
    expect(result.quantity).toBe(1);
    expect(await quantityOf(31, 2)).toBe(1);
    expect(await grantedEvents(31)).toHaveLength(1);
    const rows = await h.database.db
      .select()
      .from(grants)
      .where(eq(grants.idempotencyKey, 'interaction-race'));
    expect(rows).toHaveLength(1);
  });

  it('adds up concurrent grants of one card to one user with different keys', async () => {
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => grant(32, 3, `drop-${i}`)));
    expect(results.every((r) => r.granted)).toBe(true);
    // The entry's row lock serialises the grants: each saw its own quantity.
    expect(results.map((r) => r.quantity).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect(await quantityOf(32, 3)).toBe(25);
    expect(await grantedEvents(32)).toHaveLength(25);
  });

  it('grants a card inventory has not heard of yet, and refuses one catalogue deleted', async () => {
    expect(await grant(33, 777, 'early')).toMatchObject({ granted: true, quantity: 1 });
    await h.bus.publish(makeEvent(cardDeleted, { id: 4 }));
    await waitFor(async () => {
      const [row] = await h.database.db.select().from(cardSummaries).where(eq(cardSummaries.id, 4));
      return row?.deleted === true;
    }, 'card 4 deleted');
    const refused = await grant(33, 4, 'too-late').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 404 });
    expect(await quantityOf(33, 4)).toBe(0);
    expect(await h.database.db.select().from(grants).where(eq(grants.idempotencyKey, 'too-late'))).toEqual(
      [],
    );
  });

  it('publishes inventory.granted through the outbox', async () => {
    const seen: unknown[] = [];
    const sub = await h.bus.consume({
      durable: 'test-granted',
      types: [inventoryGranted.type],
      handler: async (event) => {
        seen.push(event.data);
      },
    });
    try {
      await grant(34, 1, 'published');
      await waitFor(
        async () => seen.some((d) => (d as { userId: number }).userId === 34),
        'inventory.granted',
      );
    } finally {
      await sub.stop();
    }
  });
});

describe('inventory.owned-cards', () => {
  it('tells which of the given cards a user holds at least one copy of', async () => {
    await grant(35, 1, 'own-1');
    await grant(35, 3, 'own-3');
    // A copy that left (as a trade will do) keeps the row with quantity 0.
    await h.database.db
      .update(entries)
      .set({ quantity: 0 })
      .where(and(eq(entries.userId, 35), eq(entries.cardId, 3)));
    const { cardIds } = await h.bus.request(inventoryOwnedCards, { userId: 35, cardIds: [1, 1, 2, 3, 4] });
    expect(cardIds).toEqual([1]);
    expect(await h.bus.request(inventoryOwnedCards, { userId: 35, cardIds: [] })).toEqual({ cardIds: [] });
  });
});
