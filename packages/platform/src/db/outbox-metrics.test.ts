import { randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../bus/memory';
import { registerMetrics } from '../http/metrics';
import {
  type FixtureDatabase,
  openFixtureDatabase,
  STARTUP_TIMEOUT_MS,
  tables,
} from './__fixtures__/fixture-database';
import { enqueue } from './outbox';
import { outboxMetrics } from './outbox-metrics';
import { startOutboxRelay } from './relay';

/** The gauges' lines of a registry's /metrics text. */
const gauges = async (registry: Registry) =>
  (await registry.metrics()).split('\n').filter((l) => l.startsWith('acg_outbox_'));

describe('the outbox metrics', () => {
  let fixture: Awaited<ReturnType<typeof openFixtureDatabase>>;
  let database: FixtureDatabase;
  beforeAll(async () => {
    fixture = await openFixtureDatabase();
    database = fixture.database;
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await database.db.delete(tables.outbox);
    await fixture.close();
  });

  it('read the events waiting and the age of the oldest, 0 once the relay published them', async () => {
    const registry = new Registry();
    registerMetrics(registry, ...outboxMetrics(database, tables.outbox));
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    await database.transaction(async (tx) => {
      for (const occurredAt of [minuteAgo, new Date().toISOString()])
        await enqueue(tx, tables.outbox, {
          id: randomUUID(),
          type: 'card.created',
          version: 1,
          occurredAt,
          data: {},
        });
    });
    const [pending, age] = await gauges(registry);
    expect(pending).toBe('acg_outbox_pending_events 2');
    const seconds = Number(age!.split(' ')[1]);
    expect(age).toMatch(/^acg_outbox_oldest_pending_age_seconds /);
    expect(seconds).toBeGreaterThanOrEqual(59);
    expect(seconds).toBeLessThan(120);

    const bus = createMemoryBus({});
    const relay = startOutboxRelay({ database, table: tables.outbox, bus, intervalMs: 60_000 });
    await relay.flush();
    await relay.stop();
    await bus.drain();
    // Read again (not the one query shared by a scrape's two gauges): a later scrape says so.
    await expect
      .poll(() => gauges(registry))
      .toEqual(['acg_outbox_pending_events 0', 'acg_outbox_oldest_pending_age_seconds 0']);
  });
});
