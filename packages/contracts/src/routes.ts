import { type ServiceName, system } from './system';

/**
 * Who may call a route.
 * - public: anyone (the service may still tailor the answer to a signed-in user);
 * - user: a signed-in user (401 otherwise);
 * - admin: adminLevel >= ADMIN_LEVEL (401 when signed out, 403 below the level).
 */
export type Access = 'public' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who answers a route: a service, or the gateway itself (the live event stream). */
export type RouteOwner = ServiceName | 'gateway';

export interface RouteSpec {
  method: Method;
  /** Fastify-style path: `:name` for a parameter, a trailing `*` for a wildcard. */
  path: string;
  service: RouteOwner;
  access: Access;
  /** Where the path is documented: the spec document, or `additive` for our own additions. */
  source: 'member' | 'catalogue-admin' | 'operations-admin' | 'additive';
  /** Largest request body in bytes the gateway lets through (DEFAULT_BODY_LIMIT unless set). */
  bodyLimit?: number;
  /**
   * The answer carries the caller's own data: sent with `Cache-Control: private, no-store`.
   * Admin routes always are (see isPersonal).
   */
  personal?: boolean;
  /**
   * The answer is the same for every caller the route admits and carries an ETag: the gateway
   * keeps a copy of a large one and revalidates it with the service on every request, sending
   * the copy on a 304 (rules §45). Never on a personal route.
   */
  revalidated?: boolean;
}

/** Request bodies are small JSON unless a route says otherwise (docs/rules.md). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** Bulk imports of the admin catalogue. */
export const BULK_BODY_LIMIT = 5 * 1024 * 1024;
const bulk = { bodyLimit: BULK_BODY_LIMIT };
const personal = { personal: true };
const revalidated = { revalidated: true };

/** Whoever answers the route runs in this build (the gateway always does). */
export const isOwnerBuilt = (route: RouteSpec): boolean =>
  route.service === 'gateway' || system[route.service].built;

export const bodyLimitOf = (route: RouteSpec): number => route.bodyLimit ?? DEFAULT_BODY_LIMIT;
/**
 * The body limit a service's own server must take at least: the largest of its routes, and never
 * under 1 MiB. A service refusing less than the gateway lets through would close the connection
 * mid-upload, which the gateway could only report as the service being unavailable.
 */
export const serviceBodyLimit = (service: string): number =>
  Math.max(1024 * 1024, ...routes.filter((r) => r.service === service).map(bodyLimitOf));

export const isPersonal = (route: RouteSpec): boolean => route.personal === true || route.access === 'admin';

/** Admin panel threshold (requirements C9, requirements O9). */
export const ADMIN_LEVEL = 3;
/** Level names by index (requirements M6). */
export const LEVEL_NAMES = ['User', 'Helper', 'Moderator', 'Administrator', 'Developer'] as const;
export const LEVEL_NAMES_RU = [
  'Пользователь',
  'Помощник',
  'Модератор',
  'Администратор',
  'Разработчик',
] as const;

const r = (
  method: Method,
  path: string,
  service: RouteOwner,
  access: Access,
  source: RouteSpec['source'],
  extra: Pick<RouteSpec, 'bodyLimit' | 'personal' | 'revalidated'> = {},
): RouteSpec => ({ method, path, service, access, source, ...extra });

