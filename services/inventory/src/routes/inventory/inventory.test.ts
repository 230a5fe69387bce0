import {
  cardDeleted,
  type InventoryEntry,
  inventoryGrant,
  inventoryListSchema,
  inventoryStatsSchema,
  ownerListSchema,
} from '@acg/contracts';
import { makeEvent } from '@acg/platform';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSummaries } from '../../db/schema';
import {
  asUser,
  card,
  type InventoryHarness,
  startInventoryHarness,
  user,
  waitFor,
} from '../../test/harness';

let h: InventoryHarness;
beforeAll(async () => {
  h = await startInventoryHarness();
  await h.announceCards(
    card(1, { characterName: 'Frieren', characterId: 501 }),
    card(2, {
      characterName: 'Fern',
      characterId: 502,
      limited: true,
      rankCode: 'X',
      rankColor: '#00e5ff',
      rankTitle: 'Exclusive',
    }),
    card(3, {
      characterName: 'Frieren',
      characterId: 501,
      rankCode: 'E',
      rankTitle: 'Common',
      rankColor: '#9e9e9e',
    }),
    card(5, { characterName: 'Heiter', characterId: 505 }),
  );
  await h.announceUsers(user(30, 'sakura_fan', { avatar: 'a1b2' }), user(31, '   '));
});
afterAll(() => h?.close());

let keys = 0;
const grant = (userId: number, cardId: number) =>
  h.bus.request(inventoryGrant, { userId, cardId, idempotencyKey: `k-${++keys}`, source: 'drop' });
const get = (path: string, userId?: number) =>
  h.fetch(path, userId === undefined ? {} : { headers: asUser(userId) });
const mine = async (userId: number, path = '/api/inventory/my'): Promise<InventoryEntry[]> => {
  const res = await get(path, userId);
  expect(res.status).toBe(200);
  return inventoryListSchema.parse(await res.json());
};
const owners = async (cardId: number) => {
  const res = await get(`/api/inventory?card_id=${cardId}`, 1);
  expect(res.status).toBe(200);
  return ownerListSchema.parse(await res.json());
};
const stats = async (userId: number) => {
  const res = await get('/api/inventory/stats', userId);
  expect(res.status).toBe(200);
  return inventoryStatsSchema.parse(await res.json());
};

