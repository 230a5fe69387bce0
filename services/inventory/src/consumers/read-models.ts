import { cardCreated, cardDeleted, cardUpdated, userCreated, userUpdated } from '@acg/contracts';
import { type Bus, type Database, type Subscription, startIdempotentConsumer } from '@acg/platform';
import { processedMessages } from '../db/schema';
import { markCardDeleted, upsertCardSummary, upsertUserSummary } from '../repository/read-models';

/**
 * Inventory keeps its own copies of the card and user facts it lists (architecture §3): card
 * summaries from catalogue's card.* events and user summaries from auth's user.* events, each
 * applied once (idempotent consumer) and acked only after commit.
 */
export async function startReadModelConsumers(bus: Bus, database: Database): Promise<Subscription[]> {
  const cards = await startIdempotentConsumer({
    database,
    table: processedMessages,
    bus,
    durable: 'inventory-cards',
    types: [cardCreated.type, cardUpdated.type, cardDeleted.type],
    handle: async (event, tx) => {
      if (event.type === cardDeleted.type) await markCardDeleted(tx, cardDeleted.data.parse(event.data).id);
      else await upsertCardSummary(tx, cardCreated.data.parse(event.data));
    },
  });
  const users = await startIdempotentConsumer({
    database,
    table: processedMessages,
    bus,
    durable: 'inventory-users',
    types: [userCreated.type, userUpdated.type],
    handle: async (event, tx) => upsertUserSummary(tx, userCreated.data.parse(event.data)),
  });
  return [cards, users];
}
