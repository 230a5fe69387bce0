import { z } from 'zod';
import { cursor, id, idNumber, int4, safeString } from './fields';
import { defineEvent, defineRpc } from './messaging';

/**
 * Catalogue shapes (requirements M3, M7; requirements C3). Field names follow the spec exactly, including
 * its mixed conventions (`Cards`, `Rank`, `Character` are capitalised associations).
 */

/**
 * A text per language (en, ru, ja; @acg/i18n NAME_LANGUAGES), languages without one left out. A
 * page shows `localize(texts, language, primary)` (rules §57 "One language at a time").
 */
export const localizedSchema = z.object({
  en: z.string().optional(),
  ru: z.string().optional(),
  ja: z.string().optional(),
});
export type LocalizedTexts = z.infer<typeof localizedSchema>;

/** Rank as the member area sees it. Ranks go from E (lowest) to X (highest) by sortOrder. */
export const rankSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  /**
   * The title per language (additive; answers cached before it came read as none); `title` is
   * the primary one, shown where no language fits.
   */
  titles: localizedSchema.default({}),
  color: z.string(),
  imageUrl: z.string().nullable(),
  threshold: z.number().nullable(),
  sortOrder: z.number().int(),
});
export type Rank = z.infer<typeof rankSchema>;
export const rankListSchema = z.array(rankSchema);
/** The rank as nested in a card. */
export const cardRankSchema = rankSchema.pick({
  code: true,
  title: true,
  titles: true,
  color: true,
  imageUrl: true,
});

export { CARD_IMAGE_WIDTHS } from './card-image';

/**
 * GET /api/anime: the filter list (id, title), plus the external ids, the title per language
 * and how many cards the anime's characters have (the profile's completion bars), all additive.
 */
export const animeListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  shikimoriId: z.number().int().nullable(),
  anilistId: z.number().int().nullable(),
  titles: localizedSchema,
  cardCount: z.number().int(),
});
export const animeListSchema = z.array(animeListItemSchema);

/** A card inside a character (GET /api/characters). */
export const characterCardSchema = z.object({
  id: z.number().int(),
  imageUrl: z.string().nullable(),
  limited: z.boolean(),
  seasonId: z.number().int().nullable(),
  Rank: cardRankSchema,
});
export type CharacterCard = z.infer<typeof characterCardSchema>;

export const characterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  altname: z.string().nullable(),
  description: z.string().nullable(),
  /** The name and description per language (additive); `name` and `description` are the primary ones. */
  names: localizedSchema,
  descriptions: localizedSchema,
  imageUrl: z.string().nullable(),
  shikimoriId: z.number().int().nullable(),
  anilistId: z.number().int().nullable(),
  Cards: z.array(characterCardSchema),
});
export type Character = z.infer<typeof characterSchema>;
export const characterListSchema = z.array(characterSchema);

/**
 * GET /api/characters?anime_id=&rank_code= — both optional. Additive paging: with `limit` the
 * answer is one page (still a plain list) ordered by id, `after` is the last id of the previous
 * page, and the X-Total-Count / X-Next-After headers describe the rest.
 */
export const charactersQuerySchema = z.object({
  anime_id: id().optional(),
  rank_code: safeString().min(1).max(8).optional(),
  limit: int4(1, 200).optional(),
  after: cursor().optional(),
  q: safeString().trim().max(100).optional(),
});
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const NEXT_AFTER_HEADER = 'x-next-after';

/** GET /api/anime/{animeId}/cards: every card of the anime, collected or not by the caller. */
export const animeCardSchema = z.object({
  id: z.number().int(),
  imageUrl: z.string().nullable(),
  limited: z.boolean(),
  collected: z.boolean(),
  character: z.object({ id: z.number().int(), imageUrl: z.string().nullable(), name: z.string() }),
  characterName: z.string(),
  rank: z.string(),
  Rank: cardRankSchema,
});
export const animeCardsSchema = z.object({
  cards: z.array(animeCardSchema),
  userProgress: z.object({ total: z.number().int(), collected: z.number().int() }),
});
export type AnimeCards = z.infer<typeof animeCardsSchema>;

