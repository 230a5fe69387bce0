import { animeSearchAnswerSchema, apiStatusSchema, errorBodySchema } from '@acg/contracts';
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
});
afterAll(async () => {
  await h?.close();
  await fakes?.close();
});

const search = async (q: string, headers: Record<string, string> = {}) => {
  const res = await h.get(`/api/anime/search?q=${encodeURIComponent(q)}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return animeSearchAnswerSchema.parse(res.json());
};

describe('GET /api/anime/search', () => {
  it('answers Shikimori results with AniList duplicates merged by MyAnimeList id', async () => {
    const { results, unavailable } = await search('  Kishi ');
    expect(unavailable).toEqual([]);
    expect(results.map((r) => r.id).sort()).toEqual(['60006', '60007', '60008', '60009', '60010']);
    expect(results.every((r) => r.source === 'shikimori')).toBe(true);
    const frieren = (await search('Frieren')).results[0]!;
    expect(frieren).toMatchObject({
      id: '52991',
      title: 'Sousou no Frieren',
      status: 'released',
      episodes: 28,
      source: 'shikimori',
    });
    expect(frieren.rating).toBeGreaterThan(8);
    expect(frieren.image).toMatch(new RegExp(`^${fakes.shikimori.url}/system/animes/original/52991\\.jpg`));
    expect(frieren.url).toMatch(new RegExp(`^${fakes.shikimori.url}/animes/52991-`));
  });

  it('names the Shikimori user agent and gives Russian titles to a Russian reader', async () => {
    const { results } = await search('Frieren', asUser('ru'));
    expect(results[0]).toMatchObject({
      title: 'Провожающая в последний путь Фрирен',
      englishTitle: 'Sousou no Frieren',
    });
    const seen = fakes.shikimori.requests.filter((r) => r.url.startsWith('/api/animes?'));
    expect(seen.at(-1)?.userAgent).toBe('Anime Cards');
  });

  it('answers a repeated search from the cache, whatever its case and spacing', async () => {
    await search('Frieren');
    const before = fakes.shikimori.requests.length + fakes.anilist.requests.length;
    const again = await search('  FRIEREN  ');
    expect(again.results[0]!.id).toBe('52991');
    expect(fakes.shikimori.requests.length + fakes.anilist.requests.length).toBe(before);
    const stats = await h.service.app.inject({ method: 'GET', url: '/api/status' });
    expect(stats.statusCode).toBe(200);
    expect((await h.cache.stats()).find((s) => s.name === 'searches')?.hits).toBeGreaterThanOrEqual(2);
  });

  it('answers from AniList when Shikimori is down, and says so', async () => {
    await fakes.shikimori.setMode({ down: '503' });
    const { results, unavailable } = await search('Frieren');
    expect(unavailable).toEqual(['shikimori']);
    // The page id stays the Shikimori (MyAnimeList) id, so links do not change.
    expect(results[0]).toMatchObject({
      id: '52991',
      source: 'anilist',
      englishTitle: 'Frieren: Beyond Journey’s End',
    });
    expect(results[0]!.rating).toBeCloseTo(9.3);
  });

  it('answers from Shikimori when AniList is down, and says so', async () => {
    await fakes.anilist.setMode({ down: 'reset' });
    const { results, unavailable } = await search('Kishi');
    expect(unavailable).toEqual(['anilist']);
    expect(results).toHaveLength(5);
  });

  it('answers 503 with an error when neither source answers', async () => {
    await fakes.shikimori.setMode({ down: '503' });
    await fakes.anilist.setMode({ down: '503' });
    const res = await h.get('/api/anime/search?q=Frieren');
    expect(res.statusCode).toBe(503);
    expect(errorBodySchema.parse(res.json()).error).toMatch(/neither Shikimori nor AniList/);
  });

  it('refuses a blank, NUL or 10 KB query with 400', async () => {
    for (const q of ['', '   ', '\u0000', 'x'.repeat(10_000)]) {
      const res = await h.get(`/api/anime/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, JSON.stringify(q.slice(0, 5))).toBe(400);
      expect(errorBodySchema.parse(res.json()).code).toBe('validation_failed');
    }
    expect((await h.get('/api/anime/search')).statusCode).toBe(400);
  });

  it('treats a source answering HTML or garbage as unavailable, never a 500', async () => {
    // The fake's 503 page is HTML; a source's 200 with an unexpected shape is covered by parseAnswer.
    await fakes.anilist.setMode({ down: '503' });
    const { unavailable } = await search('Naruto');
    expect(unavailable).toEqual(['anilist']);
  });
});

describe('GET /api/status', () => {
  it('shows both sources available while healthy', async () => {
    const res = await h.get('/api/status');
    expect(apiStatusSchema.parse(res.json())).toEqual({
      services: { shikimori: { available: true }, anilist: { available: true } },
    });
  });
});
