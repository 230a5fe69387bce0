import {
  inventoryCardHolders,
  inventoryCardStats,
  inventoryGrant,
  inventoryOwnedCards,
  inventoryTradeRelease,
  inventoryTradeReserve,
  inventoryTradeTransfer,
} from '@acg/contracts';
import type { Bus, Database, OutboxRelay, Subscription } from '@acg/platform';
import { cardStatsPage, cardStatsSnapshotPage } from '../../repository/card-stats';
import { countCardHolders, findOwnedCardIds } from '../../repository/entries';
import { grantCard } from '../../repository/grants';
import { releaseTrade, reserveTrade, transferTrade } from '../../repository/trade-escrow';

/**
 * Grants (the bot's drops), ownership look-ups (anime progress) and the trades service's escrow
 * and transfer over the bus.
 */
export function serveInventoryRpc(bus: Bus, database: Database, relay: OutboxRelay): Subscription[] {
  return [
    bus.serve(inventoryGrant, async (request) => {
      const result = await grantCard(database, request);
      if (result.granted) relay.kick();
      return result;
    }),
    bus.serve(inventoryOwnedCards, async ({ userId, cardIds }) => ({
      cardIds: await findOwnedCardIds(database.db, userId, [...new Set(cardIds)]),
    })),
    bus.serve(inventoryCardHolders, async ({ cardIds }) => ({
      holders: await countCardHolders(database.db, [...new Set(cardIds)]),
    })),
    bus.serve(
      inventoryCardStats,
      async ({ afterCardId, span, activeDays, runId, release, packed, scoresOnly }) =>
        runId
          ? cardStatsSnapshotPage(database, {
              runId,
              after: afterCardId,
              span,
              activeDays,
              release,
              packed,
              scoresOnly,
            })
          : cardStatsPage(database.db, afterCardId, span, activeDays, packed),
    ),
    bus.serve(inventoryTradeReserve, async (request) => ({ items: await reserveTrade(database, request) })),
    bus.serve(inventoryTradeRelease, async ({ tradeId }) => ({
      released: await releaseTrade(database, tradeId),
    })),
    bus.serve(inventoryTradeTransfer, async (request) => {
      const transferred = await transferTrade(database, request);
      if (transferred) relay.kick();
      return { transferred };
    }),
  ];
}
