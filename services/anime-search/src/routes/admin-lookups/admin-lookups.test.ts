import {
  anilistAnimeResultSchema,
  anilistCharactersAnswerSchema,
  combinedSearchAnswerSchema,
  errorBodySchema,
  IDENTITY_HEADER,
  shikimoriAnimeResultSchema,
  shikimoriCharacterSchema,
} from '@acg/contracts';
import { signIdentity } from '@acg/platform';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  asAdmin,
  asUser,
  type Fakes,
  type Harness,
  SECRET,
  startAnimeSearch,
  startFakes,
} from '../../test/harness';

let fakes: Fakes;
let h: Harness;
beforeAll(async () => {
  fakes = await startFakes();
  h = await startAnimeSearch(fakes);
});
afterEach(async () => {
  await fakes.shikimori.reset();
  await fakes.anilist.reset();
});
afterAll(async () => {
  await h?.close();
  await fakes?.close();
});

const admin = async <S extends z.ZodType>(url: string, schema: S): Promise<z.output<S>> => {
  const res = await h.get(url, asAdmin());
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
};

describe('admin look-ups', () => {
  it('are for administrators only', async () => {
    expect((await h.get('/admin/shikimori/search/anime?q=Frieren')).statusCode).toBe(401);
    expect((await h.get('/admin/shikimori/search/anime?q=Frieren', asUser())).statusCode).toBe(403);
  });

  it('search Shikimori and AniList in the spec’s shapes', async () => {
    const shiki = await admin('/admin/shikimori/search/anime?q=Frieren', z.array(shikimoriAnimeResultSchema));
    expect(shiki[0]).toMatchObject({
      id: 52991,
      name: 'Sousou no Frieren',
      russian: 'Провожающая в последний путь Фрирен',
      episodes: 28,
      airedOn: { year: 2023 },
    });
    const ani = await admin('/admin/anilist/search/anime?q=Frieren', z.array(anilistAnimeResultSchema));
    expect(ani[0]).toMatchObject({
      id: 154587,
      idMal: 52991,
      title: { english: 'Frieren: Beyond Journey’s End', romaji: 'Sousou no Frieren' },
      averageScore: 93,
    });
  });

  it('combines both searches into matches with a best title and a similarity percent', async () => {
    const combined = await admin('/admin/search/anime/combined?q=Kishi', combinedSearchAnswerSchema);
    expect(combined.shikimori).toHaveLength(5);
    expect(combined.anilist).toHaveLength(4);
    expect(combined.matches).toHaveLength(4);
    for (const m of combined.matches) {
      expect(m.anilist.idMal).toBe(m.shikimori.id);
      expect(m.similarity).toBe(100);
    }
    expect(combined.matches.find((m) => m.shikimori.id === 60009)!.bestTitle).toBe('Knight of the Sea');
    await fakes.anilist.setMode({ down: '503' });
    const half = await admin('/admin/search/anime/combined?q=Naruto', combinedSearchAnswerSchema);
    expect(half).toMatchObject({ anilist: [], matches: [], unavailable: ['anilist'] });
  });

  it('list the characters of an anime on both sites, and one Shikimori character', async () => {
    const ani = await admin('/admin/anilist/characters/154587', anilistCharactersAnswerSchema);
    expect(ani.characters.map((c) => c.name)).toContain('Frieren');
    expect(ani.characters[0]).toHaveProperty('alternativeSpoiler');
    const shiki = await admin('/admin/shikimori/anime/52991/characters', z.array(shikimoriCharacterSchema));
    expect(shiki.map((c) => c.name)).toContain('Frieren');
    const one = await admin(
      `/admin/shikimori/characters/${shiki[0]!.shikimoriId}?type=character`,
      shikimoriCharacterSchema,
    );
    expect(one).toMatchObject({ shikimoriId: shiki[0]!.shikimoriId, name: shiki[0]!.name });
    expect(one.url).toMatch(new RegExp(`^${fakes.shikimori.url}/characters/`));
  });

  it('answer an unknown id with 404 and a down source with {error}', async () => {
    expect((await h.get('/admin/shikimori/characters/99999999', asAdmin())).statusCode).toBe(404);
    expect((await h.get('/admin/shikimori/characters/abc', asAdmin())).statusCode).toBe(400);
    await fakes.shikimori.setMode({ down: '503' });
    const res = await h.get('/admin/shikimori/anime/1/characters', asAdmin());
    expect(res.statusCode).toBe(503);
    expect(errorBodySchema.parse(res.json()).error).toMatch(/Shikimori is unavailable/);
  });
});

describe('admin look-ups past the sources’ budgets', () => {
  // One request per source per minute (budget.ts: one start per 61 s window), and no waiting
  // for the next slot. 2 a second is the least the settings allow (one start per 1 s window).
  let tight: Harness;
  beforeAll(async () => {
    tight = await startAnimeSearch(fakes, {
      ANILIST_PER_MINUTE: '1',
      SHIKIMORI_PER_SECOND: '2',
      SHIKIMORI_PER_MINUTE: '1',
      SOURCE_MAX_WAIT_MS: '0',
    });
  });
  afterAll(() => tight?.close());
  const asRussianAdmin = {
    [IDENTITY_HEADER]: signIdentity({ userId: 1, adminLevel: 3, language: 'ru' }, SECRET, 600),
  };

  it('answer 429 with Retry-After in the caller’s language, not 503: nothing is down', async () => {
    expect((await tight.get('/admin/anilist/characters/154587', asAdmin())).statusCode).toBe(200);
    const busy = await tight.get('/admin/anilist/characters/21', asRussianAdmin);
    expect(busy.statusCode, busy.body).toBe(429);
    // Until AniList's next one-minute window.
    const retryAfter = Number(busy.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(61);
    expect(errorBodySchema.parse(busy.json()).error).toContain(`${retryAfter} с`);
    expect(errorBodySchema.parse(busy.json()).error).toMatch(/^Лимит запросов к AniList пока исчерпан/);
    const en = await tight.get('/admin/anilist/search/anime?q=Frieren', asAdmin());
    expect(en.statusCode).toBe(429);
    expect(errorBodySchema.parse(en.json()).error).toMatch(/^AniList's request budget is used up/);
  });

  it('answer the combined search 429 when both budgets are spent, 503 when a source is down', async () => {
    expect((await tight.get('/admin/shikimori/search/anime?q=Frieren', asAdmin())).statusCode).toBe(200);
    const spent = await tight.get('/admin/search/anime/combined?q=Naruto', asAdmin());
    expect(spent.statusCode, spent.body).toBe(429);
    await fakes.shikimori.setMode({ down: '503' });
    const down = await h.get('/admin/search/anime/combined?q=Bleach', asAdmin());
    expect(down.statusCode).toBe(200);
    await fakes.anilist.setMode({ down: '503' });
    // Another text: the last one's AniList answer is kept.
    const both = await h.get('/admin/search/anime/combined?q=Monster', asAdmin());
    expect(both.statusCode).toBe(503);
  });
});
