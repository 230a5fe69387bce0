import { z } from 'zod';
import { idInBody, idNumber, safeString } from './fields';
import { defineEvent, defineRpc } from './messaging';

/**
 * Trades (requirements M2 trade page, §3, §4, §7; requirements O2.5, O3, O7). A trade offers copies the
 * sender holds (side `from`) for copies the recipient holds (side `to`); the sender's copies are
 * held in escrow by inventory while the trade is pending (docs/rules.md §34).
 */
export const TRADE_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];
export const TRADE_ACTIONS = ['accept', 'decline', 'cancel'] as const;
export type TradeAction = (typeof TRADE_ACTIONS)[number];
export const TRADE_SIDES = ['from', 'to'] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];

/** Most items on one side of a trade (docs/rules.md §34). */
export const MAX_TRADE_ITEMS_PER_SIDE = 50;
/** Most copies of one inventory entry in one item. */
export const MAX_TRADE_ITEM_QUANTITY = 1000;
export const MAX_TRADE_DESCRIPTION = 500;
export const MAX_TRADE_MESSAGE = 1000;

/** One item of a create request: copies of one inventory entry. */
export const tradeItemInputSchema = z.object({
  inventoryId: idNumber(),
  quantity: z.number().int().min(1).max(MAX_TRADE_ITEM_QUANTITY).default(1),
});
export type TradeItemInput = z.output<typeof tradeItemInputSchema>;

const itemList = z.array(tradeItemInputSchema).max(MAX_TRADE_ITEMS_PER_SIDE).default([]);

/** POST /trade/api. */
export const createTradeBodySchema = z.object({
  toUserId: idInBody(),
  fromItems: itemList,
  toItems: itemList,
  description: safeString().trim().max(MAX_TRADE_DESCRIPTION).nullish(),
  message: safeString().trim().max(MAX_TRADE_MESSAGE).nullish(),
});
export type CreateTradeBody = z.output<typeof createTradeBodySchema>;

export const tradeUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** The name to show (Discord's global_name, else username; additive). */
  displayName: z.string().optional(),
  avatar: z.string().nullable(),
  discordId: z.string().nullable(),
});
export type TradeUser = z.infer<typeof tradeUserSchema>;

const characterSchema = z.object({ id: z.number().int().nullable(), name: z.string() });
/** The card of a trade item as it was when the trade was made. */
export const tradeCardSchema = z.object({
  id: z.number().int(),
  imageUrl: z.string().nullable(),
  /** Requirements O3 names it image_url. */
  image_url: z.string().nullable(),
  limited: z.boolean(),
  Character: characterSchema,
  Rank: z.object({ code: z.string(), title: z.string(), color: z.string() }),
});

export const tradeItemSchema = z.object({
  id: z.number().int(),
  side: z.enum(TRADE_SIDES),
  quantity: z.number().int(),
  inventoryId: z.number().int(),
  cardId: z.number().int(),
  Inventory: z.object({
    id: z.number().int(),
    cardId: z.number().int(),
    Card: tradeCardSchema,
    Character: characterSchema,
  }),
});
export type TradeItem = z.infer<typeof tradeItemSchema>;

export const tradeSchema = z.object({
  id: z.number().int(),
  from_user_id: z.number().int(),
  to_user_id: z.number().int(),
  status: z.enum(TRADE_STATUSES),
  description: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  FromUser: tradeUserSchema,
  ToUser: tradeUserSchema,
  Items: z.array(tradeItemSchema),
});
export type Trade = z.infer<typeof tradeSchema>;

/** GET /trade/api/admin/all. */
export const tradeListSchema = z.object({ rows: z.array(tradeSchema), count: z.number().int() });
/** GET /trade/api/admin/stats. */
export const tradeStatsSchema = z.object({
  total: z.number().int(),
  today: z.number().int(),
  byStatus: z.record(z.string(), z.number().int()),
});
/** POST /trade/api/admin/cleanup. */
export const tradeCleanupSchema = z.object({ cleanedCount: z.number().int() });

// --- events (written to the trades outbox in the transaction of the change) ---

const eventItemSchema = z.object({
  side: z.enum(TRADE_SIDES),
  quantity: z.number().int().positive(),
  inventoryId: z.number().int(),
  cardId: z.number().int(),
  characterName: z.string().optional(),
  imageUrl: z.string().nullable().optional(),
});

/** trade.created: a user offered a trade to another user (the bot DMs the recipient). */
export const tradeCreated = defineEvent(
  'trade.created',
  z.object({
    id: z.number().int().positive(),
    fromUserId: z.number().int().positive(),
    toUserId: z.number().int().positive(),
    items: z.array(eventItemSchema),
    description: z.string().nullish(),
    message: z.string().nullish(),
    expiresAt: z.string(),
  }),
);

