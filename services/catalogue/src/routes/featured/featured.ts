import { FEATURED_CARDS_MAX, type FeaturedCards, featuredCardsSchema } from '@acg/contracts';
import type { HttpServer } from '@acg/platform';
import { LIST_TTL_SECONDS } from '../../caches';
import type { CatalogueContext } from '../../context';
import { findFeaturedCards } from '../../repository/featured';

/**
 * GET /api/cards/featured (issue 22 item 7): the few cards home shows anyone, a visitor above
 * all. Catalogue data only (findFeaturedCards says which cards), the same for every caller, kept
 * in the cards cache per day (a catalogue edit clears it; a season starting or ending changes the
 * day's key).
 */
export function registerFeaturedRoutes(app: HttpServer, ctx: CatalogueContext, now = () => new Date()): void {
  app.get('/api/cards/featured', { schema: { response: { 200: featuredCardsSchema } } }, async () => {
    const day = now().toISOString().slice(0, 10);
    const cards = await ctx.caches.cards.wrap(`featured:${day}`, LIST_TTL_SECONDS, () =>
      findFeaturedCards(ctx.database.db, day, FEATURED_CARDS_MAX),
    );
    return { cards } satisfies FeaturedCards;
  });
}