/** Every documented path of the three spec documents, and the few we added, with its owner. */
export const routes: readonly RouteSpec[] = [
  // --- member area (requirements M) ---
  r('GET', '/auth/discord', 'auth', 'public', 'member', personal),
  r('GET', '/auth/discord/callback', 'auth', 'public', 'member', personal),
  r('GET', '/auth/logout', 'auth', 'public', 'member', personal),
  r('GET', '/auth/shikimori', 'auth', 'user', 'member', personal),
  r('GET', '/auth/shikimori/callback', 'auth', 'user', 'member', personal),
  r('POST', '/auth/shikimori/unlink', 'auth', 'user', 'additive', personal),
  r('POST', '/change-language/:lang', 'auth', 'public', 'member', personal),
  r('GET', '/api/users', 'auth', 'user', 'member', personal),
  r('GET', '/api/me', 'auth', 'public', 'additive', personal),
  r('GET', '/api/stats', 'catalogue', 'public', 'member'),
  r('GET', '/api/anime', 'catalogue', 'public', 'member'),
  r('GET', '/api/anime/:animeId/cards', 'catalogue', 'public', 'member', personal),
  r('GET', '/api/ranks', 'catalogue', 'public', 'member'),
  // A few cards for the home page of a visitor (issue 22 item 7): catalogue data only.
  r('GET', '/api/cards/featured', 'catalogue', 'public', 'additive'),
  r('GET', '/api/characters', 'catalogue', 'user', 'member', revalidated),
  r('GET', '/api/status', 'anime-search', 'public', 'member'),
  r('GET', '/api/anime/search', 'anime-search', 'public', 'member'),
  r('GET', '/api/anime/:animeId/details', 'anime-search', 'public', 'member'),
  r('GET', '/api/cards/:cardId/likes', 'inventory', 'user', 'member', personal),
  r('POST', '/api/cards/:cardId/like', 'inventory', 'user', 'member', personal),
  r('GET', '/api/inventory', 'inventory', 'user', 'member', personal),
  r('GET', '/api/inventory/my', 'inventory', 'user', 'member', personal),
  r('GET', '/api/inventory/stats', 'inventory', 'user', 'member', personal),
  r('GET', '/api/inventory/tradeable', 'inventory', 'user', 'additive', personal),
  r('GET', '/api/inventory/:id/history', 'inventory', 'user', 'additive', personal),
  // A collector's page /u/{id} and the owner's choice to hide their collection (rules §57).
  r('GET', '/api/collectors/:id', 'inventory', 'user', 'additive', personal),
  r('GET', '/api/inventory/visibility', 'inventory', 'user', 'additive', personal),
  r('PUT', '/api/inventory/visibility', 'inventory', 'user', 'additive', personal),
  // Wishlists (issue 25 items 2–4, rules §67).
  r('GET', '/api/wishlist', 'inventory', 'user', 'additive', personal),
  r('PUT', '/api/wishlist/settings', 'inventory', 'user', 'additive', personal),
  r('PUT', '/api/wishlist/:characterId', 'inventory', 'user', 'additive', personal),
  r('DELETE', '/api/wishlist/:characterId', 'inventory', 'user', 'additive', personal),
  r('GET', '/api/collectors/:id/wishlist', 'inventory', 'user', 'additive', personal),
  r('GET', '/api/cards/:cardId/image', 'image-proxy', 'public', 'member'),
  r('GET', '/api/proxy-image', 'image-proxy', 'public', 'member'),
  r('GET', '/trade/api/my', 'trades', 'user', 'member', personal),
  r('POST', '/trade/api', 'trades', 'user', 'member', personal),
  r('POST', '/trade/api/:id/:action', 'trades', 'user', 'member', personal),
  // The signed-in user's live event stream (Server-Sent Events), served by the gateway (rules §35).
  r('GET', '/api/events', 'gateway', 'user', 'additive', personal),
  // The OpenAPI document of this table, as JSON or a readable page (rules §46), served by the gateway.
  r('GET', '/api/docs', 'gateway', 'admin', 'additive'),
  // Each process's health, traffic, bus lag and outbox, read by the gateway (issue 26).
  r('GET', '/api/admin/service-map', 'gateway', 'admin', 'additive'),

  // --- admin catalogue (requirements C) ---
  r('GET', '/admin/cards', 'catalogue', 'admin', 'catalogue-admin'),
  r('POST', '/admin/cards', 'catalogue', 'admin', 'catalogue-admin'),
  r('POST', '/admin/cards/bulk', 'catalogue', 'admin', 'catalogue-admin', bulk),
  r('POST', '/admin/cards/bulk-add-anime', 'catalogue', 'admin', 'catalogue-admin', bulk),
  r('POST', '/admin/cards/bulk-add-all-anime', 'catalogue', 'admin', 'catalogue-admin', bulk),
  r('GET', '/admin/cards/rarity-recalc-stats', 'catalogue', 'admin', 'catalogue-admin'),
  r('POST', '/admin/cards/recalculate-rarity', 'catalogue', 'admin', 'catalogue-admin'),
  r('GET', '/admin/cards/:id/rarity-history', 'catalogue', 'admin', 'additive'),
  r('PATCH', '/admin/cards/:id', 'catalogue', 'admin', 'catalogue-admin'),
  r('DELETE', '/admin/cards/:id', 'catalogue', 'admin', 'catalogue-admin'),
  r('GET', '/admin/characters', 'catalogue', 'admin', 'catalogue-admin'),
  r('POST', '/admin/characters', 'catalogue', 'admin', 'catalogue-admin'),
  r('POST', '/admin/characters/bulk', 'catalogue', 'admin', 'catalogue-admin', bulk),
  r('POST', '/admin/characters/import-matches', 'catalogue', 'admin', 'additive', bulk),
  r('POST', '/admin/characters/delete-bulk', 'catalogue', 'admin', 'catalogue-admin'),
  r('PATCH', '/admin/characters/:id', 'catalogue', 'admin', 'catalogue-admin'),
  r('DELETE', '/admin/characters/:id', 'catalogue', 'admin', 'catalogue-admin'),
  r('GET', '/admin/franchises', 'catalogue', 'admin', 'catalogue-admin'),
  r('POST', '/admin/franchises', 'catalogue', 'admin', 'catalogue-admin'),
  r('GET', '/admin/franchises/search', 'catalogue', 'admin', 'catalogue-admin'),
  r('GET', '/admin/franchises/check-exists', 'catalogue', 'admin', 'catalogue-admin'),
  r('PATCH', '/admin/franchises/:id', 'catalogue', 'admin', 'catalogue-admin'),
  r('DELETE', '/admin/franchises/:id', 'catalogue', 'admin', 'catalogue-admin'),
  r('GET', '/admin/animes', 'catalogue', 'admin', 'catalogue-admin'),
  r('POST', '/admin/animes', 'catalogue', 'admin', 'catalogue-admin'),
  r('GET', '/admin/animes/check-exists', 'catalogue', 'admin', 'catalogue-admin'),
  r('POST', '/admin/animes/quick-add', 'catalogue', 'admin', 'catalogue-admin'),
  r('DELETE', '/admin/animes/:id', 'catalogue', 'admin', 'catalogue-admin'),
  r('GET', '/admin/ranks', 'catalogue', 'admin', 'catalogue-admin'),
  r('POST', '/admin/ranks', 'catalogue', 'admin', 'catalogue-admin'),
  r('POST', '/admin/ranks/auto-update', 'catalogue', 'admin', 'catalogue-admin'),
  r('GET', '/admin/ranks/analysis', 'catalogue', 'admin', 'catalogue-admin'),
  r('GET', '/admin/ranks/likes-analysis', 'catalogue', 'admin', 'catalogue-admin'),
  r('POST', '/admin/ranks/force-fix-thresholds', 'catalogue', 'admin', 'catalogue-admin'),
  r('POST', '/admin/ranks/preview', 'catalogue', 'admin', 'additive'),
  r('GET', '/admin/ranks/revisions', 'catalogue', 'admin', 'additive'),
  r('POST', '/admin/ranks/revisions/:id/undo', 'catalogue', 'admin', 'additive'),
  r('PATCH', '/admin/ranks/:id', 'catalogue', 'admin', 'additive'),
  r('DELETE', '/admin/ranks/:id', 'catalogue', 'admin', 'catalogue-admin'),
  r('GET', '/admin/seasons', 'catalogue', 'admin', 'catalogue-admin'),
  r('POST', '/admin/seasons', 'catalogue', 'admin', 'catalogue-admin'),
  r('DELETE', '/admin/seasons/:id', 'catalogue', 'admin', 'catalogue-admin'),
  r('PATCH', '/admin/seasons/:id', 'catalogue', 'admin', 'additive'),
  r('GET', '/admin/search/anime/combined', 'anime-search', 'admin', 'catalogue-admin'),
  r('GET', '/admin/shikimori/search/anime', 'anime-search', 'admin', 'catalogue-admin'),
  r('GET', '/admin/anilist/search/anime', 'anime-search', 'admin', 'catalogue-admin'),
  r('GET', '/admin/anilist/characters/:anilistId', 'anime-search', 'admin', 'catalogue-admin'),
  r('GET', '/admin/shikimori/anime/:shikimoriId/characters', 'anime-search', 'admin', 'catalogue-admin'),
  r('GET', '/admin/shikimori/characters/:id', 'anime-search', 'admin', 'catalogue-admin'),
  r('GET', '/api/admin/anime-search/status', 'anime-search', 'admin', 'additive'),

  // --- admin operations (requirements O) ---
  r('GET', '/admin/users', 'auth', 'admin', 'operations-admin'),
  r('GET', '/admin/users/:id', 'auth', 'admin', 'operations-admin'),
  r('POST', '/admin/users/:id/adminLevel', 'auth', 'admin', 'operations-admin'),
  r('GET', '/admin/users/:id/trades', 'trades', 'admin', 'operations-admin'),
  r('GET', '/admin/users/:id/inventory', 'inventory', 'admin', 'operations-admin'),
  r('GET', '/admin/rarity/wishes', 'inventory', 'admin', 'additive'),
  r('GET', '/admin/logs', 'admin', 'admin', 'operations-admin'),
  r('GET', '/admin/logs/stats', 'admin', 'admin', 'operations-admin'),
  r('GET', '/admin/logs/categories', 'admin', 'admin', 'operations-admin'),
  r('GET', '/admin/logs/actions', 'admin', 'admin', 'operations-admin'),
  r('GET', '/admin/logs/export', 'admin', 'admin', 'operations-admin'),
  r('POST', '/admin/i18n', 'admin', 'admin', 'operations-admin', bulk),
  r('GET', '/api/i18n/:lang', 'admin', 'public', 'additive'),
  r('GET', '/api/i18n', 'admin', 'public', 'additive'),
  r('GET', '/api/news', 'admin', 'public', 'operations-admin'),
  r('POST', '/api/admin/news', 'admin', 'admin', 'operations-admin'),
  r('PUT', '/api/admin/news/:id', 'admin', 'admin', 'operations-admin'),
  r('DELETE', '/api/admin/news/:id', 'admin', 'admin', 'operations-admin'),
  r('GET', '/api/config/:key', 'admin', 'admin', 'operations-admin'),
  r('POST', '/api/admin/config', 'admin', 'admin', 'operations-admin'),
  r('GET', '/api/admin/discord/check-channel/:id', 'admin', 'admin', 'operations-admin'),
  r('GET', '/api/admin/vk/runs', 'admin', 'admin', 'additive'),
  r('POST', '/api/admin/vk/run', 'admin', 'admin', 'additive'),
  r('GET', '/api/news/feed.xml', 'admin', 'public', 'additive'),
  r('GET', '/api/admin/cache/stats', 'admin', 'admin', 'operations-admin'),
  r('POST', '/api/admin/cache/clear', 'admin', 'admin', 'additive'),
  r('POST', '/api/admin/cache/cleanup', 'admin', 'admin', 'additive'),
  r('GET', '/trade/api/admin/stats', 'trades', 'admin', 'operations-admin'),
  r('GET', '/trade/api/admin/all', 'trades', 'admin', 'operations-admin'),
  r('POST', '/trade/api/admin/cleanup', 'trades', 'admin', 'operations-admin'),
  r('GET', '/api/test-image', 'image-proxy', 'public', 'operations-admin'),
  r('GET', '/api/proxy/shikimori/*', 'image-proxy', 'public', 'operations-admin'),
  r('GET', '/api/proxy/discord/*', 'image-proxy', 'public', 'operations-admin'),

  // --- the bot (Discord HTTP interactions, Ed25519-verified by the service) ---
  r('POST', '/interactions', 'bot', 'public', 'additive', { bodyLimit: 1024 * 1024 }),
];

/** Page routes rendered by the gateway (requirements M2); anything else that is not an API path is home. */
export const pagePaths = [
  '/',
  '/profile',
  '/characters',
  '/trade',
  '/anime',
  '/anime/:animeId',
  '/u/:id',
  '/admin',
  '/admin/*',
];
