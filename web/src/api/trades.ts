import * as z from 'zod/mini';
import { getJson, HttpError, postJson } from './http';

const int = () => z.number().check(z.int());

/** The four statuses the trade page shows (spec 1 §4); the server may also say `expired`. */
export const TRADE_TABS = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type TradeTab = (typeof TRADE_TABS)[number];
export type TradeAction = 'accept' | 'decline' | 'cancel';

const tradeUserSchema = z.object({
  id: z.optional(int()),
  username: z.string(),
  avatar: z.nullish(z.string()),
  discordId: z.nullish(z.string()),
});
export type TradeUser = z.infer<typeof tradeUserSchema>;

const characterSchema = z.object({ name: z.string() });
/** A trade item (spec 1 §3, spec 3 §3): side, quantity, Inventory with Card and Character. */
const tradeItemSchema = z.object({
  id: int(),
  side: z.enum(['from', 'to']),
  quantity: int(),
  cardId: z.optional(int()),
  Inventory: z.object({
    id: z.optional(int()),
    cardId: z.optional(int()),
    Card: z.object({
      id: int(),
      imageUrl: z.nullish(z.string()),
      image_url: z.nullish(z.string()),
      Character: z.optional(characterSchema),
      Rank: z.optional(z.object({ code: z.string(), color: z.optional(z.string()) })),
    }),
    Character: z.optional(characterSchema),
  }),
});
export type TradeItem = z.infer<typeof tradeItemSchema>;

export const tradeSchema = z.object({
  id: int(),
  from_user_id: int(),
  to_user_id: int(),
  status: z.string(),
  description: z.nullish(z.string()),
  message: z.nullish(z.string()),
  createdAt: z.string(),
  expiresAt: z.nullish(z.string()),
  FromUser: tradeUserSchema,
  ToUser: tradeUserSchema,
  Items: z.array(tradeItemSchema),
});
export type Trade = z.infer<typeof tradeSchema>;

/** The character's name of an item, wherever the answer put it. */
export const itemName = (item: TradeItem): string =>
  item.Inventory.Character?.name ?? item.Inventory.Card.Character?.name ?? '?';

/** GET /trade/api/my?status= */
export const getMyTrades = (status: TradeTab, signal?: AbortSignal) =>
  getJson(`/trade/api/my?status=${status}`, z.array(tradeSchema), signal);

export interface NewTradeItem {
  inventoryId: number;
  quantity: number;
}
export interface NewTrade {
  toUserId: number;
  fromItems: NewTradeItem[];
  toItems: NewTradeItem[];
  description: string;
  message: string;
}
/** POST /trade/api */
export const createTrade = (body: NewTrade) => postJson('/trade/api', body, z.unknown());

/** POST /trade/api/{id}/{action} */
export const actOnTrade = (id: number, action: TradeAction) =>
  postJson(`/trade/api/${id}/${action}`, {}, z.unknown());

/** A user to trade with (GET /api/users; the page removes the current user). */
const tradePartnerSchema = z.object({
  id: int(),
  username: z.string(),
  avatar: z.nullish(z.string()),
  discordId: z.nullish(z.string()),
});
export type TradePartner = z.infer<typeof tradePartnerSchema>;
export const getUsers = (signal?: AbortSignal) => getJson('/api/users', z.array(tradePartnerSchema), signal);

/** What a trade form needs of one user's copies (GET /api/inventory/tradeable?user_id=). */
const tradeableSchema = z.object({
  inventoryId: int(),
  cardId: int(),
  characterName: z.string(),
  imageUrl: z.nullish(z.string()),
  limited: z.boolean(),
  rank: z.object({ code: z.string(), title: z.optional(z.string()), color: z.optional(z.string()) }),
  /** Copies not held by a pending trade. */
  free: int(),
});
export type TradeableCopy = z.infer<typeof tradeableSchema>;
export const getTradeable = (userId: number, signal?: AbortSignal) =>
  getJson(`/api/inventory/tradeable?user_id=${userId}`, z.array(tradeableSchema), signal);

/** How the copies of an inventory entry came and went (GET /api/inventory/{id}/history). */
const provenanceSchema = z.object({
  inventoryId: int(),
  cardId: int(),
  events: z.array(
    z.object({
      id: int(),
      kind: z.string(),
      quantity: int(),
      fromUser: z.nullable(tradeUserSchema),
      toUser: tradeUserSchema,
      tradeId: z.nullable(int()),
      occurredAt: z.string(),
    }),
  ),
});
export type Provenance = z.infer<typeof provenanceSchema>;
export const getProvenance = (inventoryId: number, signal?: AbortSignal) =>
  getJson(`/api/inventory/${inventoryId}/history`, provenanceSchema, signal);

// --- administrators (spec 3 §2.5, §2.2) ---

export const ADMIN_TRADES_PAGE_SIZE = 20;
const tradeStatsSchema = z.object({
  total: int(),
  today: int(),
  byStatus: z.record(z.string(), int()),
});
export type TradeStats = z.infer<typeof tradeStatsSchema>;
export const getTradeStats = (signal?: AbortSignal) =>
  getJson('/trade/api/admin/stats', tradeStatsSchema, signal);

export async function getAllTrades(
  offset: number,
  status: string,
  signal?: AbortSignal,
): Promise<{ rows: Trade[]; count: number }> {
  const params = new URLSearchParams({ limit: String(ADMIN_TRADES_PAGE_SIZE), offset: String(offset) });
  if (status) params.set('status', status);
  return getJson(
    `/trade/api/admin/all?${params}`,
    z.object({ rows: z.array(tradeSchema), count: int() }),
    signal,
  );
}

export const cleanupTrades = () =>
  postJson('/trade/api/admin/cleanup', {}, z.object({ cleanedCount: int() }));

export const getUserTrades = (userId: number, signal?: AbortSignal) =>
  getJson(`/admin/users/${userId}/trades`, z.array(tradeSchema), signal);

export { HttpError };
