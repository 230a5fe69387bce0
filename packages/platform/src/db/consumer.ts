import type { EventEnvelope } from '@acg/contracts';
import type { Bus, Subscription } from '../bus/types';
import type { Logger } from '../logger';
import { backoffMs, createOutageLog, isOutage } from '../outage';
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
  /** Where an outage of the database is logged (once per outage). */
  logger?: Logger;
}

export function startIdempotentConsumer<T extends Tables>(
  opts: IdempotentConsumerOptions<T>,
): Promise<Subscription> {
  const { database, table, durable } = opts;
  const outage = createOutageLog(opts.logger, `consumer ${durable}`);
  let stopped = false;
  let wake = () => {};
  const apply = (event: EventEnvelope, ctx: { deliveryCount: number }) =>
    database.transaction(async (tx) => {
      const recorded = await tx
        .insert(table)
        .values({ consumer: durable, messageId: event.id })
        .onConflictDoNothing()
        .returning({ messageId: table.messageId });
      if (recorded.length === 0) return;
      await opts.handle(event, tx, ctx);
    });
  return opts.bus
    .consume({
      durable,
      types: opts.types,
      maxDeliver: opts.maxDeliver,
      backoffMs: opts.backoffMs,
      // The database lost is not the event's fault: the consumer pauses on this event, trying
      // again with a growing delay (up to 2 s), rather than spending its deliveries and ending
      // in the dead letters. The bus keeps the delivery alive meanwhile; a stop hands it back.
      handler: async (event, ctx) => {
        for (let failures = 1; ; failures++) {
          try {
            await apply(event, ctx);
            outage.ok();
            return;
          } catch (err) {
            if (stopped || !isOutage(err)) throw err;
            outage.failed(err);
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, backoffMs(failures));
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            if (stopped) throw err;
          }
        }
      },
    })
    .then((subscription) => ({
      async stop() {
        stopped = true;
        wake();
        await subscription.stop();
      },
    }));
}
