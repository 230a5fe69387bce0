import {
  cardsSeries,
  collectorWishlistSchema,
  WISH_DEMAND_WEIGHT,
  type WishItem,
  wishAddedSchema,
  wishlistSchema,
  wishRemovedSchema,
  wishSettingsSchema,
  wishStatsSchema,
} from '@acg/contracts';
import { localize } from '@acg/i18n';
import { t } from '@acg/i18n/server';
import {
  type Bus,
  ConflictError,
  type Database,
  type HttpServer,
  NotFoundError,
  requireUser,
} from '@acg/platform';
import { z } from 'zod';
import { findCollector } from '../../repository/collectors';
import {
  addWish,
  findCharacterCard,
  findMostWished,
  findWishes,
  removeWish,
  setWishDm,
  type WishRow,
  wishDmAllowed,
  wishName,
} from '../../repository/wishes';
import { idParam } from '../params';

export interface WishlistDeps {
  database: Database;
  bus: Pick<Bus, 'request'>;
  limit: number;
  /** How long the anime titles may take from catalogue before the list goes without them. */
  seriesTimeoutMs: number;
}

/**
 * The series (anime) titles of these cards in `language`, from catalogue. A wishlist is still
 * shown when catalogue does not answer: its titles are then null.
 */
async function seriesTitles(deps: WishlistDeps, cardIds: number[], language: string, requestId: string) {
  if (cardIds.length === 0) return new Map<number, string | null>();
  try {
    const { cards } = await deps.bus.request(
      cardsSeries,
      { ids: cardIds },
      { timeoutMs: deps.seriesTimeoutMs, requestId },
    );
    return new Map(cards.map((c) => [c.id, localize(c.seriesTitles, language, c.series)]));
  } catch {
    return new Map<number, string | null>();
  }
}

async function toItems(deps: WishlistDeps, rows: WishRow[], language: string, requestId: string) {
  const cardIds = rows.flatMap((r) => (r.cardId === null ? [] : [r.cardId]));
  const titles = await seriesTitles(deps, cardIds, language, requestId);
  return rows.map(
    (r): WishItem => ({
      characterId: r.characterId,
      name: wishName(r, language),
      imageUrl: r.imageUrl,
      animeTitle: r.cardId === null ? null : (titles.get(r.cardId) ?? null),
      addedAt: r.addedAt.toISOString(),
      ...(r.cardId === null ? {} : { cardId: r.cardId }),
    }),
  );
}

const characterParams = z.object({ characterId: idParam });

/**
 * Wishlists (docs/rules.md §67): the caller's list, adding (up to the limit) and removing a
 * character, muting the DMs, a collector's list (hidden with their collection), and the most
 * wished characters for the admin's rarity section.
 */
export function registerWishlistRoutes(app: HttpServer, deps: WishlistDeps): void {
  const { database, limit } = deps;
  const { db } = database;

  app.get('/api/wishlist', { schema: { response: { 200: wishlistSchema } } }, async (req) => {
    const userId = requireUser(req);
    const [rows, dm] = await Promise.all([findWishes(db, userId), wishDmAllowed(db, userId)]);
    return { items: await toItems(deps, rows, req.identity.language, req.id), limit, dm };
  });

  app.put(
    '/api/wishlist/settings',
    { schema: { body: wishSettingsSchema, response: { 200: wishSettingsSchema } } },
    async (req) => {
      await setWishDm(db, requireUser(req), req.body.dm);
      return { dm: req.body.dm };
    },
  );

  app.put(
    '/api/wishlist/:characterId',
    { schema: { params: characterParams, response: { 200: wishAddedSchema } } },
    async (req) => {
      const userId = requireUser(req);
      const { characterId } = req.params;
      const language = req.identity.language;
      if (!(await findCharacterCard(db, characterId)))
        throw new NotFoundError(t(language, 'inventory.characterNotFound', { id: characterId }), {
          characterId,
        });
      const result = await addWish(database, userId, characterId, limit);
      if (result.outcome === 'full')
        throw new ConflictError(t(language, 'inventory.wishlistFull', { limit }), {
          reason: 'wishlist_full',
          limit,
          count: result.count,
        });
      return { added: result.outcome === 'added', count: result.count, limit };
    },
  );

  app.delete(
    '/api/wishlist/:characterId',
    { schema: { params: characterParams, response: { 200: wishRemovedSchema } } },
    async (req) => ({ removed: await removeWish(db, requireUser(req), req.params.characterId) }),
  );

  registerCollectorWishlist(app, deps);
  registerWishStats(app, deps);
}

/** A collector's wishlist, shown to others only while their collection is (rules §57). */
function registerCollectorWishlist(app: HttpServer, deps: WishlistDeps): void {
  const { db } = deps.database;
  app.get(
    '/api/collectors/:id/wishlist',
    { schema: { params: z.object({ id: idParam }), response: { 200: collectorWishlistSchema } } },
    async (req) => {
      const me = requireUser(req);
      const { id } = req.params;
      const language = req.identity.language;
      const collector = await findCollector(db, id);
      if (!collector) throw new NotFoundError(t(language, 'inventory.collectorNotFound', { id }), { id });
      if (collector.hidden && me !== id) return { items: [] };
      return { items: await toItems(deps, await findWishes(db, id), language, req.id) };
    },
  );
}

const TOP_WISHED = 20;

/** GET /admin/rarity/wishes: the most wished characters with their likes and demand (rules §67). */
function registerWishStats(app: HttpServer, deps: WishlistDeps): void {
  const { db } = deps.database;
  app.get('/admin/rarity/wishes', { schema: { response: { 200: wishStatsSchema } } }, async (req) => {
    const { rows, total, fans } = await findMostWished(db, TOP_WISHED);
    return {
      top: rows.map((r) => ({
        characterId: r.character_id,
        name: wishName(
          { characterId: r.character_id, characterName: r.character_name, characterNames: r.character_names },
          req.identity.language,
        ),
        wishes: r.wishes,
        likes: r.likes,
        demand: r.likes + WISH_DEMAND_WEIGHT * r.wishes,
      })),
      totalWishes: total,
      fans,
      wishWeight: WISH_DEMAND_WEIGHT,
    };
  });
}
