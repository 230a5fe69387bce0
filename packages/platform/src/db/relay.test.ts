import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@acg/contracts';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../bus/memory';
import type { Bus } from '../bus/types';
import {
  eventually,
  type FixtureDatabase,
  openFixtureDatabase,
  STARTUP_TIMEOUT_MS,
  tables,
} from './__fixtures__/fixture-database';
import { enqueue } from './outbox';
import { type OutboxRelay, startOutboxRelay } from './relay';

const cardCreated = (name: string): EventEnvelope => ({
  id: randomUUID(),
  type: 'card.created',
  occurredAt: new Date().toISOString(),
  version: 1,
  data: { name },
});

/**
 * The memory bus with its duplicate window off, so every publish the relays make is delivered
 * (a double publish is not hidden by the bus), and a record of the publishes themselves.
 */
async function recordingBus() {
  const memoryBus = createMemoryBus({ duplicateWindowMs: 0 });
  const published: EventEnvelope[] = [];
  const delivered: EventEnvelope[] = [];
  const bus: Bus = {
    ...memoryBus,
    publish: async (event) => {
      await memoryBus.publish(event);
      published.push(event);
    },
  };
  await memoryBus.consume({
    durable: `relay-test-${randomUUID()}`,
    types: ['card.created'],
    handler: async (event) => {
      delivered.push(event);
    },
  });
  return { bus, published, delivered };
}

/** A bus whose first `failures` publishes fail (the broker being down), then recovers. */
function failingFirst(bus: Bus, failures: number): Bus {
  let left = failures;
  return {
    ...bus,
    publish: async (event) => {
      if (left-- > 0) throw new Error('NATS unavailable');
      return bus.publish(event);
    },
  };
}

