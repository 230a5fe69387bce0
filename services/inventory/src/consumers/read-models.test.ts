import { randomUUID } from 'node:crypto';
import {
  type CardSummary,
  cardCreated,
  cardDeleted,
  cardsRescored,
  cardsUpdated,
  cardUpdated,
  defineRpc,
  type EventEnvelope,
  userCreated,
  userUpdated,
} from '@acg/contracts';
import {
  type Bus,
  type ConsumeOptions,
  connectNatsBus,
  createLogger,
  createMemoryBus,
  type Database,
  makeEvent,
  openServiceDatabase,
  type Subscription,
} from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cardSummaries, processedMessages, userSummaries } from '../db/schema';
import { inventoryDatabase } from '../start';
import { card, user, waitFor } from '../test/harness';
import { CARD_CONSUMER, startReadModelConsumers } from './read-models';

/**
 * The read-model consumers on each bus: the in-process one always, NATS when NATS_URL is set
 * (own stream and subject prefixes, removed afterwards). "Delivered twice" is real on the
 * in-process bus (a duplicate window of 0 lets the same envelope through again); on NATS, whose
 * stream drops a republished id, the consumer's handler is handed the envelope a second time, as
 * the server does when an ack was lost after the commit.
 */
interface BusUnderTest {
  name: string;
  open(): Promise<{
    bus: Pick<Bus, 'consume' | 'publish'>;
    redeliver(e: EventEnvelope): Promise<void>;
    close(): Promise<void>;
  }>;
}

const memoryBus: BusUnderTest = {
  name: 'in-process bus',
  async open() {
    const bus = createMemoryBus({ duplicateWindowMs: 0 });
    return { bus, redeliver: (e) => bus.publish(e), close: () => bus.drain() };
  },
};

const natsBus = (url: string): BusUnderTest => ({
  name: 'NATS',
  async open() {
    const token = randomUUID().replaceAll('-', '').slice(0, 12);
    const bus = await connectNatsBus({
      url,
      name: 'inventory-consumer-test',
      streamPrefix: `TEST_${token}_`,
      subjectPrefix: `test${token}.`,
    });
    // The handler each event type goes to, to hand it an envelope a second time.
    const handlers = new Map<string, ConsumeOptions['handler']>();
    return {
      bus: {
        publish: (e) => bus.publish(e),
        consume: (opts) => {
          for (const type of opts.types) handlers.set(type, opts.handler);
          return bus.consume(opts);
        },
      },
      async redeliver(e) {
        const handler = handlers.get(e.type);
        if (!handler) throw new Error(`no consumer of ${e.type}`);
        await handler(e, { deliveryCount: 2 });
      },
      async close() {
        // JetStream's API is plain request/reply on $JS.API.*: remove this run's streams.
        for (const stream of [`TEST_${token}_EVENTS`, `TEST_${token}_DEADLETTER`]) {
          const remove = defineRpc(`$JS.API.STREAM.DELETE.${stream}`, z.object({}), z.unknown());
          // The server's reply is not in our RPC wire format, so decoding it always fails.
          await bus.request(remove, {}).catch(() => undefined);
        }
        await bus.drain();
      },
    };
  },
});

const buses = [memoryBus, ...(process.env.NATS_URL ? [natsBus(process.env.NATS_URL)] : [])];

let testDb: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openServiceDatabase(
    inventoryDatabase,
    testDb.url,
    createLogger('inventory-test', 'silent'),
  );
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

const at = <T>(event: EventEnvelope<T>, iso: string): EventEnvelope<T> => ({ ...event, occurredAt: iso });
const summary = async (id: number) =>
  (await database.db.select().from(cardSummaries).where(eq(cardSummaries.id, id)))[0];
const applied = (id: number) => async () => (await summary(id)) !== undefined;

