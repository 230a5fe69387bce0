import { outboxTable, processedMessagesTable } from '@acg/platform/tables';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Admin's own schema (not exported: migrate() creates it). */
const admin = pgSchema('admin');

/**
 * The audit log (requirements O2.3): one row per `audit.recorded` event, written by the idempotent
 * consumer only. Append-only: a trigger (migration 0001) refuses UPDATE, DELETE and TRUNCATE,
 * and no code path issues them. `created_at` is when the change happened (the event's time).
 */
export const auditLog = admin.table(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull().unique(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    service: text('service').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // Ascending, so a backward scan gives the list's `created_at desc, id desc` (its default) and a
  // forward one the oldest-first sort; a DESC NULLS LAST index would serve neither.
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_category_idx').on(t.category, t.createdAt, t.id),
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt, t.id),
  ],
);

/**
 * Rows of the audit log per day (UTC), category and action, kept by a statement trigger on
 * audit_log inserts (migration 0001), so counting a million rows sums a few thousand buckets:
 * the list's `count`, the stats and the action counts read them (repository/audit-log.ts).
 */
export const auditCounts = admin.table(
  'audit_counts',
  {
    day: timestamp('day', { withTimezone: true, mode: 'date' }).notNull(),
    category: text('category').notNull(),
    action: text('action').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.category, t.action] }),
    index('audit_counts_action_idx').on(t.action),
  ],
);

/** Users as auth announces them (user.* events): names and Discord ids for the log. */
export const users = admin.table(
  'users',
  {
    id: integer('id').primaryKey(),
    username: text('username').notNull(),
    discordId: text('discord_id').notNull(),
    avatar: text('avatar'),
    adminLevel: integer('admin_level').notNull().default(0),
    asOf: timestamp('as_of', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('users_discord_idx').on(t.discordId)],
);

/** News items (requirements O2.4, O3). */
export const news = admin.table(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    type: text('type').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** The item in other languages: { "<lang>": { title, content } } (rules §29). */
    translations: jsonb('translations')
      .$type<Record<string, { title: string; content: string }>>()
      .notNull()
      .default({}),
    published: boolean('published').notNull().default(false),
    authorId: integer('author_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('news_published_idx').on(t.published, t.createdAt.desc()),
    check('news_type', sql`${t.type} in ('update', 'changelog', 'announcement', 'info')`),
  ],
);

/** One nested translations object per language (requirements O2.6); `version` feeds the ETag. */
export const translations = admin.table('translations', {
  lang: text('lang').primaryKey(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Settings by key (requirements O3): vk.token, vk.discordChannelId, vk.groups, … */
export const settings = admin.table('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  description: text('description'),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * VK posts the relay has claimed, one row per wall post (owner and post id: the primary key).
 * A run claims a post (commits the row) before posting it, so no other run or replica posts it;
 * `state` is `claimed` until Discord answers, then `posted` (with the message id) or `failed`.
 */
export const relayPosts = admin.table(
  'relay_posts',
  {
    ownerId: text('owner_id').notNull(),
    postId: integer('post_id').notNull(),
    channelId: text('channel_id').notNull(),
    state: text('state').notNull(),
    attempts: integer('attempts').notNull().default(0),
    messageId: text('message_id'),
    lastError: text('last_error'),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.postId] }),
    check('relay_posts_state', sql`${t.state} in ('claimed', 'posted', 'failed')`),
  ],
);

/** One row per relay run, for the settings screen. */
export const relayRuns = admin.table('relay_runs', {
  id: serial('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  trigger: text('trigger').notNull(),
  posted: integer('posted').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  errors: jsonb('errors').$type<string[]>().notNull().default([]),
});

export const outbox = outboxTable(admin);
export const processedMessages = processedMessagesTable(admin);
