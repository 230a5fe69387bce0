import type { InventoryEntry, Owner } from '@acg/contracts';

export interface EntryRow {
  id: number;
  cardId: number;
  quantity: number;
  obtainedAt: Date;
  characterId: number | null;
  characterName: string | null;
  rankCode: string | null;
  rankTitle: string | null;
  rankColor: string | null;
  limited: boolean | null;
  imageUrl: string | null;
}

/**
 * An entry as the member area reads it (spec 1 §3). A card whose summary has not arrived yet
 * (its card.created event is still on the way) shows as "Card #id" with an unknown rank rather
 * than disappearing from the list.
 */
export function toInventoryEntry(row: EntryRow): InventoryEntry {
  const characterName = row.characterName ?? `Card #${row.cardId}`;
  const rank = { code: row.rankCode ?? '?', color: row.rankColor ?? '#9e9e9e', title: row.rankTitle ?? '?' };
  return {
    id: row.id,
    cardId: row.cardId,
    limited: row.limited ?? false,
    obtainedAt: row.obtainedAt.toISOString(),
    quantity: row.quantity,
    character: characterName,
    rank: rank.code,
    Card: {
      id: row.cardId,
      imageUrl: row.imageUrl,
      Character: { id: row.characterId ?? 0, name: characterName },
      Rank: rank,
    },
  };
}

/** Owner display name (spec 1 §3): the username, else 'ID: {id}'. */
export function toOwner(row: {
  entryId: number;
  userId: number;
  username: string | null;
  avatar: string | null;
  discordId: string | null;
  quantity: number;
}): Owner {
  return {
    id: row.userId,
    user_id: row.userId,
    username: row.username?.trim() ? row.username : `ID: ${row.userId}`,
    avatar: row.avatar,
    discordId: row.discordId ?? '',
    quantity: row.quantity,
  };
}