/** A trade left pending: `by` is the acting user (null for the expiry sweep). */
const settledData = z.object({
  id: z.number().int().positive(),
  fromUserId: z.number().int().positive(),
  toUserId: z.number().int().positive(),
  status: z.enum(TRADE_STATUSES),
  by: z.number().int().nullable(),
});
export const tradeAccepted = defineEvent('trade.accepted', settledData);
export const tradeDeclined = defineEvent('trade.declined', settledData);
export const tradeCancelled = defineEvent('trade.cancelled', settledData);
export const tradeExpired = defineEvent('trade.expired', settledData);
export const tradeOutcomes = {
  accepted: tradeAccepted,
  declined: tradeDeclined,
  cancelled: tradeCancelled,
  expired: tradeExpired,
} as const;

/**
 * trades.act: `userId` accepts, declines or cancels trade `tradeId` (the bot's DM buttons).
 * The trades service applies the same rules as POST /trade/api/{id}/{action}; a refusal is an
 * AppError (403, 404, 409) with the reason.
 */
export const tradesAct = defineRpc(
  'trades.act',
  z.object({ tradeId: idNumber(), userId: idNumber(), action: z.enum(TRADE_ACTIONS) }),
  z.object({ trade: tradeSchema }),
  10_000,
);

// --- inventory's side of trades (escrow and the transfer) ---

const tradeItemsRequest = z.object({
  tradeId: idNumber(),
  fromUserId: idNumber(),
  toUserId: idNumber(),
  fromItems: z.array(tradeItemInputSchema).max(MAX_TRADE_ITEMS_PER_SIDE),
  toItems: z.array(tradeItemInputSchema).max(MAX_TRADE_ITEMS_PER_SIDE),
});

/** A trade item as inventory describes it: the entry and its card's facts. */
export const tradeItemFactsSchema = z.object({
  side: z.enum(TRADE_SIDES),
  inventoryId: z.number().int(),
  cardId: z.number().int(),
  quantity: z.number().int(),
  characterId: z.number().int().nullable(),
  characterName: z.string(),
  imageUrl: z.string().nullable(),
  limited: z.boolean(),
  rankCode: z.string(),
  rankTitle: z.string(),
  rankColor: z.string(),
});
export type TradeItemFacts = z.infer<typeof tradeItemFactsSchema>;

/**
 * inventory.trade-reserve: checks both sides (each entry the right user's, enough free copies)
 * and reserves the sender's copies for the trade. Idempotent by trade id (the same trade again
 * returns its items and reserves nothing more); refused (409) once the trade was released or
 * transferred.
 */
export const inventoryTradeReserve = defineRpc(
  'inventory.trade-reserve',
  tradeItemsRequest,
  z.object({ items: z.array(tradeItemFactsSchema) }),
  5000,
);

/** inventory.trade-release: gives the trade's reserved copies back (idempotent; 409 after a transfer). */
export const inventoryTradeRelease = defineRpc(
  'inventory.trade-release',
  z.object({ tradeId: idNumber() }),
  z.object({ released: z.boolean() }),
  5000,
);

/**
 * inventory.trade-transfer: moves both sides' copies in one inventory transaction, exactly once
 * per trade id (`transferred: false` when it had already happened; 409 with the reason when a
 * side no longer holds its copies, and then nothing moves).
 */
export const inventoryTradeTransfer = defineRpc(
  'inventory.trade-transfer',
  tradeItemsRequest,
  z.object({ transferred: z.boolean() }),
  5000,
);

/** inventory.transferred: the copies of an accepted trade changed owners. */
export const inventoryTransferred = defineEvent(
  'inventory.transferred',
  z.object({
    tradeId: z.number().int(),
    moves: z.array(
      z.object({
        cardId: z.number().int(),
        fromUserId: z.number().int(),
        toUserId: z.number().int(),
        quantity: z.number().int(),
        /** The print numbers of the copies that moved (absent in events from before print numbers). */
        printNumbers: z.array(z.number().int()).optional(),
      }),
    ),
  }),
);

/** GET /api/inventory/tradeable?user_id= : what a trade form needs of a user's copies. */
export const tradeableCopySchema = z.object({
  inventoryId: z.number().int(),
  cardId: z.number().int(),
  /** In the caller's language (rules §57). */
  characterName: z.string(),
  /** Every name of the character (additive): the picker's search matches any of them. */
  characterNames: z.array(z.string()),
  imageUrl: z.string().nullable(),
  limited: z.boolean(),
  rank: z.object({ code: z.string(), title: z.string(), color: z.string() }),
  /** Copies not reserved by a pending trade. */
  free: z.number().int(),
});
export type TradeableCopy = z.infer<typeof tradeableCopySchema>;

/** GET /api/inventory/{id}/history: how the copies of an entry came and went (provenance). */
export const provenanceEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['drop', 'admin', 'seed', 'trade']),
  cardId: z.number().int(),
  quantity: z.number().int(),
  fromUser: tradeUserSchema.nullable(),
  toUser: tradeUserSchema,
  tradeId: z.number().int().nullable(),
  occurredAt: z.string(),
  /** The print numbers of the copies that moved (empty for movements from before print numbers). */
  printNumbers: z.array(z.number().int()),
});
export type ProvenanceEvent = z.infer<typeof provenanceEventSchema>;
export const provenanceSchema = z.object({
  inventoryId: z.number().int(),
  cardId: z.number().int(),
  userId: z.number().int(),
  events: z.array(provenanceEventSchema),
});
