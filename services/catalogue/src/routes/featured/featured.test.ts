import { featuredCardsSchema } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFeaturedCards } from '../../repository/featured';
import { type CatalogueHarness, signedIn, startCatalogue } from '../../test/harness';

let h: CatalogueHarness;
beforeAll(async () => {
  h = await startCatalogue();
});
afterAll(() => h?.close());

const featured = async (headers: Record<string, string> = {}) => {
  const res = await h.get('/api/cards/featured', headers);
  expect(res.statusCode).toBe(200);
  return featuredCardsSchema.parse(res.json()).cards;
};

describe('GET /api/cards/featured', () => {
  it("shows a visitor six characters' best cards that a drop can still give, rarest first", async () => {
    const cards = await featured();
    // From the demo catalogue (seed/demo-catalogue.ts), by hand: the X cards first, the limited
    // ones of the running season before the regular ones (Frieren, then Violet: same score, older
    // card first), then Shigeo's X (score +1) and Anya's X; then the best SSS card (Kurisu, Rei
    // and Yor tie on score, Kurisu's is the oldest) and Rei's. Anya's limited SS of a past season
    // is never shown.
    expect(cards.map((c) => [c.characterName, c.Rank.code, c.limited])).toEqual([
      ['Frieren', 'X', true],
      ['Violet Evergarden', 'X', true],
      ['Shigeo Kageyama', 'X', false],
      ['Anya Forger', 'X', false],
      ['Kurisu Makise', 'SSS', false],
      ['Rei Ayanami', 'SSS', false],
    ]);
    expect(cards.map((c) => c.animeTitle)).toEqual([
      'Frieren: Beyond Journey’s End',
      'Violet Evergarden',
      'Mob Psycho 100',
      'Spy x Family',
      'Steins;Gate',
      'Neon Genesis Evangelion',
    ]);
    expect(cards[0]!.Rank).toMatchObject({ code: 'X', color: expect.stringMatching(/^#/) });
    // Each text per language, for the page to show its own (rules §57, §68).
    expect(cards[0]!.Rank.titles).toEqual({ ru: 'Эксклюзивная', ja: 'エクスクルーシブ' });
    expect(cards[0]!.characterNames.ru).toBe('Фрирен');
    expect(cards[0]!.animeTitles.ru).toMatch(/^Провожающая в последний путь Фрирен/);
  });

  it("never picks a limited card out of its season: Spike's best is his regular A card", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const all = await findFeaturedCards(h.database.db, today, 100);
    // One card per character, every demo character.
    expect(new Set(all.map((c) => c.characterName)).size).toBe(all.length);
    const spike = all.find((c) => c.characterName === 'Spike Spiegel')!;
    expect([spike.Rank.code, spike.limited]).toEqual(['A', false]);
    // Reigen's limited SS of the running season beats his regular A.
    const reigen = all.find((c) => c.characterName === 'Arataka Reigen')!;
    expect([reigen.Rank.code, reigen.limited]).toEqual(['SS', true]);
  });

  it('answers the same to a signed-in member: nothing in it is about the caller', async () => {
    expect(await featured(signedIn(7))).toEqual(await featured());
    expect(Object.keys((await featured())[0]!).sort()).toEqual(
      ['Rank', 'animeTitle', 'animeTitles', 'characterName', 'characterNames', 'id', 'limited'].sort(),
    );
  });

  it('drops a deleted card at once (the edit clears the cached list)', async () => {
    const frierenLimitedX = (await featured())[0]!.id;
    await h.editor.deleteCard(frierenLimitedX);
    const cards = await featured();
    expect(cards.map((c) => c.id)).not.toContain(frierenLimitedX);
    expect(cards[0]!.characterName).toBe('Violet Evergarden');
    // Frieren's best is now her regular SSS card, below the other X cards.
    expect(cards.map((c) => c.characterName).slice(0, 4)).toEqual([
      'Violet Evergarden',
      'Shigeo Kageyama',
      'Anya Forger',
      'Kurisu Makise',
    ]);
  });
});
