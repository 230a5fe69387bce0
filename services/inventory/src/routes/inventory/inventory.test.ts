import {
  inventoryGrant,
  inventoryListSchema,
  inventoryOwnedCards,
  inventoryStatsSchema,
  ownerListSchema,
} from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSummaries, userSummaries } from '../../db/schema';
import { adminIdentity, card, eventually, identity, startInventory } from '../../test-support';

let h: Awaited<ReturnType<typeof startInventory>>;
beforeAll(async () => {
  h = await startInventory();
  await h.announceCards(
    card(1, { characterName: 'Frieren', characterId: 501 }),
    card(2, { characterName: 'Fern', characterId: 502, limited: true, rankCode: 'X', rankColor: '#00e5ff' }),
    card(3, { characterName: 'Frieren', characterId: 501, rankCode: 'E' }),
  );
  await h.announceUser(30, 'sakura_fan');
  // Read models are filled asynchronously by the consumers: wait for all of them.
  await eventually(
    async () =>
      (await h.database.db.select().from(cardSummaries)).length === 3 &&
      (await h.database.db.select().from(userSummaries)).length === 1,
  );
});
afterAll(() => h?.close());

const grant = (userId: number, cardId: number, key: string) =>
  h.bus.request(inventoryGrant, { userId, cardId, idempotencyKey: key, source: 'drop' });

describe('grants over the bus', () => {
  it('grants once per idempotency key, also when the same key races itself', async () => {
    const first = await grant(30, 1, 'interaction-1');
    expect(first).toMatchObject({ granted: true, quantity: 1 });
    expect(await grant(30, 1, 'interaction-1')).toMatchObject({
      granted: false,
      quantity: 1,
      entryId: first.entryId,
    });
    const raced = await Promise.all(Array.from({ length: 10 }, () => grant(31, 1, 'interaction-race')));
    expect(raced.filter((r) => r.granted)).toHaveLength(1);
    expect(raced.every((r) => r.quantity === 1)).toBe(true);
  });

  it('adds up concurrent grants of one card with different keys', async () => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => grant(32, 2, `drop-${i}`)));
    const mine = inventoryListSchema.parse(
      (await h.service.app.inject({ url: '/api/inventory/my', headers: identity(32) })).json(),
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ cardId: 2, quantity: 10, limited: true, character: 'Fern', rank: 'X' });
    expect(mine[0]!.Card).toMatchObject({
      id: 2,
      Character: { name: 'Fern' },
      Rank: { code: 'X', color: '#00e5ff' },
    });
  });

  it('tells which cards a user holds', async () => {
    expect(await h.bus.request(inventoryOwnedCards, { userId: 30, cardIds: [1, 2, 3] })).toEqual({
      cardIds: [1],
    });
  });
});

describe('inventory reads', () => {
  it('lists owners of a card with a display name, falling back to the id', async () => {
    await grant(33, 1, 'unknown-user-drop');
    const owners = ownerListSchema.parse(
      (await h.service.app.inject({ url: '/api/inventory?card_id=1', headers: identity(1) })).json(),
    );
    expect(owners.map((o) => o.username)).toEqual(['sakura_fan', 'ID: 31', 'ID: 33']);
    expect(owners[0]).toMatchObject({ id: 30, user_id: 30, discordId: '1000000000000030', quantity: 1 });
  });

  it('answers GET /api/inventory without card_id with the caller’s own cards', async () => {
    const res = await h.service.app.inject({ url: '/api/inventory', headers: identity(32) });
    expect(inventoryListSchema.parse(res.json()).map((e) => e.cardId)).toEqual([2]);
  });

  it('counts stats: total, limited, regular and unique characters', async () => {
    await grant(34, 1, 's1');
    await grant(34, 3, 's2');
    await grant(34, 3, 's3');
    await grant(34, 2, 's4');
    const stats = inventoryStatsSchema.parse(
      (await h.service.app.inject({ url: '/api/inventory/stats', headers: identity(34) })).json(),
    );
    expect(stats).toEqual({ total_cards: 4, limited_cards: 1, common_cards: 3, unique_characters: 2 });
  });

  it('shows a card whose summary has not arrived as "Card #id"', async () => {
    await grant(35, 4242, 'early-drop');
    const [entry] = inventoryListSchema.parse(
      (await h.service.app.inject({ url: '/api/inventory/my', headers: identity(35) })).json(),
    );
    expect(entry).toMatchObject({ cardId: 4242, character: 'Card #4242', rank: '?' });
  });

  it('gives admins a user’s inventory and refuses others', async () => {
    const res = await h.service.app.inject({ url: '/admin/users/32/inventory', headers: adminIdentity(1) });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].Card.Rank).toMatchObject({ code: 'X', name: 'Mythic' });
    expect(
      (await h.service.app.inject({ url: '/admin/users/32/inventory', headers: identity(1) })).statusCode,
    ).toBe(403);
    expect((await h.service.app.inject({ url: '/api/inventory/my' })).statusCode).toBe(401);
    expect(
      (await h.service.app.inject({ url: '/api/inventory?card_id=abc', headers: identity(1) })).statusCode,
    ).toBe(400);
  });
});
