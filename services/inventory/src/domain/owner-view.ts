import type { Owner } from '@acg/contracts';

/** A holder of a card joined with the user summary (null fields while the user is unknown). */
export interface OwnerRow {
  userId: number;
  quantity: number;
  username: string | null;
  avatar: string | null;
  discordId: string | null;
}

/**
 * Display name (requirements M3): username, name or login, falling back to 'ID: {id}'. Our users
 * carry only a username (auth's user events have no separate name or login), so a blank or
 * unknown username gives 'ID: {id}'.
 */
export function displayName(userId: number, username: string | null | undefined): string {
  const name = username?.trim();
  return name ? name : `ID: ${userId}`;
}

/** An owner entry (requirements M3): `id` and `user_id` are both the user's id. */
export function toOwner(row: OwnerRow): Owner {
  return {
    id: row.userId,
    user_id: row.userId,
    username: displayName(row.userId, row.username),
    avatar: row.avatar,
    discordId: row.discordId ?? '',
    quantity: row.quantity,
  };
}
