import {
  cardCreated,
  cardDeleted,
  cardsRescored,
  cardsUpdated,
  cardUpdated,
  userCreated,
  userUpdated,
} from '@acg/contracts';
import { type Bus, type Database, type Subscription, startIdempotentConsumer } from '@acg/platform';
import { processedMessages } from '../db/schema';
import {
  applyCardDeleted,
  applyCardScores,
  applyCardSummaries,
  applyCardSummary,
  applyUserSummary,
} from '../repository/read-models';

/** Durable consumer names (also the `consumer` column of processed messages). */
export const CARD_CONSUMER = 'inventory-cards';
export const USER_CONSUMER = 'inventory-users';

/**
 * Inventory keeps its own copies of the card and user facts it lists (architecture §3): card
 * summaries from catalogue's card.*, cards.updated and cards.rescored events and user summaries from
 * auth's user.* events. Each
 * event is applied at most once (its id is recorded in the same transaction) and acked only
 * after commit; an event older than what a row already reflects changes nothing, so a late
 * redelivery cannot undo a newer change.
 */
export async function startReadModelConsumers(
  bus: Pick<Bus, 'consume'>,
  database: Database,
): Promise<Subscription[]> {
  const cards = await startIdempotentConsumer({
    database,
    table: processedMessages,
    bus,
    durable: CARD_CONSUMER,
    types: [cardCreated.type, cardUpdated.type, cardsUpdated.type, cardsRescored.type, cardDeleted.type],
    handle: async (event, tx) => {
      const asOf = new Date(event.occurredAt);
      if (event.type === cardsUpdated.type) {
        await applyCardSummaries(tx, cardsUpdated.data.parse(event.data).cards, asOf);
      } else if (event.type === cardsRescored.type) {
        await applyCardScores(tx, cardsRescored.data.parse(event.data), asOf);
      } else if (event.type === cardDeleted.type) {
        await applyCardDeleted(tx, cardDeleted.data.parse(event.data).id, asOf);
      } else {
        await applyCardSummary(tx, cardUpdated.data.parse(event.data), asOf);
      }
    },
  });
  const users = await startIdempotentConsumer({
    database,
    table: processedMessages,
    bus,
    durable: USER_CONSUMER,
    types: [userCreated.type, userUpdated.type],
    handle: (event, tx) =>
      applyUserSummary(tx, userUpdated.data.parse(event.data), new Date(event.occurredAt)),
  });
  return [cards, users];
}