describe.each(buses)('read-model consumers on the $name', (under) => {
  let opened: Awaited<ReturnType<BusUnderTest['open']>>;
  let subscriptions: Subscription[] = [];
  // Card ids of this bus's run, apart from the other bus's rows in the same database.
  const base = under.name === 'NATS' ? 20_000 : 10_000;
  beforeAll(async () => {
    opened = await under.open();
    subscriptions = await startReadModelConsumers(opened.bus, database);
  });
  afterAll(async () => {
    for (const s of subscriptions) await s.stop();
    await opened?.close();
  });
  const publish = (e: EventEnvelope) => opened.bus.publish(e);
  /** A later event on the same durable: once it is applied, everything before it was handled. */
  let barriers = 0;
  const barrier = async () => {
    barriers += 1;
    const id = base + 900 + barriers;
    await publish(makeEvent(cardCreated, card(id)));
    await waitFor(applied(id), `barrier card ${id}`);
  };

  it('applies a card event once even when it is delivered twice', async () => {
    const id = base + 1;
    const created = at(
      makeEvent(cardCreated, card(id, { characterName: 'Frieren' })),
      '2026-01-01T00:00:00.000Z',
    );
    await publish(created);
    await waitFor(applied(id), 'card.created');
    const updated = at(
      makeEvent(cardUpdated, card(id, { characterName: 'Frieren the Slayer' })),
      '2026-01-01T00:00:00.000Z',
    );
    // Same time as the created event: only the record of processed ids keeps the old one out.
    await publish(updated);
    await waitFor(async () => (await summary(id))?.characterName === 'Frieren the Slayer', 'card.updated');

    await opened.redeliver(created);
    await barrier();
    expect((await summary(id))?.characterName).toBe('Frieren the Slayer');
    const [seen] = await database.db
      .select({ n: count() })
      .from(processedMessages)
      .where(eq(processedMessages.messageId, created.id));
    expect(seen?.n).toBe(1);
    const [consumer] = await database.db
      .select({ consumer: processedMessages.consumer })
      .from(processedMessages)
      .where(eq(processedMessages.messageId, created.id));
    expect(consumer?.consumer).toBe(CARD_CONSUMER);
  });

  it('ignores an event older than what the read model shows', async () => {
    const id = base + 2;
    const newer = (over: Partial<CardSummary>) =>
      at(makeEvent(cardUpdated, card(id, over)), '2026-02-01T00:00:00.000Z');
    await publish(newer({ rankCode: 'X', limited: true }));
    await waitFor(applied(id), 'newer card.updated');
    await publish(at(makeEvent(cardCreated, card(id, { rankCode: 'E' })), '2026-01-15T00:00:00.000Z'));
    await barrier();
    expect(await summary(id)).toMatchObject({ rankCode: 'X', limited: true, deleted: false });
  });

  it('keeps a deletion that overtook the creation, and a deletion that came after it', async () => {
    const early = base + 3;
    await publish(at(makeEvent(cardDeleted, { id: early }), '2026-03-02T00:00:00.000Z'));
    await waitFor(applied(early), 'tombstone');
    await publish(at(makeEvent(cardCreated, card(early)), '2026-03-01T00:00:00.000Z'));
    await barrier();
    expect(await summary(early)).toMatchObject({ deleted: true, characterName: null });

    const late = base + 4;
    await publish(
      at(makeEvent(cardCreated, card(late, { characterName: 'Himmel' })), '2026-03-01T00:00:00.000Z'),
    );
    await publish(at(makeEvent(cardDeleted, { id: late }), '2026-03-02T00:00:00.000Z'));
    await waitFor(async () => (await summary(late))?.deleted === true, 'card.deleted');
    expect((await summary(late))?.characterName).toBe('Himmel');
  });

  it('applies a cards.updated batch card by card, never over a newer summary, and once', async () => {
    const [a, b, c] = [base + 11, base + 12, base + 13];
    for (const id of [a, b, c])
      await publish(at(makeEvent(cardCreated, card(id, { rarityScore: 1 })), '2026-04-01T00:00:00.000Z'));
    await waitFor(applied(c), 'the three cards');
    // c changed again after the batch was computed: the batch must not undo that.
    await publish(
      at(makeEvent(cardUpdated, card(c, { rarityScore: 9, rankCode: 'S' })), '2026-04-03T00:00:00.000Z'),
    );
    await waitFor(async () => (await summary(c))?.rarityScore === 9, 'the newer card.updated');
    const batch = at(
      makeEvent(cardsUpdated, {
        cards: [card(a, { rarityScore: 2 }), card(b, { rarityScore: 3 }), card(c, { rarityScore: 4 })],
      }),
      '2026-04-02T00:00:00.000Z',
    );
    await publish(batch);
    await waitFor(async () => (await summary(b))?.rarityScore === 3, 'cards.updated');
    expect((await summary(a))?.rarityScore).toBe(2);
    expect(await summary(c)).toMatchObject({ rarityScore: 9, rankCode: 'S' });
    // Delivered again after a newer single update of a: still no step back.
    await publish(at(makeEvent(cardUpdated, card(a, { rarityScore: 7 })), '2026-04-04T00:00:00.000Z'));
    await waitFor(async () => (await summary(a))?.rarityScore === 7, 'a newer card.updated of a');
    await opened.redeliver(batch);
    await barrier();
    expect((await summary(a))?.rarityScore).toBe(7);
  });

  it('applies a cards.rescored to the cards it knows, never over a newer event, never to a deleted or unseen card', async () => {
    const [a, b, c, gone, unseen] = [base + 21, base + 22, base + 23, base + 24, base + 25];
    for (const id of [a, b, c, gone])
      await publish(
        at(makeEvent(cardCreated, card(id, { rarityScore: 1, rankCode: 'B' })), '2026-05-01T00:00:00.000Z'),
      );
    await publish(at(makeEvent(cardDeleted, { id: gone }), '2026-05-01T12:00:00.000Z'));
    await waitFor(async () => (await summary(gone))?.deleted === true, 'the four cards, one deleted');
    // c changed after the rescore was computed: the rescore must not undo that.
    await publish(at(makeEvent(cardUpdated, card(c, { rarityScore: 9 })), '2026-05-03T00:00:00.000Z'));
    await waitFor(async () => (await summary(c))?.rarityScore === 9, 'the newer card.updated');
    const rescore = at(
      makeEvent(cardsRescored, { ids: [a, b, c, gone, unseen], scores: [12.5, 33.25, 4, 5, 6] }),
      '2026-05-02T00:00:00.000Z',
    );
    await publish(rescore);
    await waitFor(async () => (await summary(b))?.rarityScore === 33.25, 'cards.rescored');
    expect(await summary(a)).toMatchObject({ rarityScore: 12.5, rankCode: 'B', deleted: false });
    expect(await summary(c)).toMatchObject({ rarityScore: 9 });
    expect(await summary(gone)).toMatchObject({ deleted: true });
    expect(await summary(unseen)).toBeUndefined();
    // Delivered again after a newer update of a: no step back.
    await publish(at(makeEvent(cardUpdated, card(a, { rarityScore: 70 })), '2026-05-04T00:00:00.000Z'));
    await waitFor(async () => (await summary(a))?.rarityScore === 70, 'a newer card.updated of a');
    await opened.redeliver(rescore);
    await barrier();
    expect((await summary(a))?.rarityScore).toBe(70);
  });

  it('keeps user summaries from user events, newest first', async () => {
    const id = base + 5;
    const newer = at(
      makeEvent(userUpdated, user(id, 'new_name', { avatar: 'abc' })),
      '2026-04-02T00:00:00.000Z',
    );
    const older = at(makeEvent(userCreated, user(id, 'old_name')), '2026-04-01T00:00:00.000Z');
    await publish(newer);
    await publish(older);
    // User events have their own durable, so the card barrier says nothing about them: wait
    // until both were handled (their ids recorded with the change).
    await waitFor(async () => {
      const [done] = await database.db
        .select({ n: count() })
        .from(processedMessages)
        .where(inArray(processedMessages.messageId, [newer.id, older.id]));
      return done?.n === 2;
    }, 'both user events');
    const [row] = await database.db.select().from(userSummaries).where(eq(userSummaries.id, id));
    expect(row).toMatchObject({ username: 'new_name', avatar: 'abc', discordId: user(id, '').discordId });
  });

  it('names a member by the display name a user event carries (global_name), by username without one', async () => {
    const id = base + 6;
    const event = at(
      makeEvent(userUpdated, { ...user(id, 'sakura_fan'), displayName: 'Sakura Fan' }),
      '2026-04-03T00:00:00.000Z',
    );
    await publish(event);
    await waitFor(async () => {
      const [done] = await database.db
        .select({ n: count() })
        .from(processedMessages)
        .where(eq(processedMessages.messageId, event.id));
      return done?.n === 1;
    }, 'the user event');
    const [row] = await database.db.select().from(userSummaries).where(eq(userSummaries.id, id));
    expect(row?.username).toBe('Sakura Fan');
  });
});
