import { type EventEnvelope, inventoryGranted, tradeCreated } from '@acg/contracts';
import {
  type Bus,
  type ConsumeOptions,
  type Database,
  type OutboxRelay,
  type Subscription,
  startIdempotentConsumer,
  type Tx,
} from '@acg/platform';
import { processedMessages } from '../db/schema';
import { charactersOf, recordAlerts } from '../repository/wish-alerts';

/** Durable consumer name (also the `consumer` column of processed messages). */
export const WISH_ALERTS_CONSUMER = 'inventory-wish-alerts';

/** A drop (inventory.granted from the bot's /card): every other fan wishing the character is alerted. */
async function dropAlerts(event: EventEnvelope, tx: Tx): Promise<void> {
  const grant = inventoryGranted.data.parse(event.data);
  if (grant.source !== 'drop') return;
  const card = (await charactersOf(tx, [grant.cardId])).get(grant.cardId);
  if (!card) return;
  await recordAlerts(
    tx,
    {
      eventId: event.id,
      reason: 'drop',
      cardId: grant.cardId,
      characterId: card.characterId,
      entryId: grant.entryId,
    },
    card,
    { except: grant.userId },
  );
}

/** trade.created: the recipient is alerted once per wished character among the copies offered to them. */
async function tradeAlerts(event: EventEnvelope, tx: Tx): Promise<void> {
  const trade = tradeCreated.data.parse(event.data);
  const offered = trade.items.filter((i) => i.side === 'from').map((i) => i.cardId);
  const cards = await charactersOf(tx, offered);
  const seen = new Set<number>();
  for (const cardId of offered) {
    const card = cards.get(cardId);
    if (!card || seen.has(card.characterId)) continue;
    seen.add(card.characterId);
    await recordAlerts(
      tx,
      { eventId: event.id, reason: 'trade', cardId, characterId: card.characterId, tradeId: trade.id },
      card,
      { only: trade.toUserId },
    );
  }
}

/** The consumer's options with a handler that kicks the outbox relay once the event is handled. */
const kickAfter = (opts: ConsumeOptions, relay: Pick<OutboxRelay, 'kick'>): ConsumeOptions => ({
  ...opts,
  handler: async (event, ctx) => {
    await opts.handler(event, ctx);
    relay.kick();
  },
});

/**
 * Wish alerts (docs/rules.md §67) from the drops and trade offers on the bus. Each event is
 * handled once (processed messages), and each alert is recorded once per source event, fan and
 * character (a unique index), so a redelivered event alerts nobody twice. The alerts' events
 * leave through the outbox; the relay is kicked after the commit.
 */
export function startWishAlertConsumer(
  bus: Pick<Bus, 'consume'>,
  database: Database,
  relay: Pick<OutboxRelay, 'kick'>,
): Promise<Subscription> {
  // The alerts' events leave as soon as their transaction commits, not at the relay's next poll.
  const kicking: Pick<Bus, 'consume'> = {
    consume: (opts) => bus.consume(kickAfter(opts, relay)),
  };
  return startIdempotentConsumer({
    database,
    table: processedMessages,
    bus: kicking,
    durable: WISH_ALERTS_CONSUMER,
    types: [inventoryGranted.type, tradeCreated.type],
    handle: (event, tx) =>
      event.type === tradeCreated.type ? tradeAlerts(event, tx) : dropAlerts(event, tx),
  });
}
