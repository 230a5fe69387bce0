import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  animeSchema,
  animeSearchAnswerSchema,
  apiStatusSchema,
  combinedSearchAnswerSchema,
} from '@acg/contracts';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './embedded';
import { isolated, signIn } from './testing/sign-in';

/**
 * Anime search through the gateway against the fake Shikimori and AniList (issue 9): the spec's
 * shapes for search, detail (both id kinds), status and the administrators' combined search;
 * then Shikimori down: the status says so within one circuit interval and search answers from
 * AniList, naming the source it could not ask.
 */
let db: TestDatabase;
let dataDir: string;
let sys: EmbeddedSystem;
let admin: string;

const get = async (path: string, cookie?: string) => {
  const res = await fetch(`${sys.url}${path}`, {
    headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
  });
  return { status: res.status, body: (await res.json()) as unknown };
};

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'acg-anime-search-'));
  sys = await startEmbedded({
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      RATE_LIMIT_ENABLED: 'false',
      // One failed call opens the circuit; it tries again after 1 s.
      CIRCUIT_VOLUME_THRESHOLD: '1',
      CIRCUIT_RESET_MS: '1000',
      SOURCE_RETRIES: '0',
      // The shapes are under test here, not the fair shares (rules §47): this one client may
      // spend the whole budget.
      SOURCE_CLIENT_SHARE: '1',
      ...isolated(),
    },
    dataDir,
    port: 0,
    ephemeralPorts: true,
    logLevel: 'silent',
  });
  admin = await signIn(sys.url, 'admin_hikari');
}, 120_000);
afterAll(async () => {
  await sys?.close();
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('anime search through the gateway', () => {
  it('answers search, detail by both id kinds, status and the combined search in the spec shapes', async () => {
    const search = await get('/api/anime/search?q=Steins');
    expect(search.status).toBe(200);
    const answer = animeSearchAnswerSchema.parse(search.body);
    expect(answer.unavailable).toEqual([]);
    expect(answer.results.length).toBeGreaterThan(0);
    const shikimori = answer.results.find((a) => !String(a.id).startsWith('al-'))!;
    const detail = await get(`/api/anime/${shikimori.id}/details`);
    expect(detail.status).toBe(200);
    expect(animeSchema.parse(detail.body).title).toBeTruthy();
    const anilistId = (
      combinedSearchAnswerSchema.parse((await get('/admin/search/anime/combined?q=Steins', admin)).body)
        .anilist[0] as { id: number }
    ).id;
    const alDetail = await get(`/api/anime/al-${anilistId}/details`);
    expect(alDetail.status).toBe(200);
    animeSchema.parse(alDetail.body);
    expect(apiStatusSchema.parse((await get('/api/status')).body)).toEqual({
      services: { shikimori: { available: true }, anilist: { available: true } },
    });
    expect((await get('/admin/search/anime/combined?q=Steins')).status).toBe(401);
    expect((await get('/api/anime/search?q=%20%20')).status).toBe(400);
    expect((await get('/api/anime/not-an-id/details')).status).toBeLessThan(500);
  });

  it('with Shikimori down, says so and still answers from the anime index (rules §56)', async () => {
    await sys.fakeShikimori!.setMode({ down: '503' });
    try {
      // A misspelling the index matches only weakly: the sites are asked, Shikimori fails.
      const search = animeSearchAnswerSchema.parse((await get('/api/anime/search?q=Frierun')).body);
      expect(search.unavailable).toEqual(['shikimori']);
      expect(search.partial).toBe(true);
      expect(search.results.map((a) => a.id)).toContain('52991');
      // The circuit opens once failures are half of its rolling window's calls (the successes
      // above count too): searches keep failing over to AniList until it does.
      await expect
        .poll(
          async () => {
            await get(`/api/anime/search?q=${encodeURIComponent(`Frieren ${Math.random()}`)}`);
            return apiStatusSchema.parse((await get('/api/status')).body).services.shikimori.available;
          },
          { timeout: 10_000, interval: 100 },
        )
        .toBe(false);
      expect(apiStatusSchema.parse((await get('/api/status')).body).services.anilist.available).toBe(true);
    } finally {
      await sys.fakeShikimori!.reset();
    }
    // Healthy again: after the circuit's interval a search reaches Shikimori and closes it.
    await expect
      .poll(
        async () => {
          const again = animeSearchAnswerSchema.parse((await get('/api/anime/search?q=Mob')).body);
          return again.unavailable;
        },
        { timeout: 10_000, interval: 500 },
      )
      .toEqual([]);
  });
});
