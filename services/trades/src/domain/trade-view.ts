import type { Trade, TradeStatus, TradeUser } from '@acg/contracts';
import type { TradeRowState } from '../db/schema';

export interface TradeRow {
  id: number;
  fromUserId: number;
  toUserId: number;
  status: TradeRowState;
  description: string | null;
  message: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
}
export interface TradeItemRow {
  id: number;
  tradeId: number;
  side: 'from' | 'to';
  inventoryId: number;
  cardId: number;
  quantity: number;
  characterId: number | null;
  characterName: string;
  imageUrl: string | null;
  limited: boolean;
  rankCode: string;
  rankTitle: string;
  rankColor: string;
}

/** The status a member or an admin sees: an accept still in flight is pending. */
export function publicStatus(state: TradeRowState): TradeStatus {
  if (state === 'accepting' || state === 'opening') return 'pending';
  if (state === 'failed') return 'cancelled';
  return state;
}

/** A user the users service did not describe (deleted, or auth unreachable). */
export const unknownUser = (id: number): TradeUser => ({
  id,
  username: `ID: ${id}`,
  avatar: null,
  discordId: null,
});

/** A trade as the spec shapes it (requirements M3, requirements O3). */
export function toTrade(row: TradeRow, items: TradeItemRow[], users: Map<number, TradeUser>): Trade {
  return {
    id: row.id,
    from_user_id: row.fromUserId,
    to_user_id: row.toUserId,
    status: publicStatus(row.status),
    description: row.description,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    FromUser: users.get(row.fromUserId) ?? unknownUser(row.fromUserId),
    ToUser: users.get(row.toUserId) ?? unknownUser(row.toUserId),
    Items: items.map((i) => {
      const character = { id: i.characterId, name: i.characterName };
      return {
        id: i.id,
        side: i.side,
        quantity: i.quantity,
        inventoryId: i.inventoryId,
        cardId: i.cardId,
        Inventory: {
          id: i.inventoryId,
          cardId: i.cardId,
          Card: {
            id: i.cardId,
            imageUrl: i.imageUrl,
            image_url: i.imageUrl,
            limited: i.limited,
            Character: character,
            Rank: { code: i.rankCode, title: i.rankTitle, color: i.rankColor },
          },
          Character: character,
        },
      };
    }),
  };
}
