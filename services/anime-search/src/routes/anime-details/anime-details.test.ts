import { animeSchema, errorBodySchema } from '@acg/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, type Fakes, type Harness, startAnimeSearch, startFakes } from '../../test/harness';

let fakes: Fakes;
let h: Harness;
beforeAll(async () => {
  fakes = await startFakes();
  h = await startAnimeSearch(fakes);
});
afterEach(async () => {
  await fakes.shikimori.reset();
  await fakes.anilist.reset();
  await h.cache.clear();
  await h.database.pool.query('truncate anime, anime_titles, searches');
});
afterAll(async () => {
  await h?.close();
  await fakes?.close();
});

const details = async (id: string, headers: Record<string, string> = {}) => {
  const res = await h.get(`/api/anime/${id}/details`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return animeSchema.parse(res.json());
};

describe('GET /api/anime/{animeId}/details', () => {
  it('answers a Shikimori id from Shikimori: description as plain text, genres in the reader’s language', async () => {
    const en = await details('52991');
    expect(en).toMatchObject({
      id: '52991',
      title: 'Sousou no Frieren',
      englishTitle: 'Frieren: Beyond Journey’s End',
      episodes: 28,
      status: 'released',
      source: 'shikimori',
      genres: ['Adventure', 'Drama', 'Fantasy', 'Shounen'],
    });
    expect(en.description).toBeTruthy();
    expect(en.description).not.toMatch(/\[character=|\[\/character\]|<[a-z]/);
    const ru = await details('52991', asUser('ru'));
    expect(ru.title).toBe('Провожающая в последний путь Фрирен');
    expect(ru.genres).toContain('Приключения');
    // Shikimori sends its texts with entities (&nbsp; from its typograph): the page gets characters.
    const raw = (await (await fetch(`${fakes.shikimori.url}/api/animes/52991`)).json()) as {
      description: string;
    };
    expect(raw.description).toContain('&nbsp;');
    expect(ru.description).not.toMatch(/&nbsp;|&quot;|&amp;|\u00a0/);
    expect(ru.description).toContain(raw.description.split('&nbsp;')[1]!.split(/[[&]/)[0]);
  });

  it('answers al-<n> from AniList', async () => {
    const frieren = await details('al-154587');
    expect(frieren).toMatchObject({
      id: 'al-154587',
      title: 'Sousou no Frieren',
      englishTitle: 'Frieren: Beyond Journey’s End',
      rating: 9.3,
      episodes: 28,
      status: 'released',
      source: 'anilist',
    });
    expect(frieren.url).toBe(`${fakes.anilist.url}/anime/154587`);
    expect(frieren.genres.length).toBeGreaterThan(0);
  });

  it('answers a Shikimori id from AniList (by MyAnimeList id) while Shikimori is down', async () => {
    await fakes.shikimori.setMode({ down: '503' });
    expect(await details('52991')).toMatchObject({
      id: '52991',
      source: 'anilist',
      title: 'Sousou no Frieren',
    });
  });

  it('answers 404 for unknown and malformed ids, 503 with an error when the source is down', async () => {
    for (const id of ['999999', 'al-999999', 'abc', 'al-', '0', `${'9'.repeat(20)}`]) {
      const res = await h.get(`/api/anime/${id}/details`);
      expect(res.statusCode, id).toBe(404);
      expect(errorBodySchema.parse(res.json()).code).toBe('not_found');
    }
    // In the caller's language too (docs/rules.md, refusals).
    expect((await h.get('/api/anime/abc/details', asUser('ru'))).json().error).toBe('Аниме не найдено');
    await fakes.anilist.setMode({ down: '503' });
    const res = await h.get('/api/anime/al-154587/details');
    expect(res.statusCode).toBe(503);
    expect(errorBodySchema.parse(res.json()).error).toMatch(/AniList is unavailable/);
  });

  it('answers from the index once a page was seen, while its sources are down', async () => {
    const seen = await details('52991', asUser('ru'));
    await fakes.shikimori.setMode({ down: '503' });
    await fakes.anilist.setMode({ down: '503' });
    const asked = fakes.shikimori.requests.length;
    const again = await details('52991', asUser('ru'));
    expect(again).toMatchObject({ id: '52991', title: seen.title, description: seen.description });
    expect(again.genres).toEqual(seen.genres);
    expect(fakes.shikimori.requests.length).toBe(asked);
  });

  it('shows a detail older than its age from the index and reads it again in the background', async () => {
    await details('52991');
    await h.database.pool.query(
      "update anime set shikimori_detail_at = now() - interval '25 hours', anilist_detail_at = null",
    );
    await h.cache.clear();
    const asked = fakes.shikimori.requests.filter((r) => r.url === '/api/animes/52991').length;
    expect((await details('52991')).id).toBe('52991');
    await expect
      .poll(() => fakes.shikimori.requests.filter((r) => r.url === '/api/animes/52991').length)
      .toBe(asked + 1);
    await expect
      .poll(async () => {
        const { rows } = await h.database.pool.query(
          "select shikimori_detail_at > now() - interval '1 minute' as fresh from anime where key = 'mal:52991'",
        );
        return rows[0]?.fresh;
      })
      .toBe(true);
  });
});
