import type { AdminInventoryItem, InventoryEntry } from '@acg/contracts';
import { allNames, localize, type StoredTexts } from '@acg/i18n';

/** An entry joined with its card summary; the card facts are null while the summary is missing. */
export interface EntryRow {
  id: number;
  cardId: number;
  quantity: number;
  obtainedAt: Date;
  characterId: number | null;
  characterName: string | null;
  characterNames: StoredTexts | null;
  animeIds: number[] | null;
  rankCode: string | null;
  rankTitle: string | null;
  rankColor: string | null;
  limited: boolean | null;
  imageUrl: string | null;
  deleted: boolean | null;
  printNumbers: number[];
}

/** Shown for a card whose summary inventory has not received yet (requirements M8: '?' for a rank). */
export const UNKNOWN_RANK = { code: '?', title: '?', color: '#9e9e9e' } as const;
export const unknownCardName = (cardId: number): string => `Card #${cardId}`;

/**
 * An entry as the member area reads it (requirements M3), the character named in `language`
 * (rules §57; every name in `names` for searches). A card whose summary has not arrived yet
 * (its card.created event is still on the way) shows as "Card #id", rank '?', not limited,
 * rather than disappearing from the list.
 */
export function toInventoryEntry(row: EntryRow, language: string): InventoryEntry {
  const characterName =
    localize(row.characterNames, language, row.characterName) ?? unknownCardName(row.cardId);
  const rank = {
    code: row.rankCode ?? UNKNOWN_RANK.code,
    color: row.rankColor ?? UNKNOWN_RANK.color,
    title: row.rankTitle ?? UNKNOWN_RANK.title,
  };
  return {
    id: row.id,
    cardId: row.cardId,
    limited: row.limited ?? false,
    obtainedAt: row.obtainedAt.toISOString(),
    quantity: row.quantity,
    printNumbers: row.printNumbers,
    character: characterName,
    rank: rank.code,
    Card: {
      id: row.cardId,
      imageUrl: row.imageUrl,
      Character: {
        id: row.characterId ?? 0,
        name: characterName,
        names: allNames(row.characterNames, row.characterName ?? characterName),
      },
      Rank: rank,
    },
    animeIds: row.animeIds ?? [],
  };
}

/** Requirements O3's inventory item: the member entry plus Rank.name (the title) and Card.deleted. */
export function toAdminInventoryItem(row: EntryRow, language: string): AdminInventoryItem {
  const entry = toInventoryEntry(row, language);
  return {
    ...entry,
    Card: {
      ...entry.Card,
      Rank: { ...entry.Card.Rank, name: entry.Card.Rank.title },
      deleted: row.deleted ?? false,
    },
  };
}