/**
 * What other services know of a card: enough to list, render and grant it without asking
 * again. Carried by card events and returned by the card look-up and draw RPCs.
 */
export const cardSummarySchema = z.object({
  id: z.number().int(),
  characterId: z.number().int(),
  characterName: z.string(),
  characterAltname: z.string().nullable(),
  /** The character's name per language (additive; absent from older events). */
  characterNames: localizedSchema.optional(),
  /** The catalogue anime the character appears in, by id (additive; absent from older events). */
  animeIds: z.array(z.number().int()).optional(),
  characterImageUrl: z.string().nullable(),
  rankCode: z.string(),
  rankTitle: z.string(),
  /** The rank's title per language (additive; absent from older events). */
  rankTitles: localizedSchema.optional(),
  rankColor: z.string(),
  rankImageUrl: z.string().nullable(),
  rankOrder: z.number().int(),
  seasonId: z.number().int().nullable(),
  limited: z.boolean(),
  /** Custom art for this card; else the character's image is used. */
  imageUrl: z.string().nullable(),
  rarityScore: z.number(),
  /** Changes whenever anything above changes; image caches key on it. */
  version: z.string(),
});
export type CardSummary = z.infer<typeof cardSummarySchema>;

/** catalogue.cards.get: card summaries by id (missing ids are left out). */
export const cardsGet = defineRpc(
  'catalogue.cards.get',
  z.object({ ids: z.array(idNumber()).max(1000) }),
  z.object({ cards: z.array(cardSummarySchema) }),
);

/**
 * catalogue.cards.draw: one random card, first a rank by weight (weights per rank code; ranks
 * without a weight or without cards are never drawn), then a card of that rank uniformly.
 * Limited cards are only drawn while their season runs at `at` (default now).
 */
export const cardsDraw = defineRpc(
  'catalogue.cards.draw',
  z.object({ weights: z.record(z.string(), z.number().min(0)), at: z.string().optional() }),
  z.object({ card: cardSummarySchema.nullable() }),
);

/** How many of the catalogue's anime one catalogue.anime.external-ids answer lists at most. */
export const ANIME_IDS_PAGE = 500;

/**
 * catalogue.anime.external-ids: the catalogue's anime by their Shikimori and AniList ids, a page
 * at a time in catalogue id order after `afterId` (anime with neither id are left out).
 * anime-search asks for them to fill its anime index with the anime that matter to the game
 * (issue 24); `nextAfterId` is null on the last page.
 */
export const catalogueAnimeExternalIds = defineRpc(
  'catalogue.anime.external-ids',
  z.object({
    afterId: z.number().int().min(0),
    limit: z.number().int().min(1).max(ANIME_IDS_PAGE),
  }),
  z.object({
    anime: z.array(
      z.object({
        id: idNumber(),
        shikimoriId: idNumber().nullable(),
        anilistId: idNumber().nullable(),
      }),
    ),
    nextAfterId: z.number().int().nullable(),
  }),
);
/**
 * catalogue.cards.series: what a card image prints beside the summary (missing ids are left
 * out): the series its character comes from (the franchise of the character's first anime, else
 * that anime's title; null for a character in no anime) and, for a card of a season, the year
 * the season starts. Not in the summary, so editing an anime title never re-announces cards.
 */
export const cardsSeries = defineRpc(
  'catalogue.cards.series',
  z.object({ ids: z.array(idNumber()).max(1000) }),
  z.object({
    cards: z.array(
      z.object({
        id: z.number().int(),
        series: z.string().nullable(),
        /** The series' anime title per language, to print the series in the viewer's (additive). */
        seriesTitles: localizedSchema.optional(),
        seasonYear: z.number().int().nullable(),
      }),
    ),
  }),
);
export type CardSeries = z.infer<typeof cardsSeries.response>['cards'][number];

