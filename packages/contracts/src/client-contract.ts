import type { z } from 'zod';
import type {
  adminCardInputSchema,
  adminCharacterListItemSchema,
  adminCharacterSchema,
  adminFranchiseSchema,
  adminRankSchema,
  adminSeasonSchema,
  autoUpdateAnswerSchema,
  forceFixAnswerSchema,
  importMatchAnswerSchema,
  importMatchRequestSchema,
  likesAnalysisAnswerSchema,
  RankUpdateMethod,
  rankAnalysisAnswerSchema,
  rankPreviewSchema,
  rankRevisionListSchema,
  rankUndoSchema,
  rarityRecalcStatsSchema,
  rarityRunSchema,
} from './admin-catalogue';
import type {
  adminAnimeExistsSchema,
  adminAnimeSchema,
  adminBulkAddAllAnimeSchema,
  adminBulkAddAnimeSchema,
  adminCardSchema,
  adminDoneSchema,
  adminFranchiseExistsSchema,
  changeLanguageAnswerSchema,
} from './admin-catalogue-answers';
import type {
  adminCacheCleanupResponseSchema,
  adminCacheClearResponseSchema,
  adminCacheStatsResponseSchema,
  channelCheckSchema,
  languageSummaryListSchema,
  logActionOptionsSchema,
  logCategoryOptionsSchema,
  logListSchema,
  logStatsSchema,
  newsInputSchema,
  newsListSchema,
  relayRunListSchema,
  SettingKey,
  settingAnswerSchema,
  settingSaveSchema,
  translationsAnswerSchema,
  translationsSavedSchema,
} from './admin-ops';
import type { adminLevelBodySchema, adminLevelResultSchema, adminUserSchema } from './admin-users';
import type {
  animeIndexStatusSchema,
  animeSchema,
  animeSearchAnswerSchema,
  apiStatusSchema,
} from './anime-search';
import type { animeCardsSchema, animeListSchema, characterListSchema, rankListSchema } from './catalogue';
import type { featuredCardsSchema } from './featured';
import type {
  adminInventoryListSchema,
  collectionVisibilitySchema,
  collectorSchema,
  inventoryListSchema,
  inventoryStatsSchema,
  likeResultSchema,
  likesSchema,
  ownerListSchema,
} from './inventory';
import type { serviceMapSchema } from './service-map';
import type { homeStatsSchema } from './stats';
import type {
  createTradeBodySchema,
  provenanceSchema,
  TradeAction,
  TradeStatus,
  tradeableCopySchema,
  tradeCleanupSchema,
  tradeListSchema,
  tradeSchema,
  tradeStatsSchema,
} from './trades';
import type { meSchema, publicUserListSchema } from './users';
import type {
  collectorWishlistSchema,
  wishAddedSchema,
  wishlistSchema,
  wishRemovedSchema,
  wishSettingsSchema,
  wishStatsSchema,
} from './wishlist';

/**
 * The HTTP contract between the web client and the server, as types only: for every route the
 * web calls, keyed "METHOD path" (the route table's path, `:name` for a parameter), what goes in
 * (params, query, body) and what comes back (the answer's JSON body, from the routes' own zod
 * schemas). The web's typed client (web/src/api/client.ts) takes its types from here with
 * `import type`, so the browser bundle carries no schema; the compiler checks every call's path,
 * parameters and use of the answer.
 *
 * A query's values are what the URL carries; `undefined` leaves a parameter out.
 */
type Out<S extends z.ZodType> = z.output<S>;
type In<S extends z.ZodType> = z.input<S>;
type Id = { id: number };
type QueryValue = string | number | boolean | undefined;

interface Route {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  response: unknown;
}