describe('outbox relay', () => {
  let fixture: Awaited<ReturnType<typeof openFixtureDatabase>>;
  let database: FixtureDatabase;
  const running: OutboxRelay[] = [];
  const buses: Bus[] = [];
  const start = (...args: Parameters<typeof startOutboxRelay<typeof tables>>) => {
    const relay = startOutboxRelay(...args);
    running.push(relay);
    return relay;
  };

  beforeAll(async () => {
    fixture = await openFixtureDatabase();
    database = fixture.database;
  }, STARTUP_TIMEOUT_MS);
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.stop()));
    await Promise.all(buses.splice(0).map((b) => b.drain()));
    await database.db.delete(tables.outbox);
  });
  afterAll(() => fixture.close());

  it('publishes an event committed with the change and never one whose transaction rolled back', async () => {
    const { bus, delivered } = await recordingBus();
    buses.push(bus);
    const kept = cardCreated('Rem');
    const lost = cardCreated('Ram');
    await database.transaction(async (tx) => {
      await tx.insert(tables.cards).values({ name: 'Rem' });
      await enqueue(tx, tables.outbox, kept);
    });
    await expect(
      database.transaction(async (tx) => {
        await tx.insert(tables.cards).values({ name: 'Ram' });
        await enqueue(tx, tables.outbox, lost);
        throw new Error('validation failed after the insert');
      }),
    ).rejects.toThrow();

    const relay = start({ database, table: tables.outbox, bus, intervalMs: 60_000 });
    await relay.flush();
    await eventually(async () => expect(delivered.map((e) => e.id)).toEqual([kept.id]));
    expect(delivered[0]).toEqual(kept);
    const rows = await database.db.select().from(tables.outbox);
    expect(rows.map((r) => r.id)).toEqual([kept.id]);
    expect(rows[0]!.publishedAt).toBeInstanceOf(Date);
  });

  it('publishes each committed event exactly once with two relays (replicas) working together', async () => {
    const { bus, published, delivered } = await recordingBus();
    buses.push(bus);
    const events = Array.from({ length: 120 }, (_, i) => cardCreated(`card ${i}`));
    for (let i = 0; i < events.length; i += 10) {
      await database.transaction(async (tx) => {
        for (const e of events.slice(i, i + 10)) await enqueue(tx, tables.outbox, e);
      });
    }
    // Each replica has its own pool, as separate processes would.
    const replica = fixture.open();
    const relays = [
      start({ database, table: tables.outbox, bus, intervalMs: 5, batchSize: 7 }),
      start({ database: replica, table: tables.outbox, bus, intervalMs: 5, batchSize: 7 }),
    ];
    for (let i = 0; i < 20; i++) for (const r of relays) r.kick();

    await eventually(async () => expect(delivered).toHaveLength(events.length));
    await Promise.all(relays.map((r) => r.flush()));
    expect(published).toHaveLength(events.length);
    expect(new Set(published.map((e) => e.id))).toEqual(new Set(events.map((e) => e.id)));
    expect(new Set(delivered.map((e) => e.id)).size).toBe(events.length);
    expect(await database.db.select().from(tables.outbox).where(isNull(tables.outbox.publishedAt))).toEqual(
      [],
    );
  });

  it('publishes oldest first', async () => {
    const { bus, delivered } = await recordingBus();
    buses.push(bus);
    const base = Date.now() - 60_000;
    const events = [3, 1, 2].map((n) => ({
      ...cardCreated(`card ${n}`),
      occurredAt: new Date(base + n * 1000).toISOString(),
    }));
    for (const e of events) await enqueue(database.db, tables.outbox, e);
    const relay = start({ database, table: tables.outbox, bus, intervalMs: 60_000 });
    await relay.flush();
    await eventually(async () => expect(delivered).toHaveLength(3));
    expect(delivered.map((e) => e.data)).toEqual([
      { name: 'card 1' },
      { name: 'card 2' },
      { name: 'card 3' },
    ]);
  });

  it('leaves a row pending when publishing fails and publishes it on a later sweep', async () => {
    const { bus, delivered } = await recordingBus();
    buses.push(bus);
    const event = cardCreated('Emilia');
    await enqueue(database.db, tables.outbox, event);

    // The relay's start-up pass meets the broker down.
    const relay = start({ database, table: tables.outbox, bus: failingFirst(bus, 1), intervalMs: 60_000 });
    const row = async () =>
      (await database.db.select().from(tables.outbox).where(eq(tables.outbox.id, event.id)))[0];
    await eventually(async () => (await row())?.attempts === 1);
    await relay.stop();
    expect(await row()).toMatchObject({
      publishedAt: null,
      attempts: 1,
      lastError: 'Error: NATS unavailable',
    });
    expect(delivered).toEqual([]);

    // Nobody kicks this relay: only its periodic sweep can find the row.
    start({ database, table: tables.outbox, bus, intervalMs: 50 });
    await eventually(async () => expect(delivered.map((e) => e.id)).toEqual([event.id]));
    expect((await row())?.publishedAt).toBeInstanceOf(Date);
    expect((await row())?.attempts).toBe(1);
  });

  it('sweeps rows nobody kicked for (left behind by a crash) while running', async () => {
    const { bus, delivered } = await recordingBus();
    buses.push(bus);
    const relay = start({ database, table: tables.outbox, bus, intervalMs: 50 });
    await relay.flush();
    const event = cardCreated('Subaru');
    await enqueue(database.db, tables.outbox, event);
    await eventually(async () => expect(delivered.map((e) => e.id)).toEqual([event.id]));
  });

  it('stop() waits for the batch in flight', async () => {
    const bus = createMemoryBus({ duplicateWindowMs: 0 });
    buses.push(bus);
    let published = 0;
    let publishing = false;
    // The publish in flight holds until the test lets it go, after stop() was called.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowBus: Bus = {
      ...bus,
      publish: async (event) => {
        publishing = true;
        await released;
        await bus.publish(event);
        published++;
      },
    };
    await enqueue(database.db, tables.outbox, cardCreated('Beatrice'));
    const relay = startOutboxRelay({ database, table: tables.outbox, bus: slowBus, intervalMs: 60_000 });
    await eventually(async () => publishing);
    let stopped = false;
    const stopping = relay.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(published).toBe(1);
    const rows = await database.db.select().from(tables.outbox);
    expect(rows[0]!.publishedAt).toBeInstanceOf(Date);
  });
});
