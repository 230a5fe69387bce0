import { cardsDraw, cardsGet, cardsSeries, catalogueAnimeExternalIds } from '@acg/contracts';
import type { Bus, Database, Subscription } from '@acg/platform';
import type { createCardDrawer } from '../../draw/draw-card';
import { animeExternalIds } from '../../repository/anime';
import { findCardSeries, findCardSummaries } from '../../repository/cards';

/**
 * What the catalogue answers over the bus: card look-ups (image rendering, read models), random
 * draws (the bot's /card) and its anime's Shikimori and AniList ids (anime-search's index fill).
 */
export function serveCatalogueRpc(
  bus: Bus,
  database: Database,
  drawCard: ReturnType<typeof createCardDrawer>,
): Subscription[] {
  return [
    bus.serve(cardsGet, async ({ ids }) => ({
      cards: await findCardSummaries(database.db, [...new Set(ids)]),
    })),
    bus.serve(cardsSeries, async ({ ids }) => ({
      cards: await findCardSeries(database.db, [...new Set(ids)]),
    })),
    bus.serve(cardsDraw, async (request) => ({ card: await drawCard(request) })),
    bus.serve(catalogueAnimeExternalIds, async ({ afterId, limit }) => {
      const anime = await animeExternalIds(database.db, afterId, limit);
      return { anime, nextAfterId: anime.length === limit ? anime.at(-1)!.id : null };
    }),
  ];
}
