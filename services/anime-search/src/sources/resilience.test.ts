import { animeSearchAnswerSchema, apiStatusSchema } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fakes, startAnimeSearch, startFakes } from '../test/harness';

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(() => fakes?.close());

const status = async (get: (url: string) => Promise<{ json(): unknown }>) =>
  apiStatusSchema.parse((await get('/api/status')).json()).services;

describe('a source that is down', () => {
  it('opens its circuit after repeated failures; the status shows it and searches skip the source', async () => {
    const h = await startAnimeSearch(fakes, { SOURCE_RETRIES: '0', CIRCUIT_RESET_MS: '600000' });
    try {
      await fakes.anilist.setMode({ down: '503' });
      for (const q of ['one', 'two', 'three']) {
        const res = await h.get(`/api/anime/search?q=${q}`);
        expect(animeSearchAnswerSchema.parse(res.json()).unavailable).toEqual(['anilist']);
      }
      expect(await status(h.get)).toEqual({ shikimori: { available: true }, anilist: { available: false } });
      const asked = fakes.anilist.requests.length;
      await h.get('/api/anime/search?q=four');
      // An open circuit answers at once, without asking the source.
      expect(fakes.anilist.requests.length).toBe(asked);
    } finally {
      await fakes.anilist.reset();
      await h.close();
    }
  });

  it('is found by the periodic probe without any search, within one probe interval', async () => {
    const h = await startAnimeSearch(fakes, { SOURCE_RETRIES: '0', STATUS_PROBE_SECONDS: '0.2' });
    try {
      await fakes.shikimori.setMode({ down: 'reset' });
      await expect
        .poll(async () => (await status(h.get)).shikimori.available, { timeout: 5000, interval: 50 })
        .toBe(false);
    } finally {
      await fakes.shikimori.reset();
      await h.close();
    }
  });
});

describe('a source that rate-limits', () => {
  it('waits what Retry-After asks before trying again, then answers', async () => {
    // A budget longer than the pause: the request waits for the source's answer.
    const h = await startAnimeSearch(fakes, { SOURCE_RETRY_DELAY_MS: '10', SEARCH_BUDGET_MS: '5000' });
    try {
      await fakes.shikimori.setMode({
        rateLimit: { kind: 'after', limit: 0, windowMs: 60_000, retryAfterSeconds: 1 },
      });
      const pending = h.get('/api/anime/search?q=Frieren');
      await expect
        .poll(() => fakes.shikimori.requests.filter((r) => r.status === 429).length)
        .toBeGreaterThan(0);
      await fakes.shikimori.reset();
      const res = await pending;
      const answer = animeSearchAnswerSchema.parse(res.json());
      expect(answer.unavailable).toEqual([]);
      // Asked as the index keys it: lower case.
      const tries = fakes.shikimori.requests.filter((r) => r.url.startsWith('/api/animes?search=frieren'));
      const refused = tries.find((r) => r.status === 429)!;
      const answered = tries.find((r) => r.status === 200)!;
      // Retry-After: 1 — not the 10 ms backoff.
      expect(answered.at - refused.at).toBeGreaterThanOrEqual(950);
    } finally {
      await fakes.shikimori.reset();
      await h.close();
    }
  });
});
