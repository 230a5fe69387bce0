import { cardsDraw, cardsGet, cardsSeries } from '@acg/contracts';
import type { Bus, Database, Subscription } from '@acg/platform';
import type { createCardDrawer } from '../../draw/draw-card';
import { findCardSeries, findCardSummaries } from '../../repository/cards';

/**
 * What the catalogue answers over the bus: card look-ups (image rendering, read models) and
 * random draws (the bot's /card).
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
  ];
}
