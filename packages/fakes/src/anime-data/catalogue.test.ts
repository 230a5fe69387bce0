import { describe, expect, it } from 'vitest';
import { DEMO_ANIME, DEMO_CHARACTERS } from '../../../../services/catalogue/src/seed/demo-catalogue';
import { fakeAnimeCatalogue as catalogue } from '.';

describe('the fake anime catalogue', () => {
  it('holds at least 50 anime with Russian and Japanese titles and a cast each', () => {
    expect(catalogue.anime.length).toBeGreaterThanOrEqual(50);
    for (const a of catalogue.anime) expect(catalogue.castOf(a).length, a.name).toBeGreaterThan(0);
    expect(catalogue.anime.filter((a) => a.russian && /[а-я]/i.test(a.russian)).length).toBe(
      catalogue.anime.length,
    );
    expect(
      catalogue.anime.filter((a) => a.japanese && /[\u3040-\u30ff\u4e00-\u9fff]/.test(a.japanese)).length,
    ).toBeGreaterThan(40);
  });

  it('has every anime of the demo catalogue under the same Shikimori and AniList ids, with its characters', () => {
    for (const demo of DEMO_ANIME) {
      const fake = catalogue.animeByShikimoriId(demo.shikimoriId);
      expect(fake, demo.title).toBeDefined();
      expect(fake!.anilistId).toBe(demo.anilistId);
      expect(catalogue.animeByAnilistId(demo.anilistId)).toBe(fake);
      const cast = catalogue.castOf(fake!).map((c) => c.character.name);
      for (const name of demo.characters) expect(cast, `${demo.title}: ${name}`).toContain(name);
    }
    for (const demo of DEMO_CHARACTERS.filter((c) => c.shikimoriId !== undefined)) {
      const fake = catalogue.characterByShikimoriId(demo.shikimoriId!);
      expect(fake?.name).toBe(demo.name);
      expect(fake?.anilistId).toBe(demo.anilistId);
    }
  });

  it('leaves optional facts empty on some titles, as the real sites do', () => {
    expect(catalogue.anime.some((a) => a.english === null)).toBe(true);
    expect(catalogue.anime.some((a) => a.description === null)).toBe(true);
    expect(catalogue.anime.some((a) => a.anilistId === null)).toBe(true);
    expect(catalogue.anime.some((a) => a.status === 'anons' && a.score === 0 && a.airedOn === null)).toBe(
      true,
    );
    expect(catalogue.anime.some((a) => a.status === 'ongoing' && a.releasedOn === null)).toBe(true);
    expect(catalogue.anime.some((a) => !a.hasImage)).toBe(true);
  });

  it('searches every title variant, ignoring case, punctuation and ё', () => {
    expect(catalogue.searchAnime('steins gate').map((a) => a.shikimoriId)).toEqual([9253, 30484]);
    expect(catalogue.searchAnime('ВРАТА штейна')[0]?.shikimoriId).toBe(9253);
    expect(catalogue.searchAnime('葬送')[0]?.shikimoriId).toBe(52991);
    expect(catalogue.searchAnime('Frieren: Beyond')[0]?.shikimoriId).toBe(52991);
    expect(catalogue.searchAnime('Унесенные')[0]?.shikimoriId).toBe(199);
    expect(catalogue.searchAnime('no such anime at all')).toEqual([]);
  });
});
