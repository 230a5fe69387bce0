import { outboxTable, processedMessagesTable } from '@acg/platform/tables';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgSchema, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Trades' own schema (not exported: migrate() creates it). */
const trades = pgSchema('trades');

/**
 * Every state a trade row passes through. The public ones are the spec's four plus `expired`;
 * two are the steps between an answer and inventory's (docs/rules.md §34):
 * - `opening`: the row exists, inventory has not confirmed the escrow yet (never listed);
 * - `accepting`: the recipient accepted, inventory has not confirmed the transfer yet (listed as
 *   pending); `failed`: an opening that never completed (escrow released, never listed).
 */
export const TRADE_ROW_STATES = [
  'opening',
  'pending',
  'accepting',
  'accepted',
  'declined',
  'cancelled',
  'expired',
  'failed',
] as const;
export type TradeRowState = (typeof TRADE_ROW_STATES)[number];

export const tradeRows = trades.table(
  'trades',
  {
    id: serial('id').primaryKey(),
    fromUserId: integer('from_user_id').notNull(),
    toUserId: integer('to_user_id').notNull(),
    status: text('status', { enum: TRADE_ROW_STATES }).notNull(),
    description: text('description'),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When it left pending (accepted, declined, cancelled, expired). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The escrow is still to be given back by inventory (a release the sweep retries). */
    releasePending: boolean('release_pending').notNull().default(false),
  },
  (t) => [
    index('trades_from_idx').on(t.fromUserId, t.status, t.createdAt),
    index('trades_to_idx').on(t.toUserId, t.status, t.createdAt),
    index('trades_status_expires_idx').on(t.status, t.expiresAt),
    index('trades_created_idx').on(t.createdAt),
    index('trades_release_idx').on(t.id).where(sql`release_pending`),
    check('trades_parties_differ', sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);

/** The items of a trade, with their card's facts as inventory gave them when it was made. */
export const tradeItems = trades.table(
  'trade_items',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => tradeRows.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['from', 'to'] }).notNull(),
    inventoryId: integer('inventory_id').notNull(),
    cardId: integer('card_id').notNull(),
    quantity: integer('quantity').notNull(),
    characterId: integer('character_id'),
    characterName: text('character_name').notNull(),
    imageUrl: text('image_url'),
    limited: boolean('limited').notNull().default(false),
    rankCode: text('rank_code').notNull(),
    rankTitle: text('rank_title').notNull(),
    rankColor: text('rank_color').notNull(),
  },
  (t) => [
    index('trade_items_trade_idx').on(t.tradeId),
    check('trade_items_quantity', sql`${t.quantity} > 0`),
  ],
);

export const outbox = outboxTable(trades);
export const processedMessages = processedMessagesTable(trades);
