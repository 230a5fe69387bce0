import { inventoryGrant, inventoryOwnedCards } from '@acg/contracts';
import type { Bus, Database, OutboxRelay, Subscription } from '@acg/platform';
import { ownedCardIds } from '../../repository/entries';
import { grantCard } from '../../repository/grants';

/** Grants (the bot's drops) and ownership look-ups (anime progress) over the bus. */
export function serveInventoryRpc(bus: Bus, database: Database, relay: OutboxRelay): Subscription[] {
  return [
    bus.serve(inventoryGrant, async (req) => {
      const result = await grantCard(database, req);
      if (result.granted) relay.kick();
      return result;
    }),
    bus.serve(inventoryOwnedCards, async ({ userId, cardIds }) => ({
      cardIds: await ownedCardIds(database.db, userId, [...new Set(cardIds)]),
    })),
  ];
}
