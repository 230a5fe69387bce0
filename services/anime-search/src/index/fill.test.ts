import { catalogueAnimeExternalIds } from '@acg/contracts';
import { createMemoryBus } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fakes, type Harness, startAnimeSearch, startFakes } from '../test/harness';

/**
 * The background fill against both fakes, with the catalogue's RPC served on the bus as the
 * catalogue would: first an id neither site knows, then Frieren (both sites), then a title only
 * Shikimori lists, then a catalogue anime without ids of the sites (left out by the catalogue).
 */
const CATALOGUE = [
  { id: 1, shikimoriId: 99_999_999, anilistId: null },
  { id: 2, shikimoriId: 52_991, anilistId: 154_587 },
  { id: 5, shikimoriId: 60_004, anilistId: null },
];
const UNKNOWN = '/api/animes/99999999';

let fakes: Fakes;
let h: Harness;
let catalogueAsked = 0;
beforeAll(async () => {
  fakes = await startFakes();
  const bus = createMemoryBus();
  bus.serve(catalogueAnimeExternalIds, async ({ afterId, limit }) => {
    catalogueAsked++;
    const anime = CATALOGUE.filter((a) => a.id > afterId).slice(0, limit);
    return { anime, nextAfterId: anime.length === limit ? anime.at(-1)!.id : null };
  });
  h = await startAnimeSearch(fakes, { INDEX_FILL_INTERVAL_MS: '5' }, undefined, undefined, bus);
});
afterAll(async () => {
  await h?.close();
  await fakes?.close();
});

/** Shikimori detail reads, in order (`/api/animes/<id>`, not the lists). */
const shikimoriDetails = () =>
  fakes.shikimori.requests.map((r) => r.url).filter((url) => /^\/api\/animes\/\d+$/.test(url));
const detailRead = async (key: string) =>
  (
    await h.database.pool.query<{ s: Date | null; a: Date | null }>(
      'select shikimori_detail_at as s, anilist_detail_at as a from anime where key = $1',
      [key],
    )
  ).rows[0];

describe('the background fill of the anime index', () => {
  it('reads both sites’ popular and ongoing lists, then the catalogue’s anime first among the details', async () => {
    // Past the catalogue's anime the fill goes on to the oldest details: three more reads.
    await expect
      .poll(() => shikimoriDetails().length, { timeout: 20_000, interval: 50 })
      .toBeGreaterThanOrEqual(CATALOGUE.length + 3);
    const lists = fakes.shikimori.requests.map((r) => r.url).filter((u) => u.includes('order=popularity'));
    expect(lists).toContain('/api/animes?order=popularity&limit=50&page=1');
    expect(lists).toContain('/api/animes?order=popularity&limit=50&page=1&status=ongoing');
    // The catalogue's anime first, in its order; the one Shikimori does not know asked once.
    expect(shikimoriDetails().slice(0, 3)).toEqual([UNKNOWN, '/api/animes/52991', '/api/animes/60004']);
    expect(shikimoriDetails().filter((u) => u === UNKNOWN)).toHaveLength(1);
    expect(catalogueAsked).toBeGreaterThanOrEqual(1);
    // AniList's detail of the catalogue's Frieren is read too, into the same row.
    await expect
      .poll(async () => (await detailRead('mal:52991'))?.a, { timeout: 20_000 })
      .toBeInstanceOf(Date);
    expect((await detailRead('mal:52991'))?.s).toBeInstanceOf(Date);
    expect((await detailRead('mal:60004'))?.s).toBeInstanceOf(Date);
    // An airing title from the ongoing list is in the index.
    const ongoing = await h.database.pool.query(
      "select 1 from anime where shikimori->>'status' = 'ongoing' and shikimori_id <> 21",
    );
    expect(ongoing.rowCount).toBeGreaterThan(0);
  });
});