export interface ClientRoutes {
  // --- member pages (requirements M) ---
  'GET /api/stats': { response: Out<typeof homeStatsSchema> };
  'GET /api/cards/featured': { response: Out<typeof featuredCardsSchema> };
  'GET /api/news': { query: { includeUnpublished?: '1' }; response: Out<typeof newsListSchema> };
  'GET /api/characters': {
    query: { limit?: number; after?: number; anime_id?: string; rank_code?: string; q?: string };
    response: Out<typeof characterListSchema>;
  };
  'GET /api/ranks': { response: Out<typeof rankListSchema> };
  'GET /api/anime': { response: Out<typeof animeListSchema> };
  'GET /api/cards/:cardId/likes': { params: { cardId: number }; response: Out<typeof likesSchema> };
  'POST /api/cards/:cardId/like': {
    params: { cardId: number };
    body: Record<string, never>;
    response: Out<typeof likeResultSchema>;
  };
  'GET /api/inventory': { query: { card_id: number }; response: Out<typeof ownerListSchema> };
  'GET /api/me': { response: Out<typeof meSchema> };
  'GET /api/inventory/my': { response: Out<typeof inventoryListSchema> };
  'GET /api/inventory/stats': { response: Out<typeof inventoryStatsSchema> };
  'POST /auth/shikimori/unlink': { body: Record<string, never>; response: unknown };
  'GET /api/status': { response: Out<typeof apiStatusSchema> };
  'GET /api/anime/search': { query: { q: string }; response: Out<typeof animeSearchAnswerSchema> };
  'GET /api/anime/:animeId/details': { params: { animeId: string }; response: Out<typeof animeSchema> };
  'GET /api/anime/:animeId/cards': { params: { animeId: string }; response: Out<typeof animeCardsSchema> };
  'POST /change-language/:lang': {
    params: { lang: string };
    body: Record<string, never>;
    response: Out<typeof changeLanguageAnswerSchema>;
  };

  // --- trades ---
  'GET /trade/api/my': { query: { status: TradeStatus }; response: Out<typeof tradeSchema>[] };
  'POST /trade/api': { body: In<typeof createTradeBodySchema>; response: Out<typeof tradeSchema> };
  'POST /trade/api/:id/:action': {
    params: { id: number; action: TradeAction };
    body: Record<string, never>;
    response: unknown;
  };
  'GET /api/users': { query: { q?: string; limit?: number }; response: Out<typeof publicUserListSchema> };
  'GET /api/collectors/:id': { params: Id; response: Out<typeof collectorSchema> };
  'GET /api/inventory/visibility': { response: Out<typeof collectionVisibilitySchema> };
  'PUT /api/inventory/visibility': {
    body: In<typeof collectionVisibilitySchema>;
    response: Out<typeof collectionVisibilitySchema>;
  };
  'GET /api/inventory/tradeable': { query: { user_id: number }; response: Out<typeof tradeableCopySchema>[] };
  // --- wishlists (rules §67) ---
  'GET /api/wishlist': { response: Out<typeof wishlistSchema> };
  'PUT /api/wishlist/settings': {
    body: In<typeof wishSettingsSchema>;
    response: Out<typeof wishSettingsSchema>;
  };
  'PUT /api/wishlist/:characterId': {
    params: { characterId: number };
    body: Record<string, never>;
    response: Out<typeof wishAddedSchema>;
  };
  'DELETE /api/wishlist/:characterId': {
    params: { characterId: number };
    response: Out<typeof wishRemovedSchema>;
  };
  'GET /api/collectors/:id/wishlist': { params: Id; response: Out<typeof collectorWishlistSchema> };
  'GET /api/inventory/:id/history': { params: Id; response: Out<typeof provenanceSchema> };
  'GET /trade/api/admin/stats': { response: Out<typeof tradeStatsSchema> };
  'GET /trade/api/admin/all': {
    query: { limit: number; offset: number; status?: string };
    response: Out<typeof tradeListSchema>;
  };
  'POST /trade/api/admin/cleanup': { body: Record<string, never>; response: Out<typeof tradeCleanupSchema> };

