import { cardSummarySchema } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANIME } from '../../../seed/demo-catalogue';
import { type AdminCatalogue, startAdminCatalogue } from '../../../test/admin';

let a: AdminCatalogue;
let animeId: number;
const characterIds: number[] = [];
const rank: Record<string, number> = {};
beforeAll(async () => {
  a = await startAdminCatalogue();
  for (const r of (await a.en('GET', '/admin/ranks')).body) rank[r.code] = r.id;
  animeId = (await a.en('POST', '/admin/animes', { title: 'Card Home', shikimoriId: 940001 })).body.id;
  for (const name of ['Хару Сакура', 'Ren Aoyama'])
    characterIds.push((await a.en('POST', '/admin/characters', { name, animeId })).body.id);
});
afterAll(() => a?.close());

describe('admin cards', () => {
  it('adds cards for the anime once (idempotent per character and rank), and for all anime as one job', async () => {
    const first = await a.en('POST', '/admin/cards/bulk-add-anime', {
      anime_id: animeId,
      rank_id: rank.E,
      season_id: null,
    });
    expect(first.body).toEqual({ added: 2, skipped: 0 });
    const second = await a.en('POST', '/admin/cards/bulk-add-anime', {
      anime_id: animeId,
      rank_id: rank.E,
      season_id: null,
    });
    expect(second.body).toEqual({ added: 0, skipped: 2 });
    const all = await a.en('POST', '/admin/cards/bulk-add-all-anime', {
      rank_id: String(rank.E),
      season_id: null,
    });
    expect(all.status).toBe(200);
    // The demo's anime and the one made above.
    expect(all.body.total_anime).toBe(DEMO_ANIME.length + 1);
    const again = await a.en('POST', '/admin/cards/bulk-add-all-anime', { rank_id: rank.E, season_id: null });
    expect(again.body.total_added).toBe(0);
    expect(again.body.total_skipped).toBe(all.body.total_added + all.body.total_skipped);
    expect(await a.audits('card.bulk-added-anime')).toHaveLength(1);
    expect(await a.audits('card.bulk-added-all-anime')).toHaveLength(1);
    const page = await a.en('GET', `/admin/cards?characterId=${characterIds[0]}&limit=10`);
    expect(page.headers['x-total-count']).toBe('1');
    expect(page.body).toEqual([
      {
        id: expect.any(Number),
        character_id: characterIds[0],
        rank_id: rank.E,
        season_id: null,
        limited: false,
        imageUrl: null,
        rarityScore: expect.any(Number),
        Character: { id: characterIds[0], name: 'Хару Сакура' },
        Rank: { id: rank.E, code: 'E', title: 'Common', color: '#9e9e9e' },
        Season: null,
      },
    ]);
    expect(
      (await a.en('GET', `/admin/cards?characterId=${characterIds[0]}`)).headers['x-total-count'],
    ).toBeUndefined();
  });

  it('says the by-anime messages of requirements C5 and names what a card refers to that does not exist', async () => {
    expect((await a.ru('POST', '/admin/cards/bulk-add-anime', { rank_id: rank.E })).body.error).toBe(
      'Выберите аниме и ранг',
    );
    expect((await a.ru('POST', '/admin/cards/bulk-add-anime', { anime_id: animeId })).body.error).toBe(
      'Выберите аниме и ранг',
    );
    expect((await a.ru('POST', '/admin/cards/bulk-add-all-anime', {})).body.error).toBe('Выберите ранг');
    expect((await a.ru('POST', '/admin/cards', { rank_id: rank.E })).body.error).toBe('Выберите персонажа');
    expect((await a.ru('POST', '/admin/cards', { character_id: characterIds[1] })).body.error).toBe(
      'Выберите ранг',
    );
    expect(
      (await a.ru('POST', '/admin/cards', { character_id: characterIds[1], rank_id: rank.E, limited: true }))
        .body.error,
    ).toBe('Для лимитированной карточки выберите сезон');
    expect((await a.ru('POST', '/admin/cards/bulk', { cards: [] })).body.error).toBe(
      'Введите хотя бы один ID персонажа',
    );
    const [held] = (await a.en('GET', `/admin/cards?characterId=${characterIds[0]}`)).body;
    for (const [method, path, body, ru] of [
      ['POST', '/admin/cards', { character_id: 999999, rank_id: rank.E }, 'Персонаж не найден'],
      ['POST', '/admin/cards', { character_id: characterIds[1], rank_id: 999999 }, 'Ранг не найден'],
      [
        'POST',
        '/admin/cards/bulk-add-anime',
        { anime_id: animeId, rank_id: rank.D, season_id: 999999 },
        'Сезон не найден',
      ],
      ['PATCH', `/admin/cards/${held.id}`, { rank_id: 999999 }, 'Ранг не найден'],
    ] as const) {
      const res = await a.ru(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.error, `${method} ${path}`).toBe(ru);
    }
    const anime = await a.ru('POST', '/admin/cards/bulk-add-anime', { anime_id: 999999, rank_id: rank.E });
    expect(anime.status).toBe(404);
    expect(anime.body.error).toBe('Аниме не найдено');
  });

  it('adds one card, a limited one with its season, and a list of them', async () => {
    const season = (await a.en('GET', '/admin/seasons')).body[0];
    const one = await a.en('POST', '/admin/cards', {
      character_id: characterIds[1],
      rank_id: rank.S,
      imageUrl: 'https://img.test/a.png',
    });
    expect(one.status).toBe(201);
    expect(one.body).toEqual({ success: true, id: expect.any(Number) });
    const limited = await a.en('POST', '/admin/cards', {
      character_id: String(characterIds[1]),
      rank_id: rank.SS,
      limited: true,
      season_id: season.id,
    });
    const listed = (await a.en('GET', `/admin/cards?characterId=${characterIds[1]}`)).body;
    expect(listed.find((c: { id: number }) => c.id === limited.body.id)).toMatchObject({
      limited: true,
      season_id: season.id,
      Season: { id: season.id, title: season.title },
    });
    // A season without `limited` is no season: only limited cards belong to one.
    const plain = await a.en('POST', '/admin/cards', {
      character_id: characterIds[1],
      rank_id: rank.B,
      season_id: season.id,
    });
    expect(
      (await a.en('GET', `/admin/cards?characterId=${characterIds[1]}`)).body.find(
        (c: { id: number }) => c.id === plain.body.id,
      ),
    ).toMatchObject({ limited: false, season_id: null });
    const bulk = await a.en('POST', '/admin/cards/bulk', {
      cards: [
        { character_id: characterIds[0], rank_id: rank.C },
        { character_id: characterIds[1], rank_id: rank.C },
      ],
    });
    expect(bulk.status).toBe(201);
    expect(bulk.body).toEqual({ success: true, added: 2, ids: [expect.any(Number), expect.any(Number)] });
    expect(await a.audits('card.bulk-created')).toHaveLength(1);
  });

  it('changes a card rank (logging only a real change), refuses to delete a held card, deletes one nobody holds', async () => {
    const [card] = (await a.en('GET', `/admin/cards?characterId=${characterIds[0]}&rankId=${rank.E}`)).body;
    const same = await a.en('PATCH', `/admin/cards/${card.id}`, { rank_id: rank.E });
    expect(same.status).toBe(200);
    expect(await a.audits('card.updated')).toHaveLength(0);
    const patched = await a.en('PATCH', `/admin/cards/${card.id}`, { rank_id: rank.A });
    expect(patched.status).toBe(200);
    expect(cardSummarySchema.parse(patched.body)).toMatchObject({
      id: card.id,
      rankCode: 'A',
      characterName: 'Хару Сакура',
    });
    expect(await a.audits('card.updated')).toMatchObject([{ before: { rank: 'E' }, after: { rank: 'A' } }]);
    a.held.set(card.id, 1);
    const held = await a.ru('DELETE', `/admin/cards/${card.id}`);
    expect(held.status).toBe(409);
    expect(held.body.error).toBe(
      `Карточка ${card.id}: удалить нельзя, карточки есть у игроков (карточек: 1, записей в коллекциях: 1)`,
    );
    expect((await a.en('DELETE', `/admin/cards/${card.id}`)).body.error).toMatch(/held by players/);
    const [other] = (await a.en('GET', `/admin/cards?characterId=${characterIds[1]}&rankId=${rank.E}`)).body;
    const deleted = await a.en('DELETE', `/admin/cards/${other.id}`);
    expect(deleted.body).toEqual({ success: true, id: other.id });
    const ru = await a.ru('DELETE', `/admin/cards/${other.id}`);
    expect(ru.status).toBe(404);
    expect(ru.body.error).toBe('Карточка не найдена');
    expect((await a.en('DELETE', '/admin/cards/999999')).body.error).toBe('Card not found');
  });

  it('answers 503, deleting nothing, when inventory cannot say who holds a card', async () => {
    const [card] = (await a.en('GET', `/admin/cards?characterId=${characterIds[1]}&rankId=${rank.C}`)).body;
    a.held.set(card.id, -1);
    const original = a.held.get.bind(a.held);
    a.held.get = (id: number) => {
      if (id === card.id) throw new Error('inventory down');
      return original(id);
    };
    try {
      const res = await a.en('DELETE', `/admin/cards/${card.id}`);
      expect(res.status).toBe(503);
      expect(res.body.error).toBe(
        'Inventory cannot say who holds these cards right now; nothing was deleted',
      );
    } finally {
      a.held.get = original;
    }
    expect(
      (await a.en('GET', `/admin/cards?characterId=${characterIds[1]}&rankId=${rank.C}`)).body,
    ).toHaveLength(1);
  });

  it('refuses bad input with a 400, never a 5xx, keeping nothing', async () => {
    const before = JSON.stringify((await a.en('GET', '/admin/cards')).body);
    for (const [method, path, body] of [
      ['POST', '/admin/cards', 'not an object'],
      [
        'POST',
        '/admin/cards/bulk',
        { cards: Array.from({ length: 1001 }, () => ({ character_id: 1, rank_id: 1 })) },
      ],
      [
        'POST',
        '/admin/cards/bulk',
        {
          cards: [
            { character_id: characterIds[0], rank_id: rank.X },
            { character_id: 'x', rank_id: 1 },
          ],
        },
      ],
      ['PATCH', '/admin/cards/999999', { rank_id: 'one' }],
      [
        'POST',
        '/admin/cards',
        { character_id: characterIds[1], rank_id: 1, imageUrl: 'https://x/Ab\u0000c' },
      ],
      ['POST', '/admin/cards', { character_id: characterIds[1], rank_id: 1, limited: 'yes', season_id: 1 }],
      ['POST', '/admin/cards', { character_id: characterIds[1], rank_id: 1, imageUrl: 'data:text/html,x' }],
      ['POST', '/admin/cards', { character_id: 0, rank_id: 1 }],
      ['GET', '/admin/cards?limit=1001'],
    ] as const) {
      const res = await a.en(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(typeof res.body.error, `${method} ${path}`).toBe('string');
    }
    expect((await a.en('PATCH', '/admin/cards/999999', { rank_id: 1 })).status).toBe(404);
    expect(JSON.stringify((await a.en('GET', '/admin/cards')).body)).toBe(before);
  });
});
