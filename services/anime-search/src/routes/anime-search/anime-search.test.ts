import {
  type AnimeSearchAnswer,
  animeSearchAnswerSchema,
  apiStatusSchema,
  errorBodySchema,
} from '@acg/contracts';
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
  // Every test starts with an empty anime index.
  await h.database.pool.query('truncate anime, anime_titles, searches');
});
afterAll(async () => {
  await h?.close();
  await fakes?.close();
});

const search = async (q: string, headers: Record<string, string> = {}, on = h) => {
  const res = await on.get(`/api/anime/search?q=${encodeURIComponent(q)}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return animeSearchAnswerSchema.parse(res.json());
};
/** Search requests each fake has seen (Shikimori's REST search, AniList's GraphQL posts). */
const upstreamCalls = () => ({
  shikimori: fakes.shikimori.requests.filter((r) => r.url.startsWith('/api/animes?search=')).length,
  anilist: fakes.anilist.requests.filter((r) => r.method === 'POST').length,
});
const ids = (a: AnimeSearchAnswer) => a.results.map((r) => r.id);
/** The i-th of many visitors, each from an address of its own (one client's searches wait in line). */
const visitor = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i + 1}` });

describe('GET /api/anime/search', () => {
  it('answers a new search from both sources, merged by MyAnimeList id, and keeps it in the index', async () => {
    const first = await search('  Kishi ');
    expect(first).toMatchObject({ unavailable: [], pending: [], partial: false });
    expect(ids(first).sort()).toEqual(['60006', '60007', '60008', '60009', '60010']);
    const frieren = (await search('Frieren')).results[0]!;
    expect(frieren).toMatchObject({
      id: '52991',
      title: 'Sousou no Frieren',
      englishTitle: 'Frieren: Beyond Journey’s End',
      status: 'released',
      episodes: 28,
      source: 'shikimori',
      sources: ['shikimori', 'anilist'],
    });
    expect(frieren.rating).toBeGreaterThan(8);
    expect(frieren.image).toMatch(new RegExp(`^${fakes.shikimori.url}/system/animes/original/52991\\.jpg`));
    expect(frieren.url).toMatch(new RegExp(`^${fakes.shikimori.url}/animes/52991-`));
    // Asked again, whatever its case and spacing: the index answers, no source is asked.
    const before = upstreamCalls();
    expect(ids(await search('  FRIEREN  '))[0]).toBe('52991');
    expect(upstreamCalls()).toEqual(before);
  });

  it('finds the same title by its Latin, Cyrillic, Japanese and transliterated names', async () => {
    await search('Frieren');
    const before = upstreamCalls();
    for (const q of ['frieren', 'Фрирен', 'フリーレン', '葬送のフリーレン', 'Соусоу но Фрирен']) {
      const answer = await search(q);
      expect(ids(answer)[0], q).toBe('52991');
      expect(answer.partial, q).toBe(false);
    }
    // All of them from the index.
    expect(upstreamCalls()).toEqual(before);
    // And a Russian reader sees the Russian title.
    expect((await search('Фрирен', asUser('ru'))).results[0]!.title).toBe(
      'Провожающая в последний путь Фрирен',
    );
    const seen = fakes.shikimori.requests.filter((r) => r.url.startsWith('/api/animes?'));
    expect(seen.at(-1)?.userAgent).toBe('Anime Cards');
  });

  it('finds a title only one source knows', async () => {
    // Umi no Tabibito is on Shikimori only; AniList answers nothing for it.
    const answer = await search('Umi no Tabibito');
    expect(answer.results[0]).toMatchObject({ id: '60004', source: 'shikimori', sources: ['shikimori'] });
    expect(answer.partial).toBe(false);
  });

  it('answers from the index, marked partial, when both sources are down: never a 503', async () => {
    await search('Frieren');
    await fakes.shikimori.setMode({ down: '503' });
    await fakes.anilist.setMode({ down: '503' });
    // A misspelling matches the index only weakly, so the sources are asked — and fail.
    const answer = await search('Frierun');
    expect(answer).toMatchObject({ unavailable: ['shikimori', 'anilist'], partial: true });
    expect(ids(answer)).toContain('52991');
  });

  it('answers from the index, marked pending, when a source rate-limits beyond the budget; the answer arrives later', async () => {
    // A replica whose budget (2.5 s) is shorter than AniList's pause and long enough for
    // Shikimori's answer on a loaded machine, beside the tests' own.
    const quick = await startAnimeSearch(fakes, { SEARCH_BUDGET_MS: '2500' }, h.cache, h.database);
    try {
      // AniList asks for a 4 s pause, longer than the budget: Shikimori's answer is shown now.
      await fakes.anilist.setMode({
        rateLimit: { kind: 'after', limit: 0, windowMs: 60_000, retryAfterSeconds: 4 },
      });
      const first = await search('Frieren', {}, quick);
      expect(first).toMatchObject({ unavailable: [], pending: ['anilist'], partial: true });
      expect(first.results[0]).toMatchObject({ id: '52991', sources: ['shikimori'] });
      await fakes.anilist.reset();
      // The background completion puts AniList's answer into the index: asking again shows it.
      await expect
        .poll(async () => (await search('Frieren', {}, quick)).results[0]?.sources, {
          timeout: 15_000,
          interval: 200,
        })
        .toEqual(['shikimori', 'anilist']);
    } finally {
      await quick.close();
    }
  });

  it('answers a weak search that neither source answers, with nothing in the index, with 503', async () => {
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
});

describe('identical concurrent searches', () => {
  it('share one upstream call per source: 50 at once on one replica', async () => {
    const before = upstreamCalls();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => search('Mushishi', visitor(i))));
    expect(answers.every((a) => ids(a)[0] === '457')).toBe(true);
    expect(upstreamCalls()).toEqual({ shikimori: before.shikimori + 1, anilist: before.anilist + 1 });
  });

  it('share one upstream call per source across two replicas (cache and index shared)', async () => {
    const other = await startAnimeSearch(fakes, {}, h.cache, h.database);
    try {
      const before = upstreamCalls();
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => search('Vinland', visitor(i), i % 2 ? h : other)),
      );
      expect(answers.every((a) => ids(a)[0] === '37521')).toBe(true);
      expect(upstreamCalls()).toEqual({ shikimori: before.shikimori + 1, anilist: before.anilist + 1 });
    } finally {
      await other.close();
    }
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
