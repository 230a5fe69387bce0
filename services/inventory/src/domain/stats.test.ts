import { describe, expect, it } from 'vitest';
import { toInventoryStats } from './stats';

describe('inventory stats', () => {
  it('derives regular copies as total minus limited', () => {
    expect(toInventoryStats({ total: 12, limited: 5, characters: 4, byRank: [], byAnime: [] })).toEqual({
      total_cards: 12,
      limited_cards: 5,
      common_cards: 7,
      unique_characters: 4,
      by_rank: [],
      by_anime: [],
    });
    expect(toInventoryStats({ total: 0, limited: 0, characters: 0, byRank: [], byAnime: [] })).toEqual({
      total_cards: 0,
      limited_cards: 0,
      common_cards: 0,
      unique_characters: 0,
      by_rank: [],
      by_anime: [],
    });
  });
});
