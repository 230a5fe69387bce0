import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgSchema, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { IndexedAnilist, IndexedShikimori } from '../index/records';

/** The anime index (issue 24), in the service's own schema; pg_trgm and unaccent live there too. */
const animeSearch = pgSchema('anime-search');

/**
 * One anime as both sites know it. `key` joins them: `mal:<MyAnimeList id>` (Shikimori's ids are
 * MyAnimeList's, AniList gives `idMal`), or `al:<AniList id>` for an AniList entry without one.
 * Each site's answer is kept whole (decoded text, missing posters as null) with when it was read.
 */
export const anime = animeSearch.table(
  'anime',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    malId: integer('mal_id'),
    shikimoriId: integer('shikimori_id').unique(),
    anilistId: integer('anilist_id').unique(),
    shikimori: jsonb('shikimori').$type<IndexedShikimori>(),
    anilist: jsonb('anilist').$type<IndexedAnilist>(),
    /** When the site's list fields (titles, kind, year, status, episodes, score, poster) were read. */
    shikimoriAt: timestamp('shikimori_at', { withTimezone: true }),
    anilistAt: timestamp('anilist_at', { withTimezone: true }),
    /** When the site's detail fields (description, genres, every title) were read. */
    shikimoriDetailAt: timestamp('shikimori_detail_at', { withTimezone: true }),
    anilistDetailAt: timestamp('anilist_detail_at', { withTimezone: true }),
    /** Ranking: AniList's popularity (members) where known. */
    popularity: integer('popularity').notNull().default(0),
    /** The oldest of the sites' reads: the background refresh takes the oldest first. */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('anime_refreshed_idx').on(t.refreshedAt)],
);

/**
 * Every title of an anime (every language, synonyms, and a Latin transliteration of Cyrillic and
 * kana ones), searched by trigram similarity: `norm` is the title unaccented and lower-cased.
 */
export const animeTitles = animeSearch.table(
  'anime_titles',
  {
    animeId: integer('anime_id')
      .notNull()
      .references(() => anime.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    norm: text('norm').notNull().generatedAlwaysAs(sql`immutable_unaccent(lower(title))`),
  },
  (t) => [
    primaryKey({ columns: [t.animeId, t.title] }),
    index('anime_titles_norm_trgm_idx').using('gin', t.norm.op('gin_trgm_ops')),
  ],
);

/** What members search: how often, and when each site was last asked that text. */
export const searches = animeSearch.table(
  'searches',
  {
    query: text('query').primaryKey(),
    hits: integer('hits').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
    shikimoriAt: timestamp('shikimori_at', { withTimezone: true }),
    anilistAt: timestamp('anilist_at', { withTimezone: true }),
  },
  (t) => [index('searches_hits_idx').on(t.hits)],
);

/** When the background fill last read each page of a site's lists (kept with the index it filled). */
export const listReads = animeSearch.table('list_reads', {
  list: text('list').primaryKey(),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tables = { anime, animeTitles, searches, listReads };
