import type { EventEnvelope } from '@acg/contracts';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Bus } from '../bus/types';
import type { Logger } from '../logger';
import { backoffMs, createOutageLog, isOutage } from '../outage';
import { tracerOf, tracingOn } from '../tracing/setup';
import { inSpan, SpanKind, withCarriedTrace } from '../tracing/spans';
import type { Database, Tables } from './database';
import type { OutboxTable } from './outbox';

/**
 * Publishes the outbox (architecture §4). Pending rows are taken oldest first in small batches
 * with `FOR UPDATE SKIP LOCKED`, so replicas running their own relay never work the same batch;
 * a row is marked published in the same transaction that held its lock. A crash between
 * publish and commit leaves the row pending and it is published again: the bus de-duplicates by
 * envelope id (the row id) within the stream's window, and consumers are idempotent anyway.
 */
export interface OutboxRelayOptions<T extends Tables> {
  database: Database<T>;
  table: OutboxTable;
  bus: Pick<Bus, 'publish'>;
  logger?: Logger;
  /** The service whose outbox it is: its spans are that service's (rules §71). */
  service?: string;
  /** Sweep period for rows nobody kicked for (left behind by a crash, or a failed publish). */
  intervalMs?: number;
  batchSize?: number;
}

export interface OutboxRelay {
  /** Publish now; services call it after committing a transaction that enqueued events. */
  kick(): void;
  /** Runs the relay now and resolves when no pending row is left that it could take. */
  flush(): Promise<void>;
  /** Stops the sweep and waits for the batch in flight. */
  stop(): Promise<void>;
}

/** Consecutive publish failures after which a batch gives up: the bus is most likely down. */
const GIVE_UP_AFTER = 2;

/** One batch; returns true when it was full and nothing failed, i.e. more may be waiting. */
function publishOutboxBatch<T extends Tables>(
  opts: OutboxRelayOptions<T>,
  batchSize: number,
): Promise<boolean> {
  const { database, table, bus, logger } = opts;
  return database.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(table)
      .where(isNull(table.publishedAt))
      .orderBy(table.occurredAt, table.id)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const published: string[] = [];
    let failuresInRow = 0;
    for (const row of rows) {
      try {
        await relayed(opts.service, row, () => bus.publish(toEnvelope(row)));
        published.push(row.id);
        failuresInRow = 0;
      } catch (err) {
        logger?.warn({ err, eventId: row.id, type: row.type }, 'outbox publish failed; will retry');
        await tx
          .update(table)
          .set({ attempts: sql`${table.attempts} + 1`, lastError: String(err).slice(0, 1000) })
          .where(eq(table.id, row.id));
        if (++failuresInRow >= GIVE_UP_AFTER) break;
      }
    }
    if (published.length > 0) {
      await tx.update(table).set({ publishedAt: new Date() }).where(inArray(table.id, published));
    }
    return rows.length === batchSize && published.length === rows.length;
  });
}

export function startOutboxRelay<T extends Tables>(opts: OutboxRelayOptions<T>): OutboxRelay {
  const { logger } = opts;
  const batchSize = opts.batchSize ?? 20;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const publishBatch = () => publishOutboxBatch(opts, batchSize);

  // The database lost: passes pause with a growing delay (up to 2 s), logged once per outage.
  const outage = createOutageLog(logger, 'outbox relay');
  let failures = 0;
  let pausedUntil = 0;
  const run = async () => {
    do {
      again = false;
      try {
        while (!stopped && (await publishBatch())) {}
        failures = 0;
        outage.ok();
      } catch (err) {
        // The next sweep after the pause tries again; nothing is lost (the rows stay pending).
        failures++;
        pausedUntil = Date.now() + backoffMs(failures);
        if (isOutage(err)) outage.failed(err);
        else logger?.warn({ err }, 'outbox relay pass failed');
        return;
      }
    } while (again && !stopped);
  };

  const kick = () => {
    if (stopped || Date.now() < pausedUntil) return;
    if (running) {
      // Rows committed while a pass runs may sit behind its snapshot: go round once more.
      again = true;
      return;
    }
    running = run().finally(() => {
      running = null;
    });
  };

  const timer = setInterval(kick, opts.intervalMs ?? 500);
  timer.unref();
  kick();

  return {
    kick,
    async flush() {
      if (running) await running;
      kick();
      if (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}

/**
 * Publishes a row in the trace of the work that wrote it (its stored traceparent): a relay span,
 * child of that work's span, inside which the bus adds its producer span and the message headers.
 */
function relayed(
  service: string | undefined,
  row: OutboxTable['$inferSelect'],
  publish: () => Promise<void>,
) {
  if (!row.traceParent || !tracingOn()) return publish();
  return withCarriedTrace({ traceparent: row.traceParent }, () =>
    inSpan(
      tracerOf(service ?? 'outbox'),
      {
        name: `${row.type} relay`,
        kind: SpanKind.INTERNAL,
        attributes: { 'messaging.message.id': row.id, 'acg.outbox.attempts': row.attempts },
      },
      publish,
    ),
  );
}

function toEnvelope(row: OutboxTable['$inferSelect']): EventEnvelope {
  return {
    id: row.id,
    type: row.type,
    version: row.version,
    occurredAt: row.occurredAt.toISOString(),
    data: row.data,
  };
}
