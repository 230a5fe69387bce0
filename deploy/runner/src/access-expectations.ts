/**
 * Who may call what, written by hand from the product's access rules (docs/requirements.md,
 * "Access") and NOT read from the route table (`packages/contracts/src/routes.ts`): the access
 * test compares the running system against this table, so a route that the route table opens
 * by mistake (an admin route declared `user`, say) fails it.
 *
 * Each route has the answer class expected for the callers, in this order:
 *   anonymous, level 0 (User), level 1 (Helper), level 2 (Moderator), level 3 (Administrator).
 * `ok` means the caller got past access control (any status but 401 and 403: the request body
 * of the test is empty, so 400 and 404 are fine); 401 and 403 are those exact statuses.
 *
 * The rules, from the three spec documents:
 * - anonymous visitors see home and the anime pages (requirements M6): the anime list, search,
 *   details and cards, the statistics, the news, images and the site's texts are public;
 * - signed-in members additionally have the characters, profile and trade (requirements M6):
 *   characters, likes, inventory, trades, the user list of the trade form, the live stream,
 *   linking a Shikimori account;
 * - the back office (catalogue and operations documents) is for adminLevel 3 or higher: every
 *   admin path, with 401 when signed out and 403 for levels 0 to 2 (Helpers and Moderators see
 *   only their own level, requirements O1, requirements C1).
 */
export type Expected = 'ok' | 401 | 403;
export type Row = readonly [
  anonymous: Expected,
  level0: Expected,
  level1: Expected,
  level2: Expected,
  level3: Expected,
];

const PUBLIC: Row = ['ok', 'ok', 'ok', 'ok', 'ok'];
const MEMBER: Row = [401, 'ok', 'ok', 'ok', 'ok'];
const ADMINISTRATOR: Row = [401, 403, 403, 403, 'ok'];

export const LEVELS = ['anonymous', 'level 0', 'level 1', 'level 2', 'level 3'] as const;