export const cardCreated = defineEvent('card.created', cardSummarySchema);
export const cardUpdated = defineEvent('card.updated', cardSummarySchema);
export const cardDeleted = defineEvent('card.deleted', z.object({ id: z.number().int() }));

/** At most this many cards in one cards.updated event (about 150 KB, well under NATS's 1 MB). */
export const CARDS_UPDATED_BATCH = 500;
/**
 * cards.updated: many cards created or changed at once (a bulk add of thousands of cards, a rarity
 * run moving cards between ranks), as one event per up to CARDS_UPDATED_BATCH summaries instead
 * of one card.created / card.updated each. Each summary means exactly what a card.updated would,
 * which for a card not seen yet is what a card.created would (rules §36, §37).
 */
export const cardsUpdated = defineEvent(
  'cards.updated',
  z.object({ cards: z.array(cardSummarySchema).min(1).max(CARDS_UPDATED_BATCH) }),
);

/** At most this many cards in one cards.rescored event (about 130 KB of JSON). */
export const CARDS_RESCORED_BATCH = 10_000;
/**
 * cards.rescored: a rarity run changed these cards' rarityScore and nothing else about them, as
 * parallel lists (`scores[i]` is card `ids[i]`'s new score), up to CARDS_RESCORED_BATCH cards an
 * event. A score is not part of a card's look, so its version is unchanged. A card whose rank
 * changed too goes out in cards.updated instead (rules §37).
 */
export const cardsRescored = defineEvent(
  'cards.rescored',
  z
    .object({
      ids: z.array(z.number().int()).min(1).max(CARDS_RESCORED_BATCH),
      scores: z.array(z.number()).min(1).max(CARDS_RESCORED_BATCH),
    })
    .refine((d) => d.ids.length === d.scores.length, 'ids and scores must be as long as each other'),
);

/** One cache namespace's figures (requirements C3 "Cache namespace statistics"). */
export const cacheNamespaceStatsSchema = z.object({
  name: z.string(),
  keys: z.number().int(),
  hits: z.number().int(),
  misses: z.number().int(),
  hit_rate: z.number(),
});

/**
 * catalogue.cache-stats: the catalogue's cache namespaces (cards, characters, ranks, animes, …)
 * with their figures; the admin service's GET /api/admin/cache/stats shows them (requirements C7).
 */
export const catalogueCacheStats = defineRpc(
  'catalogue.cache-stats',
  z.object({}),
  z.object({
    namespaces: z.array(cacheNamespaceStatsSchema),
    /** Per-user figures of the catalogue's reads (requirements O3); absent from older replicas. */
    users: z.object({ users_tracked: z.number().int(), avg_user_hit_rate: z.number() }).optional(),
  }),
);

/** catalogue.cache-clear: empties the catalogue's cache namespaces (POST /api/admin/cache/clear). */
export const catalogueCacheClear = defineRpc(
  'catalogue.cache-clear',
  z.object({}),
  z.object({ namespaces: z.array(z.string()), keysRemoved: z.number().int() }),
);

/**
 * cache.cleared: the administrator cleared the server cache (published by the admin service with
 * the audit event, through its outbox). Every image-proxy process empties its in-memory hot tier
 * of ready image answers on it (rules §40, §41).
 */
export const cacheCleared = defineEvent(
  'cache.cleared',
  z.object({ namespaces: z.array(z.string()), keysRemoved: z.number().int() }),
);

/**
 * catalogue.cache-cleanup: removes expired entries and the per-user figures of users idle for a
 * day (POST /api/admin/cache/cleanup).
 */
export const catalogueCacheCleanup = defineRpc(
  'catalogue.cache-cleanup',
  z.object({}),
  z.object({ expiredRemoved: z.number().int(), usersForgotten: z.number().int() }),
);
