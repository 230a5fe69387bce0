import { outboxTable, processedMessagesTable } from '@acg/platform';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgSchema, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The auth service's tables, in its own PostgreSQL schema. The pgSchema object is not exported:
 * drizzle-kit would otherwise emit CREATE SCHEMA, and the platform's migrate() creates it itself.
 */
const auth = pgSchema('auth');
/** A language code (contracts' LANGUAGE_CODE): en, ru or a language added in the admin area. */
const languageColumn = (name: string) => text(name);
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A member, identified by their Discord account (requirements M3, requirements O3). */
export const users = auth.table(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    discordId: text('discord_id').notNull().unique(),
    username: text('username').notNull(),
    /** Discord's `global_name`, the display name a member set; null when they set none. */
    globalName: text('global_name'),
    discriminator: text('discriminator'),
    /** Discord avatar hash; the URL is built from discordId and this hash. */
    avatar: text('avatar'),
    email: text('email'),
    level: integer('level').notNull().default(0),
    adminLevel: integer('admin_level').notNull().default(0),
    language: languageColumn('language').notNull().default('en'),
    shikimoriId: integer('shikimori_id'),
    shikimoriNickname: text('shikimori_nickname'),
    shikimoriAvatar: text('shikimori_avatar'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('users_username_idx').on(t.username),
    check('users_admin_level_range', sql`${t.adminLevel} between 0 and 4`),
    // One Shikimori account links to one member.
    uniqueIndex('users_shikimori_id_key').on(t.shikimoriId),
  ],
);

/**
 * Sessions of the PostgreSQL session store (the embedded mode; Redis holds them in production).
 * Only a SHA-256 hash of the session id is stored, so a leaked table cannot be replayed.
 */
export const sessions = auth.table(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    /** Null for an anonymous visitor who only chose a language. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    language: languageColumn('language').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Sign-ins in progress: the OAuth state and PKCE verifier, found by the hash of a short-lived
 * cookie so the callback can tell the response belongs to the browser that started it.
 */
export const oauthStates = auth.table(
  'oauth_states',
  {
    loginHash: text('login_hash').primaryKey(),
    provider: text('provider', { enum: ['discord', 'shikimori'] }).notNull(),
    /** Who started it, for a link to another site (Shikimori); null for a sign-in. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** The same-site path to send the visitor back to (checked by domain/return-to before it is stored). */
    returnTo: text('return_to').notNull().default('/'),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);

export const outbox = outboxTable(auth);
export const processedMessages = processedMessagesTable(auth);

export type UserRow = typeof users.$inferSelect;
