import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../test/render';
import {
  CLIENT_CACHE_MS,
  cached,
  fetchCacheStats,
  fetchCards,
  fetchFranchises,
  invalidate,
  serverError,
} from './admin-catalogue';

afterEach(() => vi.unstubAllGlobals());

describe('the admin catalogue client', () => {
  it('keeps a cached list for 5 minutes, loads again after, and never keeps a failure', async () => {
    const load = vi.fn(async () => 'list');
    const t0 = 1_000_000;
    expect(await cached('k1', load, t0)).toBe('list');
    expect(await cached('k1', load, t0 + CLIENT_CACHE_MS - 1)).toBe('list');
    expect(load).toHaveBeenCalledTimes(1);
    await cached('k1', load, t0 + CLIENT_CACHE_MS);
    expect(load).toHaveBeenCalledTimes(2);
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(cached('k2', failing, t0)).rejects.toThrow('down');
    await expect(cached('k2', failing, t0 + 1)).rejects.toThrow('down');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('reads the franchise list once per 5 minutes unless asked fresh', async () => {
    invalidate('franchises');
    const fetchMock = stubFetch(async () => jsonResponse([{ id: 1, title: 'Death Note' }]));
    expect(await fetchFranchises()).toEqual([{ id: 1, title: 'Death Note' }]);
    await fetchFranchises();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await fetchFranchises(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reads cards with their nested character, rank and season, and the cache namespaces', async () => {
    stubFetch(async (url) =>
      url === '/admin/cards'
        ? jsonResponse([
            {
              id: 3,
              character_id: 9,
              rank_id: 2,
              season_id: '4',
              limited: true,
              imageUrl: null,
              Character: { id: 9, name: 'Ryuk' },
              Rank: { id: 2, code: 'S' },
              Season: { id: 4, title: 'Winter' },
            },
          ])
        : jsonResponse({
            application_cache: { namespaces: { cards: { keys: 2, hits: 3, misses: 1, hit_rate: 0.75 } } },
          }),
    );
    expect(await fetchCards()).toEqual([
      {
        id: 3,
        characterId: 9,
        characterName: 'Ryuk',
        rankId: 2,
        rankCode: 'S',
        seasonId: 4,
        seasonTitle: 'Winter',
        limited: true,
        imageUrl: null,
      },
    ]);
    expect(await fetchCacheStats()).toEqual([{ name: 'cards', keys: 2, hits: 3, misses: 1, hitRate: 0.75 }]);
  });

  it("takes the server's error text from details.error, error or message", () => {
    expect(serverError({ details: { error: 'a' }, error: 'b' })).toBe('a');
    expect(serverError({ error: 'b', message: 'c' })).toBe('b');
    expect(serverError({ message: 'c' })).toBe('c');
    expect(serverError('text')).toBeUndefined();
  });
});
