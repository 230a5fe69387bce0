import type { InventoryStats } from '@acg/contracts';

/** Sums over the copies a user holds: all, those of limited cards, distinct characters. */
export interface StatsRow {
  total: number;
  limited: number;
  characters: number;
  byRank: InventoryStats['by_rank'];
  byAnime: InventoryStats['by_anime'];
}

/**
 * Inventory stats (requirements M3) count copies, not distinct cards: two copies of a card are two.
 * Regular (`common_cards`) is every copy that is not limited; a card whose summary has not
 * arrived counts as regular, and its character is counted once it is known.
 */
export function toInventoryStats(row: StatsRow): InventoryStats {
  return {
    total_cards: row.total,
    limited_cards: row.limited,
    common_cards: row.total - row.limited,
    unique_characters: row.characters,
    by_rank: row.byRank,
    by_anime: row.byAnime,
  };
}
