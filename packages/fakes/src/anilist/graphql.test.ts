import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAniList, startFakeAniList } from './server';

let fake: FakeAniList;
// The site's own per-minute limit is tested in switches.test.ts.
beforeAll(async () => {
  fake = await startFakeAniList({ perMinute: 0 });
});
afterAll(() => fake.close());

// biome-ignore lint/suspicious/noExplicitAny: loosely typed JSON answers keep the assertions readable
type Json = Record<string, any>;
async function gql(query: string, variables?: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(fake.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

const SEARCH = /* GraphQL */ `
  query Search($search: String, $page: Int, $perPage: Int) {
    Page(page: $page, perPage: $perPage) {
      pageInfo { total currentPage lastPage hasNextPage perPage }
      media(search: $search, type: ANIME, sort: SEARCH_MATCH) {
        id idMal title { romaji english native } coverImage { large medium color } averageScore episodes status format
      }
    }
  }
`;

describe('fake AniList GraphQL', () => {
  it('searches anime with pageInfo and pages through the results', async () => {
    const first = await gql(SEARCH, { search: 'Kishi', page: 1, perPage: 2 });
    expect(first.status).toBe(200);
    // One of the five "Kishi" titles is not on AniList.
    expect(first.body.data.Page.pageInfo).toEqual({
      total: 4,
      currentPage: 1,
      lastPage: 2,
      hasNextPage: true,
      perPage: 2,
    });
    const second = await gql(SEARCH, { search: 'Kishi', page: 2, perPage: 2 });
    expect(second.body.data.Page.pageInfo).toMatchObject({ currentPage: 2, hasNextPage: false });
    const ids = [...first.body.data.Page.media, ...second.body.data.Page.media].map((m: Json) => m.id);
    expect(new Set(ids).size).toBe(4);
    const frieren = await gql(SEARCH, { search: 'Frieren' });
    expect(frieren.body.data.Page.media[0]).toEqual({
      id: 154587,
      idMal: 52991,
      title: {
        romaji: 'Sousou no Frieren',
        english: 'Frieren: Beyond Journey’s End',
        native: '葬送のフリーレン',
      },
      coverImage: {
        large: `${fake.url}/file/anilistcdn/media/anime/cover/large/bx154587.jpg`,
        medium: `${fake.url}/file/anilistcdn/media/anime/cover/medium/bx154587.jpg`,
        color: '#d6e4a1',
      },
      averageScore: 93,
      episodes: 28,
      status: 'FINISHED',
      format: 'TV',
    });
    const cover = await fetch(frieren.body.data.Page.media[0].coverImage.large);
    expect(await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 230,
    });
  });

  it('answers Media(id) with the detail and its characters, paged', async () => {
    const query = `query ($id: Int, $page: Int) {
      Media(id: $id, type: ANIME) {
        id title { romaji english native } bannerImage description season seasonYear genres averageScore
        characters(page: $page, perPage: 4, sort: [ROLE, RELEVANCE]) {
          pageInfo { total hasNextPage currentPage lastPage perPage }
          edges { role node { id name { full native alternative } image { large medium } description } }
        }
      }
    }`;
    const { status, body } = await gql(query, { id: 1, page: 1 });
    expect(status).toBe(200);
    const media = body.data.Media;
    expect(media).toMatchObject({
      id: 1,
      title: { romaji: 'Cowboy Bebop', english: 'Cowboy Bebop', native: 'カウボーイビバップ' },
      bannerImage: `${fake.url}/file/anilistcdn/media/anime/banner/1.jpg`,
      season: 'SPRING',
      seasonYear: 1998,
      genres: ['Action', 'Sci-Fi'],
      averageScore: 88,
    });
    expect(media.characters.pageInfo).toEqual({
      total: 6,
      hasNextPage: true,
      currentPage: 1,
      lastPage: 2,
      perPage: 4,
    });
    expect(media.characters.edges[0]).toEqual({
      role: 'MAIN',
      node: {
        id: 1,
        name: { full: 'Spike Spiegel', native: 'スパイク・スピーゲル', alternative: ['Swimming Bird'] },
        image: {
          large: `${fake.url}/file/anilistcdn/character/large/b1.png`,
          medium: `${fake.url}/file/anilistcdn/character/medium/b1.png`,
        },
        description: 'A laid-back bounty hunter with a past that keeps catching up.',
      },
    });
    const page2 = await gql(query, { id: 1, page: 2 });
    expect(page2.body.data.Media.characters.edges.map((e: Json) => e.role)).toEqual([
      'SUPPORTING',
      'SUPPORTING',
    ]);
    const art = await fetch(media.characters.edges[0].node.image.large);
    expect(art.headers.get('content-type')).toBe('image/png');
  });

  it('gives null for optional facts the catalogue lacks', async () => {
    const announced = fake.catalogue.anime.find((a) => a.status === 'anons' && a.anilistId !== null)!;
    const { body } = await gql(
      `{ Media(id: ${announced.anilistId}) { status episodes averageScore season seasonYear description bannerImage startDate { year month day } } }`,
    );
    expect(body.data.Media).toEqual({
      status: 'NOT_YET_RELEASED',
      episodes: null,
      averageScore: null,
      season: null,
      seasonYear: null,
      description: null,
      bannerImage: null,
      startDate: { year: null, month: null, day: null },
    });
    const onePiece = await gql('{ Media(idMal: 21) { id episodes status endDate { year } } }');
    expect(onePiece.body.data.Media).toEqual({
      id: 21,
      episodes: null,
      status: 'RELEASING',
      endDate: { year: null },
    });
  });

  it('answers Character(id) with the anime it appears in', async () => {
    const { body } = await gql(
      '{ Character(id: 176754) { id name { full native } description(asHtml: true) media { edges { characterRole node { id title { romaji } } } } } }',
    );
    expect(body.data.Character).toMatchObject({
      id: 176754,
      name: { full: 'Frieren', native: 'フリーレン' },
      description: '<p>An elf mage who outlived her party and sets out to understand people.</p>',
      media: {
        edges: [{ characterRole: 'MAIN', node: { id: 154587, title: { romaji: 'Sousou no Frieren' } } }],
      },
    });
  });

  it('refuses an invalid query with AniList’s error shape and HTTP 400', async () => {
    const unknownField = await gql('{ Media(id: 1) { id rating } }');
    expect(unknownField.status).toBe(400);
    expect(unknownField.body).toEqual({
      errors: [
        {
          message: expect.stringContaining('Cannot query field "rating" on type "Media"'),
          status: 400,
          locations: [{ line: 1, column: 21 }],
        },
      ],
      data: null,
    });
    const syntax = await gql('{ Media(id: 1 { id } }');
    expect(syntax.status).toBe(400);
    expect(syntax.body.errors[0].message).toMatch(/^Syntax Error/);
    const badVariable = await gql('query ($id: Int) { Media(id: $id) { id } }', { id: 'one' });
    expect(badVariable.status).toBe(400);
    expect(badVariable.body.data).toBeNull();
    const noQuery = await fetch(fake.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noQuery.status).toBe(400);
    expect(await noQuery.json()).toEqual({
      errors: [{ message: 'Must provide query string.', status: 400 }],
      data: null,
    });
    const notJson = await fetch(fake.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ data: null, errors: [{ status: 400 }] });
  });

  it('answers 404 Not Found for an unknown id, with the field null', async () => {
    const { status, body } = await gql('{ Media(id: 999999999) { id } }');
    expect(status).toBe(404);
    expect(body).toEqual({
      errors: [{ message: 'Not Found.', status: 404, locations: [{ line: 1, column: 3 }] }],
      data: { Media: null },
    });
    expect((await gql('{ Character(id: 999999999) { id } }')).status).toBe(404);
  });
});
