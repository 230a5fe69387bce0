import type { StoredTexts } from '@acg/i18n';
import { outboxTable, processedMessagesTable } from '@acg/platform/tables';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BEFORE_ANY_EVENT } from './as-of';

/** A bytea column, read as a Buffer (drizzle 0.45 has no builder for it). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Inventory's own schema (not exported: migrate() creates it). */
const inventory = pgSchema('inventory');

/**
 * One row per user and card held (architecture §9); the quantity changes only inside inventory
 * transactions. `obtained_at` is when the first copy came. `reserved` counts copies offered in
 * pending trades (the trades issue uses it): never more than the quantity.
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
    // A card's entries in owner order, with their quantities: the rarity snapshot counts every
    // card's owners from the index alone, in card order, with no hash table (rules §37).
    index('entries_card_owners_idx').on(t.cardId, t.userId, t.quantity),
    // Who is active (rules §37): a range of recent moves read from the index alone, not a pass
    // over every entry.
    index('entries_recent_idx').on(t.updatedAt, t.userId).where(sql`${t.quantity} > 0`),
    check('entries_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check('entries_reserved_range', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.quantity}`),
  ],
);

/**
 * Every grant under its idempotency key (primary key, so unique), with the result it gave:
 * the entry, the quantity after the grant and the entry's first-obtained time. The same key
 * again returns that result and changes nothing.
 */
