import { collectorSchema, inventoryGrant, inventoryListSchema, tradeableCopySchema } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asUser, card, type InventoryHarness, startInventoryHarness, user } from '../../test/harness';

const gilbert = { en: 'Gilbert Bougainvillea', ru: 'Гилберт Бугенвиллея', ja: 'ギルベルト・ブーゲンビリア' };
const dimple = { en: 'Dimple', ru: 'Димпл', ja: 'エクボ' };
const rank = (code: string, rankTitle: string, rankColor: string) => ({
  rankCode: code,
  rankTitle,
  rankColor,
});

let h: InventoryHarness;
let keys = 0;
const grant = (userId: number, cardId: number) =>
  h.bus.request(inventoryGrant, { userId, cardId, idempotencyKey: `c-${++keys}`, source: 'drop' });

beforeAll(async () => {
  h = await startInventoryHarness();
  await h.announceCards(
    card(1, {
      characterName: 'Gilbert Bougainvillea',
      characterNames: gilbert,
      animeIds: [10],
      ...rank('B', 'Epic', '#9c27b0'),
    }),
    card(2, {
      characterName: 'Dimple',
      characterNames: dimple,
      animeIds: [20],
      ...rank('D', 'Uncommon', '#4caf50'),
    }),
    card(3, {
      characterName: 'Dimple',
      characterNames: dimple,
      animeIds: [20, 21],
      ...rank('B', 'Epic', '#9c27b0'),
    }),
  );
  await h.announceUsers(
    user(40, 'violet', { displayName: 'Violet', avatar: 'ab12' }),
    user(41, 'mob'),
    user(42, 'nobody'),
  );
  for (const [userId, cardId] of [
    [40, 1],
    [40, 2],
    [40, 2],
    [40, 3],
    [41, 2],
  ] as const)
    await grant(userId, cardId);
});
afterAll(() => h?.close());

const collector = async (id: number, as: number, language = 'en') => {
  const res = await h.fetch(`/api/collectors/${id}`, { headers: asUser(as, 0, language) });
  return { status: res.status, body: await res.json() };
};
const setHidden = (as: number, hidden: boolean) =>
  h.fetch('/api/inventory/visibility', {
    method: 'PUT',
    headers: { ...asUser(as), 'content-type': 'application/json' },
    body: JSON.stringify({ hidden }),
  });

describe('GET /api/collectors/{id}', () => {
  it('shows another fan’s collection with counts by rank and by anime, names in the caller’s language', async () => {
    const { status, body } = await collector(40, 41, 'ru');
    expect(status).toBe(200);
    const page = collectorSchema.parse(body);
    expect(page.user).toEqual({
      id: 40,
      displayName: 'Violet',
      avatar: 'ab12',
      discordId: user(40, 'violet').discordId,
    });
    expect(page).toMatchObject({ hidden: false, self: false });
    expect(page.cards.map((c) => c.character).sort()).toEqual(['Гилберт Бугенвиллея', 'Димпл', 'Димпл']);
    expect(page.stats?.total_cards).toBe(4);
    expect(page.stats?.by_rank).toEqual([
      { code: 'B', title: 'Epic', color: '#9c27b0', count: 2 },
      { code: 'D', title: 'Uncommon', color: '#4caf50', count: 2 },
    ]);
    // Distinct cards per anime: anime 20 has cards 2 and 3, 21 only card 3, 10 card 1.
    expect(page.stats?.by_anime).toEqual([
      { animeId: 20, cards: 2 },
      { animeId: 10, cards: 1 },
      { animeId: 21, cards: 1 },
    ]);
  });

  it('is for signed-in users; an unknown collector is a 404 in the caller’s language', async () => {
    expect((await h.fetch('/api/collectors/40')).status).toBe(401);
    const missing = await collector(999, 41, 'ru');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Коллекционер 999 не найден');
    expect((await collector(42, 41)).status).toBe(200);
  });

  it('hides a collection from others, not from its owner, once the owner asks', async () => {
    expect((await setHidden(40, true)).status).toBe(200);
    const seen = collectorSchema.parse((await collector(40, 41)).body);
    expect(seen).toMatchObject({ hidden: true, cards: [], stats: null, user: { displayName: 'Violet' } });
    const own = collectorSchema.parse((await collector(40, 40)).body);
    expect(own).toMatchObject({ hidden: true, self: true });
    expect(own.cards).toHaveLength(3);
    const visibility = await h.fetch('/api/inventory/visibility', { headers: asUser(40) });
    expect(await visibility.json()).toEqual({ hidden: true });
    await setHidden(40, false);
    expect(collectorSchema.parse((await collector(40, 41)).body).cards).toHaveLength(3);
    expect((await setHidden(40, 'yes' as unknown as boolean)).status).toBe(400);
  });
});

describe('names in the caller’s language and searches in any script', () => {
  it('lists my cards in Russian with every name to search by', async () => {
    const res = await h.fetch('/api/inventory/my', { headers: asUser(40, 0, 'ru') });
    const entries = inventoryListSchema.parse(await res.json());
    const g = entries.find((e) => e.cardId === 1)!;
    expect(g.character).toBe('Гилберт Бугенвиллея');
    expect(g.Card.Character.names).toEqual([
      'Gilbert Bougainvillea',
      'Гилберт Бугенвиллея',
      'ギルベルト・ブーゲンビリア',
    ]);
    expect(g.animeIds).toEqual([10]);
  });

  it('finds tradeable copies by a Russian or a Japanese name, any case', async () => {
    const search = async (q: string) => {
      const res = await h.fetch(`/api/inventory/tradeable?user_id=40&q=${encodeURIComponent(q)}`, {
        headers: asUser(41, 0, 'ru'),
      });
      return z
        .array(tradeableCopySchema)
        .parse(await res.json())
        .map((c) => c.cardId)
        .sort();
    };
    expect(await search('ДИМ')).toEqual([2, 3]);
    expect(await search('ギルベルト')).toEqual([1]);
    expect(await search('gílbert')).toEqual([1]);
    expect(await search('b')).toEqual([1, 3]);
  });
});
