import type { AnilistAnimeResult, ShikimoriAnimeResult } from '@acg/contracts';
import { describe, expect, it } from 'vitest';
import type { AnilistMedia } from '../sources/anilist';
import type { ShikimoriAnimeItem } from '../sources/shikimori';
import { combine, shikimoriResult } from './admin-results';
import { fromShikimori, mergeResults, realImage } from './anime';

type AnimeItemLike = ShikimoriAnimeItem;

/** Shikimori answers this path (and missing_preview, _x96, _x48) for a title without a poster. */
const SHIKI = 'https://shikimori.one';
const absolute = (p: string | null | undefined) => (p ? new URL(p, SHIKI).href : null);
const item = (id: number, image: string): AnimeItemLike => ({
  id,
  name: `Title ${id}`,
  russian: '',
  image: { original: image, preview: image },
  url: `/animes/${id}`,
  kind: 'tv',
  score: '8.1',
  status: 'released',
  episodes: 12,
  episodes_aired: 12,
  aired_on: '2020-01-01',
});
const media = (id: number, idMal: number | null, cover: string | null) =>
  ({
    id,
    idMal,
    title: { romaji: `Title ${idMal ?? id}`, english: null, native: null },
    coverImage: { extraLarge: cover, large: cover, medium: cover },
    episodes: 12,
    status: 'FINISHED',
    averageScore: 80,
    siteUrl: `https://anilist.co/anime/${id}`,
    description: null,
    genres: [],
    startDate: { year: 2020 },
  }) as unknown as AnilistMedia;

describe('posters from whichever source has one', () => {
  it("counts Shikimori's missing_* placeholders as no picture, and real posters as pictures", () => {
    for (const size of ['original', 'preview', 'x96', 'x48'])
      expect(realImage(`${SHIKI}/assets/globals/missing_${size}.jpg`)).toBeNull();
    expect(realImage(`${SHIKI}/assets/globals/missing_original.jpg?1700000000`)).toBeNull();
    expect(realImage(`${SHIKI}/system/animes/original/1.jpg?1700000000`)).toBe(
      `${SHIKI}/system/animes/original/1.jpg?1700000000`,
    );
    expect(realImage(null)).toBeNull();
  });

  it("fills a Shikimori result without a poster with AniList's cover of the same MyAnimeList id", () => {
    const shiki = [
      fromShikimori(item(1, '/assets/globals/missing_original.jpg'), 'en', absolute),
      fromShikimori(item(2, '/system/animes/original/2.jpg?1'), 'en', absolute),
      fromShikimori(item(3, '/assets/globals/missing_original.jpg'), 'en', absolute),
    ];
    const merged = mergeResults(shiki, [
      media(101, 1, 'https://s4.anilist.co/cover/101.jpg'),
      media(102, 2, 'https://s4.anilist.co/cover/102.jpg'),
    ]);
    expect(merged.slice(0, 3).map((a) => a.image)).toEqual([
      'https://s4.anilist.co/cover/101.jpg',
      `${SHIKI}/system/animes/original/2.jpg?1`,
      // No AniList entry for title 3: no picture rather than the placeholder.
      null,
    ]);
  });

  it('never shows a placeholder as a poster in the admin combined search', () => {
    const s: ShikimoriAnimeResult = shikimoriResult(
      item(5, '/assets/globals/missing_original.jpg'),
      absolute,
    );
    expect(s.poster).toBeNull();
    const a: AnilistAnimeResult = {
      id: 105,
      idMal: 5,
      title: { english: null, romaji: 'Title 5', native: null },
      coverImage: { large: 'https://s4.anilist.co/cover/105.jpg', medium: null },
      episodes: 12,
      status: 'finished',
      startDate: { year: 2020 },
      averageScore: 80,
    };
    const [match] = combine([s], [a]);
    expect(match?.shikimori.poster).toBe('https://s4.anilist.co/cover/105.jpg');
  });
});
