import type { EventEnvelope } from '@acg/contracts';
import { sql, type TablesRelationalConfig } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  type PgDatabase,
  type PgQueryResultHKT,
  type PgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { currentTraceparent } from '../tracing/spans';

/**
 * The transactional outbox (architecture §4): a service writes its events into this table in the
 * same transaction as the change, and the relay (relay.ts) publishes them afterwards. Each service
 * puts the table into its own drizzle schema file, so drizzle-kit generates it into that
 * service's migrations and schema:
 *
 *   const auth = pgSchema('auth');          // not exported: see database.ts on CREATE SCHEMA
 *   export const outbox = outboxTable(auth);
 *   export const processedMessages = processedMessagesTable(auth);
 */
export const outboxTable = (schema: PgSchema) =>
  schema.table(
    'outbox',
    {
      id: uuid('id').primaryKey(),
      type: text('type').notNull(),
      version: integer('version').notNull(),
      occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
      data: jsonb('data').notNull(),
      publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
      /** Failed publish attempts; a row keeps being retried, this shows a stuck one. */
      attempts: integer('attempts').notNull().default(0),
      lastError: text('last_error'),
      /** The W3C traceparent of the work that wrote the event (tracing on), continued by the relay (rules §71). */
      traceParent: text('trace_parent'),
    },
    // The relay only ever scans pending rows, oldest first.
    (t) => [index('outbox_pending_idx').on(t.occurredAt, t.id).where(sql`published_at is null`)],
  );

/** Message ids a consumer has applied, recorded in the handler's transaction (consumer.ts). */
export const processedMessagesTable = (schema: PgSchema) =>
  schema.table(
    'processed_messages',
    {
      consumer: text('consumer').notNull(),
      messageId: text('message_id').notNull(),
      processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.consumer, t.messageId] })],
  );

export type OutboxTable = ReturnType<typeof outboxTable>;
export type ProcessedMessagesTable = ReturnType<typeof processedMessagesTable>;

/**
 * Writes an event into the outbox inside the caller's business transaction, so the event exists
 * if and only if the change committed. Call the relay's kick() after commit for low latency.
 */
export async function enqueue<
  TQueryResult extends PgQueryResultHKT,
  TFullSchema extends Record<string, unknown>,
  TRelations extends TablesRelationalConfig,
>(
  tx: PgDatabase<TQueryResult, TFullSchema, TRelations>,
  table: OutboxTable,
  envelope: EventEnvelope,
): Promise<void> {
  await tx.insert(table).values({
    id: envelope.id,
    type: envelope.type,
    version: envelope.version,
    occurredAt: new Date(envelope.occurredAt),
    data: envelope.data ?? null,
    traceParent: currentTraceparent(),
  });
}