export const grants = inventory.table('grants', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  userId: integer('user_id').notNull(),
  cardId: integer('card_id').notNull(),
  entryId: integer('entry_id').notNull(),
  quantity: integer('quantity').notNull(),
  obtainedAt: timestamp('obtained_at', { withTimezone: true }).notNull().defaultNow(),
  source: text('source').notNull(),
  /** The print number of the copy the grant gave (null on grants made before print numbers). */
  printNumber: integer('print_number'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every copy ever dropped, with its print number: the n-th copy of its card ever given (1, 2,
 * 3…), unique and gapless per card (docs/rules.md §59 Print numbers). A copy belongs to an entry
 * (so to the entry's user); a trade moves the row to the other side's entry, the number stays.
 * `trade_id` marks a copy held in escrow for that pending trade. An entry's quantity is the
 * number of its copies.
 */
export const copies = inventory.table(
  'copies',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id').notNull(),
    printNumber: integer('print_number').notNull(),
    entryId: integer('entry_id').notNull(),
    tradeId: integer('trade_id'),
    droppedAt: timestamp('dropped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('copies_card_print').on(t.cardId, t.printNumber),
    index('copies_entry_idx').on(t.entryId, t.printNumber),
    index('copies_trade_idx').on(t.tradeId).where(sql`${t.tradeId} is not null`),
    check('copies_print_positive', sql`${t.printNumber} > 0`),
  ],
);

/**
 * How many copies of each card were ever printed. A grant raises it by one and takes that as the
 * copy's print number in the same transaction: the row lock orders concurrent drops of a card,
 * and a grant that rolls back takes its number back with it, so numbers never skip.
 */
export const printRuns = inventory.table('print_runs', {
  cardId: integer('card_id').primaryKey(),
  printed: integer('printed').notNull(),
});

/** One like per user and card: the primary key (card first, for counting) enforces it. */
export const likes = inventory.table(
  'likes',
  {
    userId: integer('user_id').notNull(),
    cardId: integer('card_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.userId] })],
);

/**
 * Read model of catalogue cards, kept from card.* events. `as_of` is the time of the event the
 * row reflects: an older event delivered late (a redelivery after a failure) never overwrites a
 * newer one. A card.deleted that overtakes its card.created leaves a tombstone: `deleted` with
 * the descriptive columns empty.
 */
export const cardSummaries = inventory.table(
  'card_summaries',
  {
    id: integer('id').primaryKey(),
    characterId: integer('character_id'),
    characterName: text('character_name'),
    /** The name per language (rules §57); `character_name` is the primary one. */
    characterNames: jsonb('character_names').$type<StoredTexts>().notNull().default({}),
    /** searchKeys of every name of the character, for the tradeable copies' search. */
    searchKey: text('search_key'),
    /** The catalogue anime the character appears in (a collection's counts by anime). */
    animeIds: integer('anime_ids').array().notNull().default(sql`'{}'::int[]`),
    rankCode: text('rank_code'),
    rankTitle: text('rank_title'),
    rankColor: text('rank_color'),
    limited: boolean('limited'),
    imageUrl: text('image_url'),
    rarityScore: doublePrecision('rarity_score').notNull().default(0),
    deleted: boolean('deleted').notNull().default(false),
    asOf: timestamp('as_of', { withTimezone: true }).notNull().default(BEFORE_ANY_EVENT),
  },
  // A character's cards, lowest id first (a wished character's card, rules §67).
  (t) => [index('card_summaries_character_idx').on(t.characterId, t.id)],
);

/** Read model of users (owner lists), kept from user.* events; `as_of` as for cards. */
export const userSummaries = inventory.table('user_summaries', {
  id: integer('id').primaryKey(),
  username: text('username').notNull(),
  discordId: text('discord_id').notNull(),
  avatar: text('avatar'),
  asOf: timestamp('as_of', { withTimezone: true }).notNull().default(BEFORE_ANY_EVENT),
});

/**
 * A collector's choices about their public page /u/{id} (rules §57): `hidden` keeps the
 * collection (the cards and counts) to its owner; a user without a row shows it.
 */
export const collectionSettings = inventory.table('collection_settings', {
  userId: integer('user_id').primaryKey(),
  hidden: boolean('hidden').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The escrow of a trade (docs/rules.md §34): copies of the sender's entries reserved for a
 * pending trade. `entries.reserved` is the sum of an entry's rows here.
 */
export const reservations = inventory.table(
  'reservations',
  {
    tradeId: integer('trade_id').notNull(),
    entryId: integer('entry_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tradeId, t.entryId] }),
    index('reservations_entry_idx').on(t.entryId),
    check('reservations_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Where each trade stands in inventory: `reserved` (escrow held), `released` (given back) or
 * `transferred` (copies moved). The row is the per-trade lock: reserve, release and transfer
 * take it first, so exactly one of release and transfer ever happens to a trade.
 */
export const tradeSettlements = inventory.table(
  'trade_settlements',
  {
    tradeId: integer('trade_id').primaryKey(),
    state: text('state', { enum: ['reserved', 'released', 'transferred'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('trade_settlements_state', sql`${t.state} in ('reserved', 'released', 'transferred')`)],
);

/**
 * Provenance: every movement of copies, append-only. A drop (or an admin or seed grant) has no
 * `from_user_id`; a trade's moves carry the trade id. A copy's history is read from here.
 */
export const movements = inventory.table(
  'movements',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id').notNull(),
    fromUserId: integer('from_user_id'),
    toUserId: integer('to_user_id').notNull(),
    quantity: integer('quantity').notNull(),
    kind: text('kind', { enum: ['drop', 'admin', 'seed', 'trade'] }).notNull(),
    tradeId: integer('trade_id'),
    /** The print numbers of the copies that moved (null on movements before print numbers). */
    printNumbers: integer('print_numbers').array(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('movements_card_to_idx').on(t.cardId, t.toUserId, t.occurredAt),
    index('movements_card_from_idx').on(t.cardId, t.fromUserId, t.occurredAt),
  ],
);

export const outbox = outboxTable(inventory);
export const processedMessages = processedMessagesTable(inventory);

/**
 * One rarity run's read of the per-card figures (inventory.card-stats with a `runId`, docs/rules.md
 * §37): built in one pass on the run's first page, then read range by range. The figures are kept
 * as parallel arrays in chunks of `chunk_span` card ids (the run's page size), so a snapshot of
 * 80,000 cards is 4 rows, not 80,000. UNLOGGED (see the migration): a working copy that a crash
 * may lose (the run then fails and is retried), not data. A run's rows go when its last page is
 * read; a run abandoned mid-way goes when a later run builds (older than
 * `CARD_STATS_SNAPSHOT_TTL_MINUTES`).
 */
export const cardStatsRuns = inventory.table('card_stats_runs', {
  runId: text('run_id').primaryKey(),
  activePlayers: integer('active_players').notNull(),
  maxCardId: integer('max_card_id').notNull(),
  chunkSpan: integer('chunk_span').notNull(),
  /** The snapshot holds only each card's id and active owners (inventoryCardStats' scoresOnly). */
  scoresOnly: boolean('scores_only').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Chunk `chunk` holds the cards with (card_id - 1) / chunk_span = chunk, in card id order: per
 * card big-endian int4 as int4send writes them: card id, active owners and, unless the run is
 * scores_only, owners, copies and likes.
 */
export const cardStatsSnapshots = inventory.table(
  'card_stats_snapshots',
  {
    runId: text('run_id').notNull(),
    chunk: integer('chunk').notNull(),
    figures: bytea('figures').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.chunk] })],
);

/**
 * Wishlists (docs/rules.md §67): one row per fan and wished character, at most `WISHLIST_LIMIT`
 * per fan (the add counts under the fan's settings row lock). The character index finds a
 * drop's wishers.
 */
export const wishes = inventory.table(
  'wishes',
  {
    userId: integer('user_id').notNull(),
    characterId: integer('character_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.characterId] }),
    index('wishes_character_idx').on(t.characterId),
  ],
);

/** A fan's wish-alert choices: `dm` false mutes the Discord DMs (the live notice stays). */
export const wishSettings = inventory.table('wish_settings', {
  userId: integer('user_id').primaryKey(),
  dm: boolean('dm').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every wish alert, once per source event, fan and character (the unique index: a redelivered
 * drop or trade event alerts nobody again). `dm` says whether the alert was sent on as a DM:
 * at most one per fan and character per hour (the index reads the last one).
 */
export const wishAlerts = inventory.table(
  'wish_alerts',
  {
    id: serial('id').primaryKey(),
    sourceEventId: text('source_event_id').notNull(),
    userId: integer('user_id').notNull(),
    characterId: integer('character_id').notNull(),
    cardId: integer('card_id').notNull(),
    reason: text('reason', { enum: ['drop', 'trade'] }).notNull(),
    tradeId: integer('trade_id'),
    entryId: integer('entry_id'),
    dm: boolean('dm').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wish_alerts_source').on(t.sourceEventId, t.userId, t.characterId),
    index('wish_alerts_dm_idx').on(t.userId, t.characterId, t.createdAt).where(sql`${t.dm}`),
  ],
);
