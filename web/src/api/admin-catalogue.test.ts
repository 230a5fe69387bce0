import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../test/render';
import { fetchCacheStats, fetchCards, serverError } from './admin-catalogue';

afterEach(() => vi.unstubAllGlobals());

describe('the admin catalogue client', () => {
  it('reads cards with their nested character, rank and season, and the cache namespaces', async () => {
    stubFetch(async (url) =>
      url === '/admin/cards'
        ? jsonResponse([
            {
              id: 3,
              character_id: 9,
              rank_id: 2,
              season_id: 4,
              limited: true,
              imageUrl: null,
              Character: { id: 9, name: 'Ryuk' },
              Rank: { id: 2, code: 'S', title: 'Mythic', color: '#f44336' },
              Season: { id: 4, title: 'Winter' },
            },
          ])
        : jsonResponse({
            application_cache: {
              namespaces: [{ name: 'cards', keys: 2, hits: 3, misses: 1, hit_rate: 0.75 }],
            },
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
