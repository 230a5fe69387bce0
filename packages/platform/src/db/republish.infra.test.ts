import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@acg/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectableBus } from '../bus/delivery';
import { connectNatsBus } from '../bus/nats';
import {
  eventually,
  type FixtureDatabase,
  openFixtureDatabase,
  tables,
} from './__fixtures__/fixture-database';
import { startIdempotentConsumer } from './consumer';

/**
 * Exactly-once effects with at-least-once delivery (issue 23, rules §48), on a real NATS server
 * (the infrastructure pass): an outbox row published again after the stream's duplicate window
 * (a relay that published, lost its database before marking the row, and came back minutes
 * later) is stored twice by JetStream and delivered twice; the idempotent consumer applies it
 * once. The window is shortened to 300 ms on this test's own stream so the test need not wait
 * the production 2 minutes.
 */
const natsUrl = process.env.NATS_URL;
if (!natsUrl) throw new Error('republish.infra.test.ts runs in the infrastructure pass only (NATS_URL set)');

describe('an event republished after the duplicate window (NATS)', () => {
  const ns = `republish${randomUUID().slice(0, 8)}`;
  const stream = `${ns.toUpperCase()}_EVENTS`;
  let bus: InspectableBus;
  let fixture: Awaited<ReturnType<typeof openFixtureDatabase>>;
  let database: FixtureDatabase;

  beforeAll(async () => {
    fixture = await openFixtureDatabase();
    database = fixture.database;
    bus = await connectNatsBus({
      url: natsUrl,
      name: 'republish-test',
      streamPrefix: `${ns.toUpperCase()}_`,
      subjectPrefix: `${ns}.`,
    });
    const admin = await connect({ servers: natsUrl });
    try {
      const jsm = await jetstreamManager(admin);
      const info = await jsm.streams.info(stream);
      await jsm.streams.update(stream, { ...info.config, duplicate_window: nanos(300) });
    } finally {
      await admin.close();
    }
  });
  afterAll(async () => {
    await bus?.drain();
    const admin = await connect({ servers: natsUrl });
    const jsm = await jetstreamManager(admin);
    await jsm.streams.delete(stream).catch(() => undefined);
    await jsm.streams.delete(`${ns.toUpperCase()}_DEADLETTER`).catch(() => undefined);
    await admin.close();
    await fixture?.close();
  });

  it('is stored and delivered twice, and applied once', async () => {
    const [card] = await database.db.insert(tables.cards).values({ name: 'once' }).returning();
    const copies = async () =>
      (await database.db.select().from(tables.cards).where(eq(tables.cards.id, card!.id)))[0]!.copies;
    const deliveries: string[] = [];
    const durable = 'republish-cards';
    await startIdempotentConsumer({
      database,
      table: tables.processedMessages,
      bus,
      durable,
      types: ['card.granted'],
      handle: async (event, tx) => {
        await tx
          .update(tables.cards)
          .set({ copies: sql`${tables.cards.copies} + 1` })
          .where(eq(tables.cards.id, (event.data as { cardId: number }).cardId));
      },
    });
    // A plain consumer beside it counts what the bus delivers.
    await bus.consume({
      durable: 'republish-count',
      types: ['card.granted'],
      handler: async (event) => {
        deliveries.push(event.id);
      },
    });

    const event: EventEnvelope = {
      id: randomUUID(),
      type: 'card.granted',
      occurredAt: new Date().toISOString(),
      version: 1,
      data: { cardId: card!.id },
    };
    await bus.publish(event);
    await eventually(async () => (await copies()) === 1, 10_000);
    await new Promise((r) => setTimeout(r, 800));
    await bus.publish(event);

    await eventually(async () => deliveries.length === 2, 10_000);
    expect(deliveries).toEqual([event.id, event.id]);
    // The idempotent consumer got the second copy too and answered it (nothing pending).
    const admin = await connect({ servers: natsUrl });
    try {
      const jsm = await jetstreamManager(admin);
      expect((await jsm.streams.info(stream)).state.messages).toBe(2);
      await eventually(async () => {
        const info = await jsm.consumers.info(stream, durable);
        return info.num_pending === 0 && info.num_ack_pending === 0 && info.delivered.stream_seq === 2;
      }, 10_000);
    } finally {
      await admin.close();
    }
    expect(await copies()).toBe(1);
    const recorded = await database.db
      .select()
      .from(tables.processedMessages)
      .where(eq(tables.processedMessages.consumer, durable));
    expect(recorded.map((r) => r.messageId)).toEqual([event.id]);
  });
});
