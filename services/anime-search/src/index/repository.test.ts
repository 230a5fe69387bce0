import type { Database } from '@acg/platform';
import type { TestDatabase } from '@acg/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { indexDatabase } from '../test/harness';
import type { IndexedAnilist, IndexedShikimori } from './records';
import { type AnimeIndex, createAnimeIndex } from './repository';

let database: Database;
let testDb: TestDatabase;
let index: AnimeIndex;
beforeAll(async () => {
  ({ database, testDb } = await indexDatabase());
  index = createAnimeIndex(database);
});
afterEach(async () => {
  await database.pool.query('truncate anime, anime_titles, searches');
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

const anilist = (id: number, idMal: number | null, extra: Partial<IndexedAnilist> = {}): IndexedAnilist => ({
  id,
  idMal,
  romaji: 'Hoshizora no Tabibito',
  english: 'Traveller of the Starry Sky',
  native: '星空の旅人',
  format: 'TV',
  year: 2024,
  status: 'released',
  episodes: 12,
  score: 71,
  popularity: 1200,
  cover: 'https://cdn.example/cover.jpg',
  url: `https://anilist.example/anime/${id}`,
  ...extra,
});
const shikimori = (id: number): IndexedShikimori => ({
  id,
  name: 'Hoshizora no Tabibito',
  russian: 'Странник звёздного неба',
  kind: 'tv',
  year: 2024,
  status: 'released',
  episodes: 12,
  score: 7.1,
  poster: null,
  url: `https://shikimori.example/animes/${id}`,
});
const rows = async () =>
  (
    await database.pool.query<{ key: string; mal_id: number | null; anilist_id: number | null }>(
      'select key, mal_id, anilist_id from anime order by key',
    )
  ).rows;

describe('an AniList entry that gains a MyAnimeList id later', () => {
  it('keeps its one row, now under the MyAnimeList id', async () => {
    await index.addAnilist([anilist(900, null)]);
    expect(await rows()).toEqual([{ key: 'al:900', mal_id: null, anilist_id: 900 }]);
    await index.addAnilist([anilist(900, 70_001)]);
    expect(await rows()).toEqual([{ key: 'mal:70001', mal_id: 70_001, anilist_id: 900 }]);
    const found = await index.search('Hoshizora no Tabibito');
    expect(found.map((m) => m.key)).toEqual(['mal:70001']);
    expect((await index.byPageId({ service: 'anilist', id: 900 }))?.key).toBe('mal:70001');
  });

  it('joins the row Shikimori’s entry of that id already has, with what was read of it', async () => {
    await index.addAnilist([anilist(901, null, { description: 'A quiet trip.', genres: ['Drama'] })], true);
    await index.addShikimori([shikimori(70_002)]);
    expect((await rows()).map((r) => r.key)).toEqual(['al:901', 'mal:70002']);
    await index.addAnilist([anilist(901, 70_002)]);
    expect(await rows()).toEqual([{ key: 'mal:70002', mal_id: 70_002, anilist_id: 901 }]);
    const [match, ...rest] = await index.search('Traveller of the Starry Sky');
    expect(rest).toEqual([]);
    expect(match?.shikimori?.id).toBe(70_002);
    // The detail read while it stood alone is kept.
    expect(match?.anilist).toMatchObject({ id: 901, idMal: 70_002, description: 'A quiet trip.' });
    expect(match?.anilistDetailAt).not.toBeNull();
    const titles = await database.pool.query(
      'select count(*)::int as n from anime_titles t left join anime a on a.id = t.anime_id where a.id is null',
    );
    expect(titles.rows[0].n).toBe(0);
  });
});
