import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { popularityOf } from '../anime-data';
import { siteText } from './json';
import { type FakeShikimori, startFakeShikimori } from './server';

let fake: FakeShikimori;
// The site's own 5 rps limit is tested in switches.test.ts; here it would only slow the tests.
beforeAll(async () => {
  fake = await startFakeShikimori({ enforceLimits: false });
});
afterAll(() => fake.close());

async function get<T = Record<string, unknown>>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${fake.url}${path}`, { headers: { 'user-agent': 'AnimeCards tests' } });
  return { status: res.status, body: (await res.json()) as T };
}
type Item = Record<string, unknown> & { id: number; image: Record<string, string> };

describe('fake Shikimori REST API', () => {
  it('searches anime with list items in the documented shape', async () => {
    const { status, body } = await get<Item[]>('/api/animes?search=Cowboy&limit=5');
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    expect(body[0]).toEqual({
      id: 1,
      name: 'Cowboy Bebop',
      russian: 'Ковбой Бибоп',
      image: {
        original: expect.stringMatching(/^\/system\/animes\/original\/1\.jpg\?\d+$/),
        preview: expect.stringMatching(/^\/system\/animes\/preview\/1\.jpg\?\d+$/),
        x96: expect.stringMatching(/^\/system\/animes\/x96\/1\.jpg\?\d+$/),
        x48: expect.stringMatching(/^\/system\/animes\/x48\/1\.jpg\?\d+$/),
      },
      url: '/animes/1-cowboy-bebop',
      kind: 'tv',
      score: '8.75',
      status: 'released',
      episodes: 26,
      episodes_aired: 0,
      aired_on: '1998-04-03',
      released_on: '1999-04-24',
    });
    const russian = await get<Item[]>(
      `/api/animes?search=${encodeURIComponent('Стальной алхимик')}&limit=10`,
    );
    expect(russian.body.map((a) => a.id).sort((x, y) => x - y)).toEqual([121, 5114]);
  });

  it('pages with page and limit, limit capped at 50, past the end empty', async () => {
    const all: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const { body } = await get<Item[]>(`/api/animes?search=Kishi&limit=2&page=${page}`);
      all.push(...body.map((a) => a.id));
    }
    expect(all).toHaveLength(5);
    expect(new Set(all).size).toBe(5);
    const first = await get<Item[]>('/api/animes?limit=500');
    expect(first.body).toHaveLength(50);
    const second = await get<Item[]>('/api/animes?limit=50&page=2');
    expect(second.body.length).toBe(fake.catalogue.anime.length - 50);
    expect(second.body.some((a) => first.body.some((b) => b.id === a.id))).toBe(false);
    expect((await get<Item[]>('/api/animes?limit=50&page=9')).body).toEqual([]);
  });

  it('answers the detail of an anime with genres, studios, titles in every language and the HTML description', async () => {
    const { status, body } = await get(`/api/animes/52991`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 52991,
      name: 'Sousou no Frieren',
      // The site's typograph: a one-letter word joined to the next by &nbsp;.
      russian: 'Провожающая в&nbsp;последний путь Фрирен',
      english: ['Frieren: Beyond Journey’s End'],
      japanese: ['葬送のフリーレン'],
      synonyms: ['Frieren at the Funeral'],
      rating: 'pg_13',
      duration: 24,
      franchise: 'sousou_no_frieren',
      myanimelist_id: 52991,
      anons: false,
      ongoing: false,
      studios: [{ id: 11, name: 'Madhouse', filtered_name: 'Madhouse', real: true }],
    });
    expect(body.genres).toContainEqual({
      id: 2,
      name: 'Adventure',
      russian: 'Приключения',
      kind: 'genre',
      entry_type: 'Anime',
    });
    expect(body.description).toContain('[character=184947]Фрирен[/character]');
    expect(body.description_html).toContain('<a href="/characters/184947"');
  });

  it('lists by popularity and filters by status as the site does (order=popularity, status=ongoing)', async () => {
    const popular = (await get<Item[]>('/api/animes?order=popularity&limit=50')).body;
    const expected = [...fake.catalogue.anime]
      .sort((x, y) => popularityOf(y) - popularityOf(x) || x.shikimoriId - y.shikimoriId)
      .slice(0, 50)
      .map((a) => a.shikimoriId);
    expect(popular.map((a) => a.id)).toEqual(expected);
    const ongoing = (await get<Item[]>('/api/animes?order=popularity&status=ongoing&limit=50')).body;
    const airing = fake.catalogue.anime.filter((a) => a.status === 'ongoing');
    expect(airing.length).toBeGreaterThan(1);
    expect(ongoing.map((a) => a.id).sort((x, y) => x - y)).toEqual(
      airing.map((a) => a.shikimoriId).sort((x, y) => x - y),
    );
    expect(ongoing.every((a) => a.status === 'ongoing')).toBe(true);
    const notAnnounced = (await get<Item[]>('/api/animes?status=!anons&limit=50&page=2')).body;
    expect(notAnnounced.some((a) => a.status === 'anons')).toBe(false);
  });

  it('sends entities in texts as the site does: &nbsp; from its typograph, &quot; and &amp;', async () => {
    const found = (await get<Item[]>(`/api/animes?search=${encodeURIComponent('Фрирен')}&limit=1`)).body;
    expect(found[0]!.russian).toBe('Провожающая в&nbsp;последний путь Фрирен');
    expect(siteText('Tom & "Jerry" — и друзья')).toBe('Tom &amp; &quot;Jerry&quot;&nbsp;— и&nbsp;друзья');
    const described = fake.catalogue.anime.find((a) => a.description && / [вкси] /.test(a.description))!;
    const detail = (await get(`/api/animes/${described.shikimoriId}`)).body;
    expect(detail.description).toContain('&nbsp;');
  });

  it('leaves optional fields empty as the site does', async () => {
    const announced = fake.catalogue.anime.find((a) => a.status === 'anons')!;
    const { body } = await get(`/api/animes/${announced.shikimoriId}`);
    expect(body).toMatchObject({
      score: '0.0',
      aired_on: null,
      released_on: null,
      episodes: 0,
      anons: true,
      rating: 'none',
    });
    expect(body.description).toBeNull();
    expect(body.description_html).toBe('');
    const noEnglish = fake.catalogue.anime.find((a) => a.english === null)!;
    expect((await get(`/api/animes/${noEnglish.shikimoriId}`)).body.english).toEqual([null]);
    const onePiece = (await get('/api/animes/21')).body;
    expect(onePiece).toMatchObject({
      status: 'ongoing',
      episodes: 0,
      episodes_aired: 1122,
      released_on: null,
      ongoing: true,
    });
    expect(typeof onePiece.next_episode_at).toBe('string');
    const noImage = fake.catalogue.anime.find((a) => !a.hasImage)!;
    const item = (await get<Item>(`/api/animes/${noImage.shikimoriId}`)).body;
    expect(item.image.original).toBe('/assets/globals/missing_original.jpg');
    const placeholder = await fetch(`${fake.url}${item.image.original}`);
    expect(placeholder.headers.get('content-type')).toBe('image/jpeg');
  });

  it('lists the roles of an anime: characters, then staff with character null', async () => {
    const { body } = await get<Array<Record<string, unknown>>>('/api/animes/1/roles');
    expect(body[0]).toEqual({
      roles: ['Main'],
      roles_russian: ['Главная'],
      character: {
        id: 1,
        name: 'Spike Spiegel',
        russian: 'Спайк Шпигель',
        image: expect.objectContaining({
          original: expect.stringMatching(/^\/system\/characters\/original\/1\.jpg/),
        }),
        url: '/characters/1-spike-spiegel',
      },
      person: null,
    });
    const characters = body.filter((r) => r.character !== null).map((r) => (r.character as Item).id);
    expect(characters).toEqual([1, 2, 3, 16, 2734, 4]);
    const staff = body.filter((r) => r.character === null);
    expect(staff[0]).toMatchObject({
      roles: ['Director', 'Series Composition'],
      person: { name: 'Shinichiro Watanabe' },
    });
  });

  it('answers one character with seyu and the anime it appears in', async () => {
    const { body } = await get('/api/characters/11');
    expect(body).toMatchObject({
      id: 11,
      name: 'Edward Elric',
      russian: 'Эдвард Элрик',
      japanese: 'エドワード・エルリック',
      altname: 'Fullmetal Alchemist',
      seyu: [{ name: 'Romi Park', russian: 'Роми Пак' }],
      mangas: [],
    });
    const animes = body.animes as Array<Record<string, unknown>>;
    expect(animes.map((a) => a.id).sort((x, y) => Number(x) - Number(y))).toEqual([121, 5114]);
    expect(animes[0]).toMatchObject({ role: 'Main', roles: ['Main'], kind: 'tv' });
    const bare = (await get('/api/characters/187394')).body;
    expect(bare).toMatchObject({ altname: null, description: null, seyu: [] });
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const path of [
      '/api/animes/999999999',
      '/api/animes/abc',
      '/api/animes/0/roles',
      '/api/characters/-1',
    ]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(404);
      expect(body).toEqual({ message: 'Страница не найдена', code: 404 });
    }
  });

  it('serves posters and character art as real JPEG images of the documented sizes', async () => {
    const res = await fetch(`${fake.url}/system/animes/original/5114.jpg?1700005114`);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 225, height: 318 });
    const x48 = await fetch(`${fake.url}/system/characters/x48/11.jpg`);
    expect(await sharp(Buffer.from(await x48.arrayBuffer())).metadata()).toMatchObject({
      width: 48,
      height: 68,
    });
    expect((await fetch(`${fake.url}/system/animes/original/424242.jpg`)).status).toBe(404);
  });

  it('records each request with its user agent', async () => {
    const before = fake.requests.length;
    await get('/api/animes/1');
    // The status is noted when the response has finished, which may be just after the client read it.
    await vi.waitFor(() =>
      expect(fake.requests.slice(before)).toEqual([
        expect.objectContaining({
          method: 'GET',
          url: '/api/animes/1',
          userAgent: 'AnimeCards tests',
          status: 200,
        }),
      ]),
    );
  });
});
