import { isNull, sql } from 'drizzle-orm';
import { readGauge } from '../http/metrics';
import type { Database } from './database';
import type { OutboxTable } from './outbox';

/**
 * The outbox as Prometheus sees it (issue 26): how many events wait to be published and how old
 * the oldest of them is (0 when none waits), read from the table at each scrape. Every replica
 * reads the same table, so dashboards take the max over a service's replicas.
 */
export function outboxMetrics(database: Database, table: OutboxTable) {
  let last: Promise<{ pending: number; age: number }> | undefined;
  // One query per scrape serves both gauges.
  const read = () => {
    last ??= database.db
      .select({
        pending: sql<number>`count(*)::int`,
        age: sql<number>`coalesce(extract(epoch from now() - min(${table.occurredAt})), 0)::float8`,
      })
      .from(table)
      .where(isNull(table.publishedAt))
      .then((rows) => rows[0] ?? { pending: 0, age: 0 })
      .finally(() => setTimeout(() => (last = undefined), 100).unref());
    return last;
  };
  return [
    readGauge({
      name: 'acg_outbox_pending_events',
      help: 'Events written to the outbox and not yet published on the bus',
      read: async () => [{ value: (await read()).pending }],
    }),
    readGauge({
      name: 'acg_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest event waiting in the outbox (0 when none waits)',
      read: async () => [{ value: Number((await read()).age) }],
    }),
  ];
}