  // --- users, logs, cache, news (requirements O) ---
  'GET /admin/users': {
    query: { sort: string; order: 'asc' | 'desc'; limit: number; offset: number; q?: string; level?: number };
    response: Out<typeof adminUserSchema>[];
  };
  'GET /admin/users/:id': { params: Id; response: Out<typeof adminUserSchema> };
  'POST /admin/users/:id/adminLevel': {
    params: Id;
    body: In<typeof adminLevelBodySchema>;
    response: Out<typeof adminLevelResultSchema>;
  };
  'GET /admin/users/:id/inventory': { params: Id; response: Out<typeof adminInventoryListSchema> };
  'GET /admin/users/:id/trades': { params: Id; response: Out<typeof tradeSchema>[] };
  'GET /admin/logs': { query: Record<string, string>; response: Out<typeof logListSchema> };
  'GET /admin/logs/stats': { response: Out<typeof logStatsSchema> };
  'GET /admin/logs/categories': { response: Out<typeof logCategoryOptionsSchema> };
  'GET /admin/logs/actions': { response: Out<typeof logActionOptionsSchema> };
  'GET /api/admin/cache/stats': { response: Out<typeof adminCacheStatsResponseSchema> };
  'GET /api/admin/service-map': { response: Out<typeof serviceMapSchema> };
  'POST /api/admin/cache/clear': {
    body: Record<string, never>;
    response: Out<typeof adminCacheClearResponseSchema>;
  };
  'POST /api/admin/cache/cleanup': {
    body: Record<string, never>;
    response: Out<typeof adminCacheCleanupResponseSchema>;
  };
  'POST /api/admin/news': { body: In<typeof newsInputSchema>; response: unknown };
  'GET /api/config/:key': { params: { key: SettingKey }; response: Out<typeof settingAnswerSchema> };
  'POST /api/admin/config': { body: In<typeof settingSaveSchema>; response: Out<typeof settingAnswerSchema> };
  'GET /api/admin/discord/check-channel/:id': {
    params: { id: string };
    response: Out<typeof channelCheckSchema>;
  };
  'GET /api/admin/vk/runs': { response: Out<typeof relayRunListSchema> };
  'GET /api/i18n': { response: Out<typeof languageSummaryListSchema> };
  'GET /api/i18n/:lang': { params: { lang: string }; response: Out<typeof translationsAnswerSchema> };
  /** A language's whole translations object (`{}` creates the language). */
  'POST /admin/i18n': {
    query: { lang: string };
    body: Record<string, unknown>;
    response: Out<typeof translationsSavedSchema>;
  };
  'GET /api/admin/anime-search/status': { response: Out<typeof animeIndexStatusSchema> };
  'PUT /api/admin/news/:id': { params: Id; body: In<typeof newsInputSchema>; response: unknown };
  'DELETE /api/admin/news/:id': { params: Id; response: unknown };

