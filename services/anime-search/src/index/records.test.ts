import { describe, expect, it } from 'vitest';
import { decoded, indexedShikimori, latin, titlesOf, toAnime } from './records';

const absolute = (path: string | null | undefined) => (path ? `https://site.example${path}` : null);

describe('what the index keeps of a Shikimori answer', () => {
  it('stores decoded text: &nbsp; and other entities become characters, odd spaces plain ones', () => {
    expect(decoded('Sousou&nbsp;no&nbsp;Frieren')).toBe('Sousou no Frieren');
    expect(decoded('Tom &amp; Jerry&#39;s\u00a0 show ')).toBe("Tom & Jerry's show");
    expect(decoded('&nbsp;')).toBeNull();
  });

  it('stores the "missing" placeholder as no poster, and then shows the other site’s cover', () => {
    const s = indexedShikimori(
      {
        id: 60_004,
        name: 'Umi&nbsp;no Tabibito',
        russian: 'Странник&nbsp;моря',
        image: {
          original: '/assets/globals/missing_original.jpg',
          preview: '/assets/globals/missing_preview.jpg',
        },
        url: '/animes/60004-umi-no-tabibito',
        kind: 'tv',
        score: '0.0',
        status: 'released',
        episodes: 0,
        episodes_aired: 0,
        aired_on: '2021-04-02',
      },
      absolute,
    );
    expect(s).toMatchObject({ name: 'Umi no Tabibito', russian: 'Странник моря', poster: null, score: null });
    expect(s.year).toBe(2021);
    const cover = 'https://cdn.example/cover.jpg';
    const anilist = {
      id: 5,
      idMal: 60_004,
      romaji: 'Umi no Tabibito',
      english: null,
      native: '海の旅人',
      format: 'TV',
      year: 2021,
      status: 'released',
      episodes: 12,
      score: 70,
      popularity: 10,
      cover,
      url: null,
    };
    expect(toAnime(s, anilist, 'en')).toMatchObject({ id: '60004', image: cover, episodes: 12, rating: 7 });
  });
});

describe('titles the index searches by', () => {
  it('adds Latin forms of Cyrillic and kana titles, once each', () => {
    expect(latin('Фрирен')).toBe('Friren');
    expect(latin('フリーレン').toLowerCase()).toMatch(/^furi.?ren$/);
    const titles = titlesOf(
      {
        id: 1,
        name: 'Naruto',
        russian: 'Наруто',
        kind: null,
        year: null,
        status: null,
        episodes: null,
        score: null,
        poster: null,
        url: null,
      },
      null,
    );
    expect(titles).toEqual(['Naruto', 'Наруто']);
  });
});