/** "METHOD path" (the route table's path pattern) → expected answer class per caller. */
export const accessExpectations: Readonly<Record<string, Row>> = {
  // Signing in and out, language (requirements M2, M7): anyone.
  'GET /auth/discord': PUBLIC,
  'GET /auth/discord/callback': PUBLIC,
  'GET /auth/logout': PUBLIC,
  'POST /change-language/:lang': PUBLIC,
  'GET /api/me': PUBLIC,
  // Linking a Shikimori account happens on the profile: members only.
  'GET /auth/shikimori': MEMBER,
  'GET /auth/shikimori/callback': MEMBER,
  'POST /auth/shikimori/unlink': MEMBER,

  // Home and the anime pages: anyone (requirements M6).
  'GET /api/stats': PUBLIC,
  'GET /api/anime': PUBLIC,
  'GET /api/anime/:animeId/cards': PUBLIC,
  'GET /api/ranks': PUBLIC,
  // The cards home shows a visitor (issue 22 item 7): catalogue data, no personal data.
  'GET /api/cards/featured': PUBLIC,
  'GET /api/status': PUBLIC,
  'GET /api/anime/search': PUBLIC,
  'GET /api/anime/:animeId/details': PUBLIC,
  'GET /api/news': PUBLIC,
  'GET /api/news/feed.xml': PUBLIC,
  'GET /api/i18n': PUBLIC,
  'GET /api/i18n/:lang': PUBLIC,
  // Pictures are shown on public pages and fetched without credentials (requirements O7).
  'GET /api/cards/:cardId/image': PUBLIC,
  'GET /api/proxy-image': PUBLIC,
  'GET /api/test-image': PUBLIC,
  'GET /api/proxy/shikimori/*': PUBLIC,
  'GET /api/proxy/discord/*': PUBLIC,

  // Characters, profile and trade: signed-in members (requirements M6).
  'GET /api/characters': MEMBER,
  'GET /api/users': MEMBER,
  'GET /api/cards/:cardId/likes': MEMBER,
  'POST /api/cards/:cardId/like': MEMBER,
  'GET /api/inventory': MEMBER,
  'GET /api/inventory/my': MEMBER,
  'GET /api/inventory/stats': MEMBER,
  'GET /api/inventory/tradeable': MEMBER,
  'GET /api/inventory/:id/history': MEMBER,
  // Collectors see each other (issue 22 item 6): a collector's page and the owner's choice to
  // hide their collection, for signed-in members only, like the profile.
  'GET /api/collectors/:id': MEMBER,
  'GET /api/inventory/visibility': MEMBER,
  'PUT /api/inventory/visibility': MEMBER,
  // Wishlists (issue 25, rules §67): the member's own and a collector's, signed-in members only.
  'GET /api/wishlist': MEMBER,
  'PUT /api/wishlist/settings': MEMBER,
  'PUT /api/wishlist/:characterId': MEMBER,
  'DELETE /api/wishlist/:characterId': MEMBER,
  'GET /api/collectors/:id/wishlist': MEMBER,
  'GET /trade/api/my': MEMBER,
  'POST /trade/api': MEMBER,
  'POST /trade/api/:id/:action': MEMBER,
  'GET /api/events': MEMBER,
  // The API document describes every admin operation (rules §46): administrators.
  'GET /api/docs': ADMINISTRATOR,
  // Each process's health and figures (issue 26): the operations back office, administrators.
  'GET /api/admin/service-map': ADMINISTRATOR,

  // The catalogue back office (catalogue document): administrators.
  'GET /admin/cards': ADMINISTRATOR,
  'POST /admin/cards': ADMINISTRATOR,
  'POST /admin/cards/bulk': ADMINISTRATOR,
  'POST /admin/cards/bulk-add-anime': ADMINISTRATOR,
  'POST /admin/cards/bulk-add-all-anime': ADMINISTRATOR,
  'GET /admin/cards/rarity-recalc-stats': ADMINISTRATOR,
  'POST /admin/cards/recalculate-rarity': ADMINISTRATOR,
  'GET /admin/cards/:id/rarity-history': ADMINISTRATOR,
  'PATCH /admin/cards/:id': ADMINISTRATOR,
  'DELETE /admin/cards/:id': ADMINISTRATOR,
  'GET /admin/characters': ADMINISTRATOR,
  'POST /admin/characters': ADMINISTRATOR,
  'POST /admin/characters/bulk': ADMINISTRATOR,
  'POST /admin/characters/import-matches': ADMINISTRATOR,
  'POST /admin/characters/delete-bulk': ADMINISTRATOR,
  'PATCH /admin/characters/:id': ADMINISTRATOR,
  'DELETE /admin/characters/:id': ADMINISTRATOR,
  'GET /admin/franchises': ADMINISTRATOR,
  'POST /admin/franchises': ADMINISTRATOR,
  'GET /admin/franchises/search': ADMINISTRATOR,
  'GET /admin/franchises/check-exists': ADMINISTRATOR,
  'PATCH /admin/franchises/:id': ADMINISTRATOR,
  'DELETE /admin/franchises/:id': ADMINISTRATOR,
  'GET /admin/animes': ADMINISTRATOR,
  'POST /admin/animes': ADMINISTRATOR,
  'GET /admin/animes/check-exists': ADMINISTRATOR,
  'POST /admin/animes/quick-add': ADMINISTRATOR,
  'DELETE /admin/animes/:id': ADMINISTRATOR,
  'GET /admin/ranks': ADMINISTRATOR,
  'POST /admin/ranks': ADMINISTRATOR,
  'POST /admin/ranks/auto-update': ADMINISTRATOR,
  'GET /admin/ranks/analysis': ADMINISTRATOR,
  'GET /admin/ranks/likes-analysis': ADMINISTRATOR,
  'POST /admin/ranks/force-fix-thresholds': ADMINISTRATOR,
  'POST /admin/ranks/preview': ADMINISTRATOR,
  'GET /admin/ranks/revisions': ADMINISTRATOR,
  'POST /admin/ranks/revisions/:id/undo': ADMINISTRATOR,
  'PATCH /admin/ranks/:id': ADMINISTRATOR,
  'DELETE /admin/ranks/:id': ADMINISTRATOR,
  'GET /admin/seasons': ADMINISTRATOR,
  'POST /admin/seasons': ADMINISTRATOR,
  'DELETE /admin/seasons/:id': ADMINISTRATOR,
  'PATCH /admin/seasons/:id': ADMINISTRATOR,
  'GET /admin/search/anime/combined': ADMINISTRATOR,
  'GET /admin/shikimori/search/anime': ADMINISTRATOR,
  'GET /admin/anilist/search/anime': ADMINISTRATOR,
  'GET /admin/anilist/characters/:anilistId': ADMINISTRATOR,
  'GET /admin/shikimori/anime/:shikimoriId/characters': ADMINISTRATOR,
  'GET /admin/shikimori/characters/:id': ADMINISTRATOR,

  // The operations back office (operations document): administrators.
  'GET /admin/users': ADMINISTRATOR,
  'GET /admin/users/:id': ADMINISTRATOR,
  'POST /admin/users/:id/adminLevel': ADMINISTRATOR,
  'GET /admin/users/:id/trades': ADMINISTRATOR,
  'GET /admin/users/:id/inventory': ADMINISTRATOR,
  // The most wished characters in the rarity section (rules §67), as the other rarity routes.
  'GET /admin/rarity/wishes': ADMINISTRATOR,
  'GET /admin/logs': ADMINISTRATOR,
  'GET /admin/logs/stats': ADMINISTRATOR,
  'GET /admin/logs/categories': ADMINISTRATOR,
  'GET /admin/logs/actions': ADMINISTRATOR,
  'GET /admin/logs/export': ADMINISTRATOR,
  'POST /admin/i18n': ADMINISTRATOR,
  'POST /api/admin/news': ADMINISTRATOR,
  'PUT /api/admin/news/:id': ADMINISTRATOR,
  'DELETE /api/admin/news/:id': ADMINISTRATOR,
  'GET /api/config/:key': ADMINISTRATOR,
  'POST /api/admin/config': ADMINISTRATOR,
  'GET /api/admin/discord/check-channel/:id': ADMINISTRATOR,
  'GET /api/admin/vk/runs': ADMINISTRATOR,
  'POST /api/admin/vk/run': ADMINISTRATOR,
  'GET /api/admin/cache/stats': ADMINISTRATOR,
  'GET /api/admin/anime-search/status': ADMINISTRATOR,
  'POST /api/admin/cache/clear': ADMINISTRATOR,
  'POST /api/admin/cache/cleanup': ADMINISTRATOR,
  'GET /trade/api/admin/stats': ADMINISTRATOR,
  'GET /trade/api/admin/all': ADMINISTRATOR,
  'POST /trade/api/admin/cleanup': ADMINISTRATOR,

  // Discord's interactions endpoint: open to Discord alone, which signs each request; the bot
  // refuses every unsigned caller with 401, whatever their session.
  'POST /interactions': [401, 401, 401, 401, 401],
};
