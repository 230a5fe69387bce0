import type { EventEnvelope } from '@acg/contracts';
import type { Bus, Subscription } from '../bus/types';
import type { Database, Tables, Tx } from './database';
import type { ProcessedMessagesTable } from './outbox';

/**
 * A bus consumer that applies each event at most once (architecture §4). The handler runs in a
 * transaction that first records (consumer, message id) in the service's processed messages; a
 * message seen before is skipped. The transaction commits before the handler resolves, and the
 * bus acks only then; a handler that throws rolls the record back with its changes, so the
 * redelivery applies the event afresh. Two replicas given the same message at once serialise on
 * the primary key: the second waits for the first to commit and then skips.
 */
export interface IdempotentConsumerOptions<T extends Tables> {
  database: Database<T>;
  table: ProcessedMessagesTable;
  bus: Pick<Bus, 'consume'>;
  /** Durable consumer name; also the `consumer` column of processed messages. */
  durable: string;
  types: string[];
  handle: (event: EventEnvelope, tx: Tx<T>, ctx: { deliveryCount: number }) => Promise<void>;
  maxDeliver?: number;
  backoffMs?: number[];
}

export function startIdempotentConsumer<T extends Tables>(
  opts: IdempotentConsumerOptions<T>,
): Promise<Subscription> {
  const { database, table, durable } = opts;
  // A lost database pauses the consumer on its event (the bus's pausingOnOutage, rules §48).
  return opts.bus.consume({
    durable,
    types: opts.types,
    maxDeliver: opts.maxDeliver,
    backoffMs: opts.backoffMs,
    handler: (event, ctx) =>
      database.transaction(async (tx) => {
        const recorded = await tx
          .insert(table)
          .values({ consumer: durable, messageId: event.id })
          .onConflictDoNothing()
          .returning({ messageId: table.messageId });
        if (recorded.length === 0) return;
        await opts.handle(event, tx, ctx);
      }),
  });
}
