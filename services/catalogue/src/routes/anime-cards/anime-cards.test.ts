import { animeCardsSchema, errorBodySchema, inventoryOwnedCards } from '@acg/contracts';
import { AppError } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueHarness, signedIn, startCatalogue } from '../../test/harness';

let h: CatalogueHarness;
const fan = signedIn(7);
beforeAll(async () => {
  h = await startCatalogue();
});
afterAll(() => h?.close());

const animeCards = async (id: string, headers: Record<string, string> = {}) => {
  const res = await h.get(`/api/anime/${id}/cards`, headers);
  expect(res.statusCode, id).toBe(200);
  return animeCardsSchema.parse(res.json());
};

describe('GET /api/anime/{animeId}/cards', () => {
  it('lists the cards of the anime with that Shikimori id, lowest rank first; nothing collected signed out', async () => {
    const { cards, userProgress } = await animeCards('5114');
    expect(cards.map((c) => `${c.rank} ${c.characterName}`)).toEqual([
      'D Alphonse Elric',
      'D Maes Hughes',
      'C Winry Rockbell',
      'B Roy Mustang',
      'A Alphonse Elric',
      'S Edward Elric',
      'SS Roy Mustang',
    ]);
    expect(userProgress).toEqual({ total: 7, collected: 0 });
    for (const c of cards) {
      expect(c.collected).toBe(false);
      expect(c.Rank.code).toBe(c.rank);
      expect(c.character.name).toBe(c.characterName);
    }
    expect(cards.find((c) => c.rank === 'S')!.Rank).toEqual({
      code: 'S',
      title: 'Mythic',
      titles: { ru: 'Мифическая', ja: 'ミシック' },
      color: '#f44336',
      imageUrl: null,
    });
  });

  it('maps al-<n> to the AniList id, and a number without a Shikimori match to the AniList id too', async () => {
    const frieren = await animeCards('al-154587');
    expect(frieren.cards.map((c) => c.characterName).sort()).toEqual([
      'Eisen',
      'Fern',
      'Fern',
      'Frieren',
      'Frieren',
      'Heiter',
      'Himmel',
      'Stark',
      'Stark',
    ]);
    expect(frieren.cards.filter((c) => c.limited)).toHaveLength(1);
    expect(await animeCards('154587')).toEqual(frieren);
    expect(await animeCards('52991')).toEqual(frieren);
    expect((await h.get('/api/anime/al-52991/cards')).statusCode).toBe(404);
  });

  it('prefers the Shikimori match when a number is one anime’s Shikimori id and another’s AniList id', async () => {
    const bebop = await h.characterId('Spike Spiegel');
    const eva = await h.characterId('Rei Ayanami');
    await h.editor.createAnime({ title: 'Shikimori 777', shikimoriId: 777 }, [bebop]);
    await h.editor.createAnime({ title: 'AniList 777', anilistId: 777 }, [eva]);
    expect((await animeCards('777')).cards.every((c) => c.characterName === 'Spike Spiegel')).toBe(true);
    expect((await animeCards('al-777')).cards.every((c) => c.characterName === 'Rei Ayanami')).toBe(true);
  });

  it('answers 404 with the error object for an id no catalogue anime carries', async () => {
    for (const id of ['999999', 'al-999999', 'abc', 'al-', '0']) {
      const res = await h.get(`/api/anime/${id}/cards`);
      expect(res.statusCode, id).toBe(404);
      expect(errorBodySchema.parse(res.json())).toMatchObject({ code: 'not_found' });
    }
    // In the caller's language too (docs/rules.md, refusals).
    expect((await h.get('/api/anime/999999/cards')).json().error).toBe('Anime not found in the catalogue');
    expect((await h.get('/api/anime/999999/cards', signedIn(7, 'ru'))).json().error).toBe(
      'Аниме нет в каталоге',
    );
  });

  it('marks the cards the signed-in user collected, asking inventory over the bus', async () => {
    const { cards } = await animeCards('al-154587');
    const frierenCards = await h.cardIdsOf('Frieren');
    const asked: Array<{ userId: number; cardIds: number[] }> = [];
    const served = h.bus.serve(inventoryOwnedCards, async (req) => {
      asked.push(req);
      return { cardIds: req.userId === 7 ? req.cardIds.filter((id) => frierenCards.includes(id)) : [] };
    });
    try {
      const mine = await animeCards('al-154587', fan);
      expect(mine.userProgress).toEqual({ total: 9, collected: 2 });
      expect(mine.cards.filter((c) => c.collected).map((c) => c.id)).toEqual(
        cards.filter((c) => frierenCards.includes(c.id)).map((c) => c.id),
      );
      expect(asked).toEqual([{ userId: 7, cardIds: cards.map((c) => c.id) }]);
      expect((await animeCards('al-154587', signedIn(8))).userProgress).toEqual({ total: 9, collected: 0 });
      // Anonymous callers are never asked about.
      asked.length = 0;
      await animeCards('al-154587');
      expect(asked).toEqual([]);
    } finally {
      await served.stop();
    }
  });

  it('still answers, nothing collected, when inventory is down or failing', async () => {
    const down = await animeCards('al-154587', fan);
    expect(down.userProgress).toEqual({ total: 9, collected: 0 });
    expect(down.cards.every((c) => !c.collected)).toBe(true);
    const served = h.bus.serve(inventoryOwnedCards, async () => {
      throw new AppError(500, 'internal_error', 'boom');
    });
    try {
      expect((await animeCards('al-154587', fan)).userProgress).toEqual({ total: 9, collected: 0 });
    } finally {
      await served.stop();
    }
  });

  it('follows catalogue edits (a card moved to another rank)', async () => {
    const before = await animeCards('5114');
    const [edwardCard] = await h.cardIdsOf('Edward Elric');
    await h.editor.updateCard(edwardCard!, { rankCode: 'E' });
    const after = await animeCards('5114');
    expect(after.cards[0]).toMatchObject({
      id: edwardCard,
      rank: 'E',
      Rank: { code: 'E', color: '#9e9e9e' },
    });
    expect(after.userProgress.total).toBe(before.userProgress.total);
  });
});
