import { adminInventoryListSchema, cardDeleted, inventoryGrant } from '@acg/contracts';
import { makeEvent } from '@acg/platform';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSummaries } from '../../db/schema';
import {
  asAdmin,
  asUser,
  card,
  type InventoryHarness,
  startInventoryHarness,
  waitFor,
} from '../../test/harness';

let h: InventoryHarness;
beforeAll(async () => {
  h = await startInventoryHarness();
  await h.announceCards(
    card(1, { characterName: 'Frieren', rankCode: 'S', rankTitle: 'Mythic' }),
    card(2, { characterName: 'Fern', rankCode: 'X', rankTitle: 'Exclusive', limited: true }),
  );
  for (const [cardId, key] of [
    [1, 'a'],
    [2, 'b'],
    [2, 'c'],
  ] as const)
    await h.bus.request(inventoryGrant, { userId: 7, cardId, idempotencyKey: key, source: 'admin' });
});
afterAll(() => h?.close());

const inventoryOf = (id: number | string, headers: Record<string, string> = asAdmin(1)) =>
  h.fetch(`/admin/users/${id}/inventory`, { headers });

describe('GET /admin/users/{id}/inventory', () => {
  it('gives administrators the requirements O inventory items, newest first, with the member fields too', async () => {
    const res = await inventoryOf(7);
    expect(res.status).toBe(200);
    const items = adminInventoryListSchema.parse(await res.json());
    expect(
      items.map((i) => ({ id: i.id, quantity: i.quantity, obtainedAt: i.obtainedAt, Card: i.Card })),
    ).toEqual([
      {
        id: expect.any(Number),
        quantity: 2,
        obtainedAt: expect.any(String),
        Card: {
          id: 2,
          imageUrl: null,
          deleted: false,
          Character: { id: 102, name: 'Fern', names: ['Fern'] },
          Rank: { code: 'X', color: '#f44336', title: 'Exclusive', name: 'Exclusive' },
        },
      },
      {
        id: expect.any(Number),
        quantity: 1,
        obtainedAt: expect.any(String),
        Card: {
          id: 1,
          imageUrl: null,
          deleted: false,
          Character: { id: 101, name: 'Frieren', names: ['Frieren'] },
          Rank: { code: 'S', color: '#f44336', title: 'Mythic', name: 'Mythic' },
        },
      },
    ]);
    expect(items[0]).toMatchObject({ cardId: 2, limited: true, character: 'Fern', rank: 'X' });
  });

  it('still shows a card catalogue deleted, marked as deleted', async () => {
    await h.bus.publish(makeEvent(cardDeleted, { id: 1 }));
    await waitFor(async () => {
      const [row] = await h.database.db.select().from(cardSummaries).where(eq(cardSummaries.id, 1));
      return row?.deleted === true;
    }, 'card 1 deleted');
    const items = adminInventoryListSchema.parse(await (await inventoryOf(7)).json());
    expect(items.map((i) => [i.Card.id, i.Card.deleted])).toEqual([
      [2, false],
      [1, true],
    ]);
  });

  it('answers an empty list for a user without cards', async () => {
    const res = await inventoryOf(8);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('refuses members (403), anonymous callers (401) and ids that are not ids (400)', async () => {
    expect((await inventoryOf(7, asUser(7))).status).toBe(403);
    expect((await inventoryOf(7, asUser(7, 2))).status).toBe(403);
    expect((await inventoryOf(7, {})).status).toBe(401);
    for (const bad of ['abc', '0', '-7', '7.5']) expect((await inventoryOf(bad)).status, bad).toBe(400);
  });
});