describe('GET /api/inventory/my and GET /api/inventory', () => {
  it('lists the caller’s cards newest first in the Inventory entry shape', async () => {
    await grant(40, 1);
    await grant(40, 3);
    await grant(40, 2);
    await grant(40, 1); // a second copy: quantity 2, still first obtained earliest
    const entries = await mine(40);
    expect(entries.map((e) => [e.cardId, e.quantity])).toEqual([
      [2, 1],
      [3, 1],
      [1, 2],
    ]);
    const obtained = entries.map((e) => Date.parse(e.obtainedAt));
    expect([...obtained].sort((a, b) => b - a)).toEqual(obtained);
    expect(entries[0]).toEqual({
      id: expect.any(Number),
      cardId: 2,
      limited: true,
      obtainedAt: expect.any(String),
      quantity: 1,
      printNumbers: [expect.any(Number)],
      character: 'Fern',
      rank: 'X',
      Card: {
        id: 2,
        imageUrl: null,
        Character: { id: 502, name: 'Fern', names: ['Fern'] },
        Rank: { code: 'X', color: '#00e5ff', title: 'Exclusive' },
      },
      animeIds: [],
    });
  });

  it('answers GET /api/inventory without card_id exactly as /my', async () => {
    expect(await mine(40, '/api/inventory')).toEqual(await mine(40));
    expect(await mine(41, '/api/inventory')).toEqual([]);
  });

  it('lists a card whose summary has not arrived as "Card #id" with rank ?, then with its facts', async () => {
    await grant(42, 4242);
    const [early] = await mine(42);
    expect(early).toMatchObject({
      cardId: 4242,
      character: 'Card #4242',
      rank: '?',
      limited: false,
      Card: { Character: { name: 'Card #4242' }, Rank: { code: '?', title: '?' } },
    });
    expect((await owners(4242)).map((o) => o.user_id)).toEqual([42]);
    expect(await stats(42)).toEqual({
      total_cards: 1,
      limited_cards: 0,
      common_cards: 1,
      unique_characters: 0,
      by_rank: [{ code: '?', title: '?', color: '#9e9e9e', count: 1 }],
      by_anime: [],
    });

    await h.announceCards(card(4242, { characterName: 'Stark', characterId: 504, limited: true }));
    expect((await mine(42))[0]).toMatchObject({ character: 'Stark', limited: true, rank: 'S' });
    expect(await stats(42)).toEqual({
      total_cards: 1,
      limited_cards: 1,
      common_cards: 0,
      unique_characters: 1,
      by_rank: [{ code: 'S', title: 'Mythic', color: '#f44336', count: 1 }],
      by_anime: [],
    });
  });

  it('leaves cards catalogue deleted out of the list and the stats', async () => {
    await grant(43, 5);
    await grant(43, 1);
    await h.bus.publish(makeEvent(cardDeleted, { id: 5 }));
    await waitFor(async () => {
      const [row] = await h.database.db.select().from(cardSummaries).where(eq(cardSummaries.id, 5));
      return row?.deleted === true;
    }, 'card 5 deleted');
    expect((await mine(43)).map((e) => e.cardId)).toEqual([1]);
    expect((await stats(43)).total_cards).toBe(1);
  });

  it('refuses anonymous callers with 401', async () => {
    for (const path of [
      '/api/inventory',
      '/api/inventory/my',
      '/api/inventory/stats',
      '/api/inventory?card_id=1',
    ])
      expect((await get(path)).status, path).toBe(401);
  });
});

describe('GET /api/inventory?card_id=', () => {
  it('lists the owners of a card, first owner first, with the display name rule', async () => {
    await grant(30, 3);
    await grant(31, 3);
    await grant(33, 3); // a user inventory has not heard of
    await grant(30, 3);
    const list = await owners(3);
    expect(list).toEqual([
      { id: 40, user_id: 40, username: 'ID: 40', avatar: null, discordId: '', quantity: 1 },
      {
        id: 30,
        user_id: 30,
        username: 'sakura_fan',
        avatar: 'a1b2',
        discordId: user(30, '').discordId,
        quantity: 2,
      },
      {
        id: 31,
        user_id: 31,
        username: 'ID: 31',
        avatar: null,
        discordId: user(31, '').discordId,
        quantity: 1,
      },
      { id: 33, user_id: 33, username: 'ID: 33', avatar: null, discordId: '', quantity: 1 },
    ]);
    expect(await owners(9999)).toEqual([]);
  });

  it('refuses a card_id that is not an id with 400', async () => {
    for (const bad of ['abc', '0', '-1', '2.5', '', '99999999999'])
      expect((await get(`/api/inventory?card_id=${bad}`, 1)).status, bad).toBe(400);
  });
});

describe('GET /api/inventory/stats', () => {
  it('counts copies: total, limited, regular, and distinct characters', async () => {
    expect(await stats(44)).toEqual({
      total_cards: 0,
      limited_cards: 0,
      common_cards: 0,
      unique_characters: 0,
      by_rank: [],
      by_anime: [],
    });
    await grant(44, 1); // Frieren, regular
    await grant(44, 3); // Frieren again (another card of the same character), regular
    await grant(44, 3);
    await grant(44, 2); // Fern, limited
    await grant(44, 2);
    await grant(44, 2);
    expect(await stats(44)).toEqual({
      total_cards: 6,
      limited_cards: 3,
      common_cards: 3,
      unique_characters: 2,
      by_rank: [
        { code: 'E', title: 'Common', color: '#9e9e9e', count: 2 },
        { code: 'S', title: 'Mythic', color: '#f44336', count: 1 },
        { code: 'X', title: 'Exclusive', color: '#00e5ff', count: 3 },
      ],
      by_anime: [],
    });
  });
});
