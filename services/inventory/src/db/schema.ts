import { outboxTable, processedMessagesTable } from '@acg/platform/tables';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgSchema,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Inventory's own schema (not exported: migrate() creates it). */
const inventory = pgSchema('inventory');

/**
 * One row per user and card held; the quantity changes only inside inventory transactions.
 * `reserved` counts copies offered in pending trades (the trades issue uses it).
 */
export const entries = inventory.table(
  'entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    cardId: integer('card_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    obtainedAt: timestamp('obtained_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('entries_user_card').on(t.userId, t.cardId),
    index('entries_card_idx').on(t.cardId),
    check('entries_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check('entries_reserved_range', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.quantity}`),
  ],
);

/** Every grant, under its idempotency key: the same key again changes nothing. */
export const grants = inventory.table('grants', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  userId: integer('user_id').notNull(),
  cardId: integer('card_id').notNull(),
  entryId: integer('entry_id').notNull(),
  quantity: integer('quantity').notNull(),
  source: text('source').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One like per user and card, enforced by the primary key. */
export const likes = inventory.table(
  'likes',
  {
    userId: integer('user_id').notNull(),
    cardId: integer('card_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.userId] })],
);

/** Read model of catalogue cards, kept from card.* events. */
export const cardSummaries = inventory.table('card_summaries', {
  id: integer('id').primaryKey(),
  characterId: integer('character_id').notNull(),
  characterName: text('character_name').notNull(),
  rankCode: text('rank_code').notNull(),
  rankTitle: text('rank_title').notNull(),
  rankColor: text('rank_color').notNull(),
  limited: boolean('limited').notNull(),
  imageUrl: text('image_url'),
  rarityScore: doublePrecision('rarity_score').notNull().default(0),
  deleted: boolean('deleted').notNull().default(false),
});

/** Read model of users, kept from user.* events. */
export const userSummaries = inventory.table('user_summaries', {
  id: integer('id').primaryKey(),
  username: text('username').notNull(),
  discordId: text('discord_id').notNull(),
  avatar: text('avatar'),
});

export const outbox = outboxTable(inventory);
export const processedMessages = processedMessagesTable(inventory);
