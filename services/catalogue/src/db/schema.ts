import type { StoredTexts } from '@acg/i18n';
import { outboxTable, processedMessagesTable } from '@acg/platform/tables';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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

/** The catalogue's own schema (not exported: migrate() creates it; see platform db/database.ts). */
const catalogue = pgSchema('catalogue');

export const franchises = catalogue.table(
  'franchises',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('franchises_title_ci').on(sql`lower(${t.title})`)],
);

export const anime = catalogue.table(
  'anime',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    shikimoriId: integer('shikimori_id').unique(),
    anilistId: integer('anilist_id').unique(),
    franchiseId: integer('franchise_id').references(() => franchises.id, { onDelete: 'set null' }),
    imageUrl: text('image_url'),
    /** The title per language (en, ru, ja; rules §57); `title` is the primary (romanised) one. */
    titles: jsonb('titles').$type<StoredTexts>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('anime_franchise_idx').on(t.franchiseId)],
);

export const characters = catalogue.table('characters', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  altname: text('altname'),
  description: text('description'),
  imageUrl: text('image_url'),
  shikimoriId: integer('shikimori_id').unique(),
  anilistId: integer('anilist_id').unique(),
  /**
   * The name and description per language (en, ru, ja; rules §57), trimmed, blanks left out;
   * `name` is the primary (romanised) name every character has.
   */
  names: jsonb('names').$type<StoredTexts>().notNull().default({}),
  descriptions: jsonb('descriptions').$type<StoredTexts>().notNull().default({}),
  /** searchKeys of every name (primary, alternative, per language); null until first computed. */
  searchKey: text('search_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A character may appear in several anime. */
export const animeCharacters = catalogue.table(
  'anime_characters',
  {
    animeId: integer('anime_id')
      .notNull()
      .references(() => anime.id, { onDelete: 'cascade' }),
    characterId: integer('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.animeId, t.characterId] }),
    index('anime_characters_character_idx').on(t.characterId),
  ],
);

/** Ranks from E (lowest, sortOrder 0) to X (highest). */
export const ranks = catalogue.table('ranks', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  /** The title per language (en, ru, ja); `title` is the primary one (rules §68). */
  titles: jsonb('titles').$type<StoredTexts>().notNull().default({}),
  color: text('color').notNull().default('#9e9e9e'),
  imageUrl: text('image_url'),
  /** Compared with a card's rarityScore by automatic rank assignment; null = no threshold. */
  threshold: doublePrecision('threshold'),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** A season runs from its start date to its end date, both included. */
export const seasons = catalogue.table(
  'seasons',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
  },
  (t) => [check('seasons_dates_in_order', sql`${t.startDate} <= ${t.endDate}`)],
);

export const cards = catalogue.table(
  'cards',
  {
    id: serial('id').primaryKey(),
    characterId: integer('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    rankId: integer('rank_id')
      .notNull()
      .references(() => ranks.id, { onDelete: 'restrict' }),
    seasonId: integer('season_id').references(() => seasons.id, { onDelete: 'set null' }),
    limited: boolean('limited').notNull().default(false),
    /** Optional custom art; the rendered image is served at /api/cards/{id}/image. */
    imageUrl: text('image_url'),
    rarityScore: doublePrecision('rarity_score').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A character's cards, optionally of one rank: the character list's card query and its
    // rank filter (`exists … where character_id = ? and rank_id = ?`) are index-only look-ups.
    index('cards_character_rank_idx').on(t.characterId, t.rankId),
    index('cards_rank_idx').on(t.rankId),
    index('cards_season_idx').on(t.seasonId),
  ],
);

/** Each rarity recalculation or rank update (requirements C3 "last recalculation stats"; rules §37). */
export const rarityRuns = catalogue.table(
  'rarity_runs',
  {
    id: serial('id').primaryKey(),
    /** auto (scheduled) or manual (an administrator). */
    type: text('type').notNull(),
    /** scores, smart or percentile. */
    method: text('method').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    result: jsonb('result').notNull(),
  },
  (t) => [index('rarity_runs_at_idx').on(t.at)],
);

/** A rank's threshold as a revision keeps it. */
export interface RevisionThreshold {
  id: number;
  code: string;
  threshold: number | null;
}

/**
 * Each rank update (smart, percentile, force-fix) and each undo (rules, rank revisions): the
 * thresholds before and after, and every card it moved with its rank before and after (parallel
 * arrays), so the update can be undone exactly. An undone revision names the undo's revision.
 */
export const rankRevisions = catalogue.table(
  'rank_revisions',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The administrator (null: the system). */
    actorId: integer('actor_id'),
    /** smart, percentile, force-fix or undo. */
    kind: text('kind').$type<'smart' | 'percentile' | 'force-fix' | 'undo'>().notNull(),
    /** For an undo: the revision it undid. */
    undoOf: integer('undo_of'),
    thresholdsBefore: jsonb('thresholds_before').$type<RevisionThreshold[]>().notNull(),
    thresholdsAfter: jsonb('thresholds_after').$type<RevisionThreshold[]>().notNull(),
    cardIds: integer('card_ids').array().notNull(),
    ranksBefore: integer('ranks_before').array().notNull(),
    ranksAfter: integer('ranks_after').array().notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: integer('undone_by'),
    /** The undo's own revision. */
    undoneIn: integer('undone_in'),
  },
  (t) => [index('rank_revisions_at_idx').on(t.at)],
);

/** Card ids per rarity_history row: block = card id / RARITY_HISTORY_BLOCK. */
export const RARITY_HISTORY_BLOCK = 1000;
/**
 * Every change of a card's rarityScore, for its history (rules §37). Append-only, one row per
 * write and per block of RARITY_HISTORY_BLOCK card ids: the changed cards of the block and their
 * new scores as parallel arrays (a run changing 80,000 scores writes ~80 rows, not 80,000).
 */
export const rarityHistory = catalogue.table(
  'rarity_history',
  {
    block: integer('block').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    cardIds: integer('card_ids').array().notNull(),
    scores: doublePrecision('scores').array().notNull(),
  },
  (t) => [index('rarity_history_block_idx').on(t.block, t.at)],
);

export const outbox = outboxTable(catalogue);
export const processedMessages = processedMessagesTable(catalogue);