  // --- admin catalogue (requirements C7) ---
  'GET /admin/franchises': { response: Out<typeof adminFranchiseSchema>[] };
  'POST /admin/franchises': { body: { title: string }; response: Out<typeof adminFranchiseSchema> };
  'PATCH /admin/franchises/:id': {
    params: Id;
    body: { title: string };
    response: Out<typeof adminFranchiseSchema>;
  };
  'DELETE /admin/franchises/:id': { params: Id; response: Out<typeof adminDoneSchema> };
  'GET /admin/franchises/search': { query: { q: string }; response: Out<typeof adminFranchiseSchema>[] };
  'GET /admin/franchises/check-exists': {
    query: { title: string };
    response: Out<typeof adminFranchiseExistsSchema>;
  };
  'GET /admin/animes': { response: Out<typeof adminAnimeSchema>[] };
  'POST /admin/animes': {
    body: {
      title: string;
      shikimoriId: number | null;
      anilistId: number | null;
      franchise_id: number | null;
    };
    response: Out<typeof adminAnimeSchema>;
  };
  'DELETE /admin/animes/:id': { params: Id; response: Out<typeof adminDoneSchema> };
  'GET /admin/animes/check-exists': {
    query: { shikimoriId?: number; title?: string };
    response: Out<typeof adminAnimeExistsSchema>;
  };
  'POST /admin/animes/quick-add': {
    body: {
      franchiseId: number | null;
      createFranchise: boolean;
      shikimoriId?: number;
      anilistId?: number;
      title?: string;
    };
    response: unknown;
  };
  'GET /admin/characters': {
    query: { animeId?: number; limit?: number };
    response: Out<typeof adminCharacterListItemSchema>[];
  };
  'POST /admin/characters': {
    body: {
      name: string;
      shikimoriId: number | null;
      anilistId: number | null;
      description: string;
      imageUrl: string;
    };
    response: Out<typeof adminCharacterSchema>;
  };
  'POST /admin/characters/import-matches': {
    body: In<typeof importMatchRequestSchema>;
    response: Out<typeof importMatchAnswerSchema>;
  };
  'PATCH /admin/characters/:id': {
    params: Id;
    body: Partial<{
      name: string;
      altname: string;
      shikimoriId: number | null;
      anilistId: number | null;
      description: string;
      imageUrl: string;
    }>;
    response: unknown;
  };
  'DELETE /admin/characters/:id': { params: Id; response: Out<typeof adminDoneSchema> };
  'POST /admin/characters/delete-bulk': { body: { ids: number[] }; response: unknown };
  'GET /admin/ranks': { response: Out<typeof adminRankSchema>[] };
  'POST /admin/ranks': {
    body: { code: string; title: string; imageUrl: string | null; threshold: number | null };
    response: Out<typeof adminRankSchema>;
  };
  'DELETE /admin/ranks/:id': { params: Id; response: Out<typeof adminDoneSchema> };
  'PATCH /admin/ranks/:id': {
    params: Id;
    body: { code?: string; title?: string; imageUrl?: string | null; threshold?: number | null };
    response: Out<typeof adminRankSchema>;
  };
  'GET /admin/seasons': { response: Out<typeof adminSeasonSchema>[] };
  'POST /admin/seasons': {
    body: { title: string; startDate: string; endDate: string };
    response: Out<typeof adminSeasonSchema>;
  };
  'DELETE /admin/seasons/:id': { params: Id; response: Out<typeof adminDoneSchema> };
  'PATCH /admin/seasons/:id': {
    params: Id;
    body: { title?: string; startDate?: string; endDate?: string };
    response: Out<typeof adminSeasonSchema>;
  };
  // --- rarity and the rank updates (requirements C7 "Rarity"; rank previews and revisions) ---
  'GET /admin/cards/rarity-recalc-stats': { response: Out<typeof rarityRecalcStatsSchema> };
  'POST /admin/cards/recalculate-rarity': {
    body: Record<string, never>;
    response: Out<typeof rarityRunSchema>;
  };
  'POST /admin/ranks/preview': {
    body: { method: RankUpdateMethod };
    response: Out<typeof rankPreviewSchema>;
  };
  'POST /admin/ranks/auto-update': {
    body: { method: 'smart' | 'percentile'; previewToken?: string };
    response: Out<typeof autoUpdateAnswerSchema>;
  };
  'POST /admin/ranks/force-fix-thresholds': {
    body: { previewToken?: string };
    response: Out<typeof forceFixAnswerSchema>;
  };
  'GET /admin/ranks/analysis': { response: Out<typeof rankAnalysisAnswerSchema> };
  'GET /admin/ranks/likes-analysis': { response: Out<typeof likesAnalysisAnswerSchema> };
  'GET /admin/rarity/wishes': { response: Out<typeof wishStatsSchema> };
  'GET /admin/ranks/revisions': { response: Out<typeof rankRevisionListSchema> };
  'POST /admin/ranks/revisions/:id/undo': {
    params: Id;
    body: Record<string, never>;
    response: Out<typeof rankUndoSchema>;
  };
  'GET /admin/cards': { response: Out<typeof adminCardSchema>[] };
  'POST /admin/cards': { body: AdminCardBody; response: unknown };
  'POST /admin/cards/bulk': { body: { cards: AdminCardBody[] }; response: unknown };
  'POST /admin/cards/bulk-add-anime': {
    body: { anime_id: number; rank_id: number; season_id: number | null };
    response: Out<typeof adminBulkAddAnimeSchema>;
  };
  'POST /admin/cards/bulk-add-all-anime': {
    body: { rank_id: number; season_id: number | null };
    response: Out<typeof adminBulkAddAllAnimeSchema>;
  };
  'PATCH /admin/cards/:id': { params: Id; body: { rank_id: number }; response: unknown };
  'DELETE /admin/cards/:id': { params: Id; response: Out<typeof adminDoneSchema> };
}

/** A card to create (POST /admin/cards, and each of POST /admin/cards/bulk), as the form sends it. */
export type AdminCardBody = z.input<typeof adminCardInputSchema>;

export type ClientRoute = keyof ClientRoutes;
/** The routes answering a GET: what the data layer reads (and caches). */
export type ClientReadRoute = Extract<ClientRoute, `GET ${string}`>;
/** The routes that change something: what the data layer's mutations send. */
export type ClientWriteRoute = Exclude<ClientRoute, ClientReadRoute>;
export type RouteResponse<K extends ClientRoute> = ClientRoutes[K]['response'];

// Every entry has the shape of a Route (checked here, once, by the compiler).
type Check<T extends Record<string, Route>> = T;
export type ClientRoutesChecked = Check<{ [K in ClientRoute]: ClientRoutes[K] }>;
