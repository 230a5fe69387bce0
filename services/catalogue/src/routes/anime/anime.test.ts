import { animeListSchema } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANIME, DEMO_CHARACTERS } from '../../seed/demo-catalogue';
import { type CatalogueHarness, startCatalogue } from '../../test/harness';

let h: CatalogueHarness;
beforeAll(async () => {
  h = await startCatalogue();
});
afterAll(() => h?.close());

describe('GET /api/anime', () => {
  it('lists the catalogue anime by title with their external ids, to anyone', async () => {
    const res = await h.get('/api/anime');
    expect(res.statusCode).toBe(200);
    const list = animeListSchema.parse(res.json());
    expect(list).toHaveLength(10);
    const titles = list.map((a) => a.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(list.find((a) => a.title === 'Steins;Gate 0')).toMatchObject({
      shikimoriId: 30484,
      anilistId: 21127,
    });
  });

  it('shows an anime added through the catalogue at once (the animes cache is cleared)', async () => {
    expect(animeListSchema.parse((await h.get('/api/anime')).json())).toHaveLength(10);
    const { id } = await h.editor.createAnime({ title: 'Akira', shikimoriId: 47, anilistId: 47 });
    const list = animeListSchema.parse((await h.get('/api/anime')).json());
    expect(list).toHaveLength(11);
    expect(list[0]).toEqual({ id, title: 'Akira', shikimoriId: 47, anilistId: 47, titles: {}, cardCount: 0 });
  });

  it('gives each anime its title per language and how many cards its characters have', async () => {
    const list = animeListSchema.parse((await h.get('/api/anime')).json());
    const frieren = list.find((a) => a.title === 'Frieren: Beyond Journey’s End')!;
    expect(frieren.titles).toEqual({
      en: 'Frieren: Beyond Journey’s End',
      ru: 'Провожающая в последний путь Фрирен',
      ja: '葬送のフリーレン',
    });
    // Derived from the seed: every card of the anime's characters, limited ones included.
    const cast = DEMO_ANIME.find((a) => a.title === frieren.title)!.characters;
    const expected = DEMO_CHARACTERS.filter((c) => cast.includes(c.name)).reduce(
      (n, c) => n + c.cards.length + (c.limited?.length ?? 0),
      0,
    );
    expect(frieren.cardCount).toBe(expected);
  });
});
