import { animeIndexStatusSchema } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asBackground } from '../../sources/budget';
import { asAdmin, asUser, type Fakes, type Harness, startAnimeSearch, startFakes } from '../../test/harness';

let fakes: Fakes;
let h: Harness;
beforeAll(async () => {
  fakes = await startFakes();
  h = await startAnimeSearch(fakes);
});
afterAll(async () => {
  await h?.close();
  await fakes?.close();
});

describe('GET /api/admin/anime-search/status', () => {
  it('is for administrators only', async () => {
    expect((await h.get('/api/admin/anime-search/status')).statusCode).toBe(401);
    expect((await h.get('/api/admin/anime-search/status', asUser())).statusCode).toBe(403);
  });

  it('shows the index’s size and freshness, and each source’s requests by members vs the background', async () => {
    // A member's search asks both sites once; the fill's work is counted apart.
    expect((await h.get('/api/anime/search?q=Frieren', asUser())).statusCode).toBe(200);
    expect((await h.get('/api/anime/search?q=frieren', asUser())).statusCode).toBe(200);
    await asBackground(() => h.service.context.shikimori.list({ page: 1, ongoing: true }));
    await h.service.context.index.flushSearches();
    const res = await h.get('/api/admin/anime-search/status', asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    const status = animeIndexStatusSchema.parse(res.json());
    expect(status.index).toMatchObject({ refreshHours: 24, searches: 1 });
    expect(status.index.titles).toBeGreaterThan(0);
    expect(status.index.withBoth).toBeGreaterThan(0);
    expect(status.index.fresh).toBe(status.index.titles);
    // (The last minute is the clock's: the requests may have fallen just before it began.)
    const { shikimori, anilist } = status.sources;
    expect(shikimori).toMatchObject({ available: true, lastHour: { user: 1, background: 1 } });
    expect(anilist).toMatchObject({ available: true, lastHour: { user: 1, background: 0 } });
    for (const s of [shikimori, anilist]) {
      expect(s.lastMinute.user).toBeLessThanOrEqual(s.lastHour.user);
      expect(s.lastMinute.background).toBeLessThanOrEqual(s.lastHour.background);
    }
    expect(status.backgroundShare).toBe(0.4);
  });
});
