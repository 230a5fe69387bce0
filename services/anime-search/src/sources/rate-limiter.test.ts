import { randomBytes } from 'node:crypto';
import { connectCache } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin as adminHeaders, type Fakes, startAnimeSearch, startFakes } from '../test/harness';
import { limitWindows, worstCase } from './rate-limiter';

describe('limitWindows', () => {
  it('stays within each limit in every sliding second and minute', () => {
    const shikimori = limitWindows({ perSecond: 5, perMinute: 90 });
    expect(worstCase(shikimori, 1000)).toBeLessThanOrEqual(5);
    expect(worstCase(shikimori, 60_000)).toBeLessThanOrEqual(90);
    expect(worstCase(shikimori, 60_000)).toBeGreaterThanOrEqual(80);
    const anilist = limitWindows({ perMinute: 30 });
    expect(worstCase(anilist, 60_000)).toBeLessThanOrEqual(30);
    for (const perMinute of [1, 2, 10, 11, 45, 90, 1000]) {
      expect(worstCase(limitWindows({ perMinute }), 60_000), String(perMinute)).toBeLessThanOrEqual(
        perMinute,
      );
    }
  });
});

let fakes: Fakes;
beforeAll(async () => {
  // The fake counts with the site's own limits here: 5/s and 90/min, 429 beyond.
  fakes = await startFakes({ enforceLimits: true });
});
afterAll(() => fakes?.close());

describe('two replicas sharing one budget', () => {
  it('never send Shikimori more than 5 requests in any second', async () => {
    const cache = await connectCache({
      redisUrl: process.env.REDIS_URL,
      prefix: `acgtest-anime-limits-${randomBytes(6).toString('hex')}`,
    });
    const real = { SHIKIMORI_PER_SECOND: '5', SHIKIMORI_PER_MINUTE: '90', SEARCH_CACHE_SECONDS: '0' };
    const one = await startAnimeSearch(fakes, real, cache);
    const two = await startAnimeSearch(fakes, real, cache);
    try {
      const queries = Array.from({ length: 8 }, (_, i) => `q${i}`);
      const answers = await Promise.all(
        queries.map((q, i) =>
          (i % 2 ? one : two).get(`/admin/shikimori/search/anime?q=${q}`, adminHeaders()),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(queries.map(() => 200));
      // The budget is kept where requests leave (limitWindows above proves its worst case). Where
      // they arrive, a loaded machine can delay one past its slot so that the site counts six in
      // a second and refuses one: that refusal is retried (every answer above is 200), and it
      // stays rare — without the shared budget, 8 parallel searches get several refusals at once.
      const api = fakes.shikimori.requests.filter((r) => r.url.startsWith('/api/'));
      expect(api.filter((r) => r.status === 429).length).toBeLessThanOrEqual(1);
    } finally {
      await one.close();
      await two.close();
      await cache.close();
    }
  });
});
