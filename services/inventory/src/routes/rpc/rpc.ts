import { inventoryGrant, inventoryOwnedCards } from '@acg/contracts';
import type { Bus, Database, OutboxRelay, Subscription } from '@acg/platform';
import { findOwnedCardIds } from '../../repository/entries';
import { grantCard } from '../../repository/grants';

/** Grants (the bot's drops) and ownership look-ups (anime progress) over the bus. */
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
  ];
}
