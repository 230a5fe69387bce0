import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@acg/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryBus } from '../bus/memory';
import type { Bus, ConsumeOptions, Subscription } from '../bus/types';
import {
  eventually,
  type FixtureDatabase,
  openFixtureDatabase,
  STARTUP_TIMEOUT_MS,
  tables,
} from './__fixtures__/fixture-database';
import { startIdempotentConsumer } from './consumer';
import type { Tx } from './database';

const cardGranted = (cardId: number): EventEnvelope<{ cardId: number }> => ({
  id: randomUUID(),
  type: 'card.granted',
  occurredAt: new Date().toISOString(),
  version: 1,
  data: { cardId },
});

/** The handler under test: one more copy of the granted card. */
const grantCopy = async (event: EventEnvelope, tx: Tx<typeof tables>) => {
  const { cardId } = event.data as { cardId: number };
  await tx
    .update(tables.cards)
    .set({ copies: sql`${tables.cards.copies} + 1` })
    .where(eq(tables.cards.id, cardId));
};

describe('idempotent consumer', () => {
  let fixture: Awaited<ReturnType<typeof openFixtureDatabase>>;
  let database: FixtureDatabase;
  let cardId: number;
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    fixture = await openFixtureDatabase();
    database = fixture.database;
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => fixture.close());
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const freshCard = async () => {
    const [card] = await database.db
      .insert(tables.cards)
      .values({ name: `card ${randomUUID()}` })
      .returning();
    cardId = card!.id;
    return cardId;
  };
  const copies = async () =>
    (await database.db.select().from(tables.cards).where(eq(tables.cards.id, cardId)))[0]!.copies;
  const processed = async (durable: string) =>
    database.db.select().from(tables.processedMessages).where(eq(tables.processedMessages.consumer, durable));
  /** Memory bus that delivers a re-published id again (as a redelivery or a relay retry would). */
  const duplicatingBus = () => {
    const bus = createMemoryBus({ duplicateWindowMs: 0 });
    cleanups.push(() => bus.drain());
    return bus;
  };

  it('applies an envelope delivered twice only once', async () => {
    const bus = duplicatingBus();
    const durable = `inventory-cards-${randomUUID().slice(0, 8)}`;
    await freshCard();
    const handled: string[] = [];
    await startIdempotentConsumer({
      database,
      table: tables.processedMessages,
      bus,
      durable,
      types: ['card.granted'],
      handle: async (event, tx) => {
        handled.push(event.id);
        await grantCopy(event, tx);
      },
    });
    const grant = cardGranted(cardId);
    const marker = cardGranted(cardId);
    await bus.publish(grant);
    await bus.publish(grant);
    await bus.publish(marker);
    // One worker handles the durable in order: once the marker is applied, both copies were seen.
    await eventually(async () => (await processed(durable)).length === 2);
    expect(handled).toEqual([grant.id, marker.id]);
    expect(await copies()).toBe(2);
    expect((await processed(durable)).map((p) => p.messageId).sort()).toEqual([grant.id, marker.id].sort());
  });

  /** Sessions of this database waiting for a lock another transaction holds. */
  const lockWaiters = async () =>
    (
      await database.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
      )
    ).rows[0]!.n;

  it('applies a duplicate handled by two replicas at the same moment once', async () => {
    // The bus interface only: both replicas are handed the same message concurrently, as two
    // processes of one durable can be after a redelivery.
    const handlers: ConsumeOptions['handler'][] = [];
    const bus: Pick<Bus, 'consume'> = {
      consume: async (opts): Promise<Subscription> => {
        handlers.push(opts.handler);
        return { stop: async () => {} };
      },
    };
    await freshCard();
    const durable = `inventory-race-${randomUUID().slice(0, 8)}`;
    let applied = 0;
    for (const db of [database, fixture.open()]) {
      await startIdempotentConsumer({
        database: db,
        table: tables.processedMessages,
        bus,
        durable,
        types: ['card.granted'],
        handle: async (event, tx) => {
          await grantCopy(event, tx);
          // Hold the transaction open until the other replica waits on a lock it holds.
          await vi.waitFor(async () => expect(await lockWaiters()).toBeGreaterThan(0), { timeout: 10_000 });
          applied++;
        },
      });
    }
    const grant = cardGranted(cardId);
    await Promise.all(handlers.map((h) => h(grant, { deliveryCount: 1 })));
    expect(applied).toBe(1);
    expect(await copies()).toBe(1);
    expect(await processed(durable)).toHaveLength(1);
  });

  it('records nothing when the handler throws, and applies the event on redelivery', async () => {
    const bus = duplicatingBus();
    const durable = `inventory-retry-${randomUUID().slice(0, 8)}`;
    await freshCard();
    const seenOnDelivery: Array<{ deliveryCount: number; copies: number }> = [];
    await startIdempotentConsumer({
      database,
      table: tables.processedMessages,
      bus,
      durable,
      types: ['card.granted'],
      backoffMs: [20],
      handle: async (event, tx, ctx) => {
        // What this attempt starts from: the earlier attempt's changes must all be gone.
        const [card] = await tx.select().from(tables.cards).where(eq(tables.cards.id, cardId));
        seenOnDelivery.push({ deliveryCount: ctx.deliveryCount, copies: card!.copies });
        await grantCopy(event, tx);
        if (ctx.deliveryCount === 1) throw new Error('catalogue not reachable');
      },
    });
    const grant = cardGranted(cardId);
    await bus.publish(grant);
    await eventually(async () => (await processed(durable)).length === 1);
    // The retry ran at all, so the failed attempt's processed-message row was rolled back, and
    // it started from the card as it was before the failed attempt.
    expect(seenOnDelivery).toEqual([
      { deliveryCount: 1, copies: 0 },
      { deliveryCount: 2, copies: 0 },
    ]);
    expect(await copies()).toBe(1);
    expect(await processed(durable)).toHaveLength(1);
  });

  it('dead-letters an event whose handler keeps failing, with nothing recorded', async () => {
    const bus = duplicatingBus();
    const durable = `inventory-poison-${randomUUID().slice(0, 8)}`;
    await freshCard();
    let attempts = 0;
    await startIdempotentConsumer({
      database,
      table: tables.processedMessages,
      bus,
      durable,
      types: ['card.granted'],
      maxDeliver: 3,
      backoffMs: [5],
      handle: async (event, tx) => {
        attempts++;
        await grantCopy(event, tx);
        throw new Error('always broken');
      },
    });
    const grant = cardGranted(cardId);
    await bus.publish(grant);
    await eventually(async () => (await bus.deadLetters(durable)).length === 1);
    expect(attempts).toBe(3);
    expect((await bus.deadLetters(durable))[0]?.event?.id).toBe(grant.id);
    expect(await processed(durable)).toEqual([]);
    expect(await copies()).toBe(0);
  });
});
