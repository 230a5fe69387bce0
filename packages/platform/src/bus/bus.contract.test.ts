import { randomUUID } from 'node:crypto';
import { defineEvent, defineRpc, type EventEnvelope } from '@acg/contracts';
import { AckPolicy, jetstreamManager } from '@nats-io/jetstream';
import { type NatsConnection, nanos } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError, NotFoundError } from '../errors';
import type { InspectableBus } from './delivery';
import { BusNoRespondersError, BusTimeoutError } from './errors';
import { makeEvent } from './make-event';
import { createMemoryBus } from './memory';
import { connectNatsBus } from './nats';

/**
 * One suite, both buses: the in-process bus always, NATS when NATS_URL is set. Every NATS test
 * gets its own streams and subjects (random prefixes) and deletes them afterwards, so runs
 * against a shared server neither see nor leave each other's events and consumers.
 */
interface Harness {
  name: string;
  open(): Promise<{ bus: InspectableBus; cleanup(): Promise<void> }>;
}

const natsUrl = process.env.NATS_URL;
let admin: NatsConnection | undefined;

const memoryHarness: Harness = {
  name: 'memory',
  async open() {
    const bus = createMemoryBus();
    return { bus, cleanup: () => bus.drain() };
  },
};

const natsHarness = (url: string): Harness => ({
  name: 'nats',
  async open() {
    const token = randomUUID().replace(/-/g, '').slice(0, 12);
    const streamPrefix = `TEST_${token}_`;
    const bus = await connectNatsBus({
      url,
      name: 'bus-contract-test',
      streamPrefix,
      subjectPrefix: `test${token}.`,
    });
    return {
      bus,
      async cleanup() {
        await bus.drain();
        if (!admin) return;
        const jsm = await jetstreamManager(admin);
        await jsm.streams.delete(`${streamPrefix}EVENTS`).catch(() => undefined);
        await jsm.streams.delete(`${streamPrefix}DEADLETTER`).catch(() => undefined);
      },
    };
  },
});

const harnesses = [memoryHarness, ...(natsUrl ? [natsHarness(natsUrl)] : [])];

beforeAll(async () => {
  if (natsUrl) admin = await connect({ servers: natsUrl, name: 'bus-contract-test-admin' });
});
afterAll(async () => {
  await admin?.close();
});

/** Polls until `check` holds (vitest's own polling, no deadline of ours). */
async function waitFor(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`still waiting for ${what}`);
    },
    { timeout: 20_000, interval: 10 },
  );
}

/** A promise the test opens itself: a handler waits on it instead of sleeping. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * Holds each of `parties` callers until all of them have arrived (each names itself, so one
 * caller arriving twice counts once): consumers of one durable meet here, which only a bus that
 * hands each of them an event at the same time lets them do. `open()` lets everyone go (a
 * failed test does so, or the held handlers would keep the bus from draining).
 */
function meeting(parties: number) {
  const arrived = new Set<string>();
  const all = gate();
  return {
    async arrive(who: string): Promise<void> {
      arrived.add(who);
      if (arrived.size >= parties) all.open();
      await all.opened;
    },
    open: all.open,
  };
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

const cardDropped = defineEvent('card.dropped', z.object({ cardId: z.number().int() }));
const userCreated = defineEvent('user.created', z.object({ userId: z.number().int() }));
const tradeAccepted = defineEvent('trade.accepted', z.object({ tradeId: z.number().int() }));
const dropped = (cardId: number) => makeEvent(cardDropped, { cardId });

describe.each(harnesses)('$name bus', (harness) => {
  let bus: InspectableBus;
  let cleanup: () => Promise<void>;
  // Subjects are core NATS (not prefixed by the bus): unique per test so runs never answer each other.
  let rpcPrefix: string;

  beforeEach(async () => {
    ({ bus, cleanup } = await harness.open());
    rpcPrefix = `test.${randomUUID()}`;
  });
  afterEach(async () => {
    await cleanup();
  });

  const greetDef = () =>
    defineRpc(
      `${rpcPrefix}.greet`,
      z.object({ name: z.string().trim().min(1), times: z.number().int().default(1) }),
      z.object({ greeting: z.string(), requestId: z.string().optional() }),
      1000,
    );

  describe('request/reply', () => {
    it('round-trips validated data, applying the schemas on the serving side, and carries the request id', async () => {
      const def = greetDef();
      let calls = 0;
      bus.serve(def, async ({ name, times }, ctx) => {
        calls += 1;
        return { greeting: name.repeat(times), requestId: ctx.requestId };
      });
      expect(await bus.request(def, { name: '  Rin ' }, { requestId: 'req-1' })).toEqual({
        greeting: 'Rin',
        requestId: 'req-1',
      });
      expect(await bus.request(def, { name: 'ab', times: 2 })).toEqual({ greeting: 'abab' });

      const err = await rejection(bus.request(def, { name: '   ' }));
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(calls).toBe(2);
    });

    it('rejects a reply that does not match the response schema as a 500', async () => {
      const def = greetDef();
      bus.serve(def, async () => ({ greeting: 42 }) as unknown as { greeting: string });
      const err = await rejection(bus.request(def, { name: 'Rin' }));
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 500, code: 'internal_error' });
    });

    it('brings a handler AppError back with its status, code, message and details', async () => {
      const def = greetDef();
      bus.serve(def, async ({ name }) => {
        throw new NotFoundError(`Card ${name} not found`, { card: name });
      });
      const err = await rejection(bus.request(def, { name: 'Rem' }));
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({
        status: 404,
        code: 'not_found',
        message: 'Card Rem not found',
        details: { card: 'Rem' },
      });
    });

    it('turns any other handler error into a 500 without its message', async () => {
      const def = greetDef();
      bus.serve(def, async () => {
        throw new Error('password=hunter2');
      });
      const err = await rejection(bus.request(def, { name: 'Rin' }));
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 500, code: 'internal_error' });
      expect((err as AppError).message).not.toContain('hunter2');
    });

    it('times out with BusTimeoutError (503) when the handler is too slow', async () => {
      const def = greetDef();
      // The handler answers only after the request has given up: only the timeout can end it.
      const answer = gate();
      bus.serve(def, async ({ name }) => {
        await answer.opened;
        return { greeting: name };
      });
      const err = await rejection(bus.request(def, { name: 'Rin' }, { timeoutMs: 100 }));
      answer.open();
      expect(err).toBeInstanceOf(BusTimeoutError);
      expect(err).toMatchObject({ status: 503, code: 'upstream_timeout' });
    });

    it('fails fast with BusNoRespondersError (503) when nobody serves the subject', async () => {
      const def = greetDef();
      // A timeout longer than the test's own: only failing fast lets this test pass.
      const err = await rejection(bus.request(def, { name: 'Rin' }, { timeoutMs: 120_000 }));
      expect(err).toBeInstanceOf(BusNoRespondersError);
      expect(err).toMatchObject({ status: 503, code: 'upstream_unavailable' });

      const sub = bus.serve(def, async ({ name }) => ({ greeting: name }));
      expect(await bus.request(def, { name: 'Rin' })).toEqual({ greeting: 'Rin' });
      await sub.stop();
      expect(await rejection(bus.request(def, { name: 'Rin' }, { timeoutMs: 3000 }))).toBeInstanceOf(
        BusNoRespondersError,
      );
    });

    it('allows one handler per subject per process', () => {
      const def = greetDef();
      bus.serve(def, async ({ name }) => ({ greeting: name }));
      expect(() => bus.serve(def, async ({ name }) => ({ greeting: name }))).toThrow();
    });
  });

  describe('events', () => {
    const collect = () => {
      const seen: { event: EventEnvelope; deliveryCount: number }[] = [];
      const handler = async (event: EventEnvelope, ctx: { deliveryCount: number }) => {
        seen.push({ event, deliveryCount: ctx.deliveryCount });
      };
      return { seen, handler };
    };

    it('delivers published events of its types to a durable consumer', async () => {
      const { seen, handler } = collect();
      await bus.consume({ durable: 'drops', types: ['card.dropped'], handler });
      const events = [dropped(1), dropped(2), dropped(3)];
      await bus.publish(makeEvent(userCreated, { userId: 9 }));
      for (const e of events) await bus.publish(e);
      await waitFor(() => seen.length >= 3, 'three deliveries');
      expect(seen.map((s) => s.event)).toEqual(events);
      expect(seen.every((s) => s.deliveryCount === 1)).toBe(true);
    });

    it('delivers every type a consumer lists, and only those', async () => {
      const { seen, handler } = collect();
      await bus.consume({ durable: 'mixed', types: ['card.dropped', 'user.created'], handler });
      const events = [dropped(1), makeEvent(userCreated, { userId: 2 }), dropped(3)];
      await bus.publish(events[0] as EventEnvelope);
      await bus.publish(makeEvent(tradeAccepted, { tradeId: 5 }));
      await bus.publish(events[1] as EventEnvelope);
      await bus.publish(events[2] as EventEnvelope);
      await waitFor(() => seen.length >= 3, 'three deliveries');
      // Anything wrongly delivered would come before an event published after it.
      const marker = dropped(99);
      await bus.publish(marker);
      await waitFor(() => seen.some((s) => s.event.id === marker.id), 'the marker event');
      expect(seen.map((s) => s.event)).toEqual([...events, marker]);
    });

    it('does not deliver inside publish()', async () => {
      let handled = false;
      await bus.consume({
        durable: 'async',
        types: ['card.dropped'],
        handler: async () => {
          handled = true;
        },
      });
      // The consumer is live once it has handled a first event.
      await bus.publish(dropped(0));
      await waitFor(() => handled, 'the first delivery');
      handled = false;
      const publishing = bus.publish(dropped(1));
      expect(handled).toBe(false);
      await publishing;
      await waitFor(() => handled, 'the delivery');
    });

    it('de-duplicates a republished envelope id', async () => {
      const { seen, handler } = collect();
      await bus.consume({ durable: 'dedupe', types: ['card.dropped'], handler });
      const event = dropped(7);
      await bus.publish(event);
      await bus.publish(event);
      await bus.publish({ ...event, data: { cardId: 8 } });
      const marker = dropped(99);
      await bus.publish(marker);
      // The copies were published before the marker, so they would have come before it.
      await waitFor(() => seen.some((s) => s.event.id === marker.id), 'the marker event');
      expect(seen.map((s) => s.event)).toEqual([event, marker]);
    });

    it('redelivers after a throw, with backoff, until the handler succeeds', async () => {
      const attempts: { deliveryCount: number; at: number }[] = [];
      const marker = dropped(99);
      let markerDone = false;
      await bus.consume({
        durable: 'retry',
        types: ['card.dropped'],
        backoffMs: [80],
        handler: async (event, ctx) => {
          if (event.id === marker.id) {
            if (ctx.deliveryCount === 1) throw new Error('marker: once more');
            markerDone = true;
            return;
          }
          attempts.push({ deliveryCount: ctx.deliveryCount, at: Date.now() });
          if (ctx.deliveryCount < 3) throw new Error('database busy');
        },
      });
      await bus.publish(dropped(1));
      await waitFor(() => attempts.length >= 3, 'three attempts');
      // A fourth delivery would be due one backoff after the third was answered. The marker is
      // delivered only after that answer (one consumer takes one event at a time), then fails
      // once, so its own redelivery is due one backoff later still: it comes after any fourth.
      await bus.publish(marker);
      await waitFor(() => markerDone, 'the marker event, redelivered');
      expect(attempts.map((a) => a.deliveryCount)).toEqual([1, 2, 3]);
      const [a1, a2, a3] = attempts.map((a) => a.at) as [number, number, number];
      expect(a2 - a1).toBeGreaterThanOrEqual(60);
      expect(a3 - a2).toBeGreaterThanOrEqual(60);
      expect(await bus.deadLetters('retry')).toEqual([]);
    });

    it('dead-letters an event after maxDeliver failed deliveries and stops delivering it', async () => {
      const attempts: number[] = [];
      const { seen, handler: collectOthers } = collect();
      const marker = dropped(99);
      await bus.consume({
        durable: 'poisoned',
        types: ['card.dropped'],
        maxDeliver: 3,
        backoffMs: [20],
        handler: async (event, ctx) => {
          if (event.id === marker.id && ctx.deliveryCount === 1) throw new Error('marker: once more');
          if ((event.data as { cardId: number }).cardId !== 13) return collectOthers(event, ctx);
          attempts.push(ctx.deliveryCount);
          throw new Error('cannot apply card 13');
        },
      });
      const poison = dropped(13);
      const fine = dropped(14);
      await bus.publish(poison);
      await bus.publish(fine);
      await waitFor(async () => (await bus.deadLetters('poisoned')).length > 0, 'the dead letter');
      // Another delivery of the poison would be due one backoff after its last answer; the marker
      // comes after that answer and fails once, so it is redelivered one backoff later still.
      await bus.publish(marker);
      await waitFor(() => seen.some((s) => s.event.id === marker.id), 'the marker event, redelivered');
      expect(attempts).toEqual([1, 2, 3]);
      expect(seen.map((s) => s.event.id)).toEqual([fine.id, marker.id]);
      const letters = await bus.deadLetters('poisoned');
      expect(letters).toHaveLength(1);
      expect(letters[0]).toMatchObject({
        durable: 'poisoned',
        event: poison,
        deliveryCount: 3,
        error: 'cannot apply card 13',
      });
      expect(letters[0]?.subject).toMatch(/events\.card\.dropped$/);
      expect(await bus.deadLetters('other')).toEqual([]);
    });

    it('shares the work of one durable between its consumers, each event handled once', async () => {
      const handledBy: Record<string, string[]> = { a: [], b: [] };
      // Each consumer holds its first event until the other has one too (both are then busy at
      // once), and the first marker it gets until the other has a marker too: one consumer's
      // events come in order, so by then each has handled everything it was given before.
      const start = meeting(2);
      const end = meeting(2);
      const markers = [dropped(98), dropped(99)];
      const worker = (name: 'a' | 'b') => async (event: EventEnvelope) => {
        if (handledBy[name]?.length === 0) await start.arrive(name);
        if (markers.some((m) => m.id === event.id)) await end.arrive(name);
        handledBy[name]?.push(event.id);
      };
      await bus.consume({ durable: 'shared', types: ['card.dropped'], handler: worker('a') });
      await bus.consume({ durable: 'shared', types: ['card.dropped'], handler: worker('b') });
      const events = Array.from({ length: 30 }, (_, i) => dropped(i));
      const all = () => [...(handledBy.a ?? []), ...(handledBy.b ?? [])];
      try {
        for (const e of events) await bus.publish(e);
        await waitFor(() => new Set(all()).size === events.length, 'all events handled');
        for (const m of markers) await bus.publish(m);
        await waitFor(() => markers.every((m) => all().includes(m.id)), 'a marker handled by each consumer');
      } finally {
        start.open();
        end.open();
      }
      expect(all().sort()).toEqual([...events, ...markers].map((e) => e.id).sort());
      const eventsOf = (name: 'a' | 'b') =>
        (handledBy[name] ?? []).filter((id) => !markers.some((m) => m.id === id));
      expect(eventsOf('a').length).toBeGreaterThan(0);
      expect(eventsOf('b').length).toBeGreaterThan(0);
    });

    it('gives a consumer created later the events published before it, and resumes a durable where it stopped', async () => {
      const early = [dropped(1), dropped(2)];
      for (const e of early) await bus.publish(e);

      const first = collect();
      const sub = await bus.consume({ durable: 'late', types: ['card.dropped'], handler: first.handler });
      await waitFor(() => first.seen.length >= 2, 'the earlier events');
      expect(first.seen.map((s) => s.event)).toEqual(early);
      await sub.stop();

      const later = dropped(3);
      await bus.publish(later);
      const resumed = collect();
      await bus.consume({ durable: 'late', types: ['card.dropped'], handler: resumed.handler });
      // Anything replayed or repeated would come before an event published after it.
      const marker = dropped(99);
      await bus.publish(marker);
      await waitFor(() => resumed.seen.some((s) => s.event.id === marker.id), 'the marker event');
      expect(resumed.seen.map((s) => s.event)).toEqual([later, marker]);

      const other = collect();
      await bus.consume({ durable: 'late-audit', types: ['card.dropped'], handler: other.handler });
      await waitFor(() => other.seen.length >= 4, 'every event for another durable');
      expect(other.seen.map((s) => s.event)).toEqual([...early, later, marker]);
    });

    it('hands every live listener each new event of its types, alongside durable consumers', async () => {
      const first: EventEnvelope[] = [];
      const second: EventEnvelope[] = [];
      const durable = collect();
      await bus.consume({ durable: 'beside-listeners', types: ['card.dropped'], handler: durable.handler });
      const a = await bus.listen({
        types: ['card.dropped', 'trade.accepted'],
        handler: (e) => first.push(e),
      });
      await bus.listen({ types: ['card.dropped'], handler: (e) => second.push(e) });
      const events = [dropped(1), makeEvent(tradeAccepted, { tradeId: 2 }), dropped(3)];
      await bus.publish(makeEvent(userCreated, { userId: 9 }));
      for (const e of events) await bus.publish(e);
      await waitFor(() => first.length >= 3 && second.length >= 2, 'both listeners');
      await waitFor(() => durable.seen.length >= 2, 'the durable consumer');
      expect(first).toEqual(events);
      expect(second).toEqual([events[0], events[2]]);
      // A stopped listener hears nothing more; the others go on.
      await a.stop();
      const later = dropped(4);
      await bus.publish(later);
      await waitFor(() => second.length >= 3, 'the remaining listener');
      expect(second[2]).toEqual(later);
      expect(first).toHaveLength(3);
    });

    it('does not replay to a listener what was published before it listened, nor throw at the publisher', async () => {
      await bus.publish(dropped(1));
      const heard: EventEnvelope[] = [];
      await bus.listen({
        types: ['card.dropped'],
        handler: (e) => {
          heard.push(e);
          throw new Error('a broken listener');
        },
      });
      const after = dropped(2);
      await bus.publish(after);
      await waitFor(() => heard.length >= 1, 'the new event');
      expect(heard).toEqual([after]);
    });

    it('rejects an envelope that is not valid', async () => {
      const bad = { ...dropped(1), type: 'NotAType' };
      expect(await rejection(bus.publish(bad))).toMatchObject({ status: 400 });
    });
  });

  describe('lifecycle', () => {
    it('is ready until drained; drain lets in-flight work finish, then refuses new work', async () => {
      expect(await bus.ready()).toBe(true);
      const def = greetDef();
      // Both handlers hold their work until the test lets them finish, after drain() started.
      const work = gate();
      let requestStarted = false;
      bus.serve(def, async ({ name }) => {
        requestStarted = true;
        await work.opened;
        return { greeting: name };
      });
      const events: string[] = [];
      let eventStarted = false;
      await bus.consume({
        durable: 'drain',
        types: ['card.dropped'],
        handler: async (event) => {
          eventStarted = true;
          await work.opened;
          events.push(event.id);
        },
      });
      const event = dropped(1);
      await bus.publish(event);
      await waitFor(() => eventStarted, 'the event handler to start');
      const inFlight = bus.request(def, { name: 'Rin' });
      await waitFor(() => requestStarted, 'the request handler to start');

      let drained = false;
      const draining = bus.drain().then(() => {
        drained = true;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(drained).toBe(false);
      work.open();
      await draining;
      expect(events).toEqual([event.id]);
      expect(await inFlight).toEqual({ greeting: 'Rin' });
      expect(await bus.ready()).toBe(false);
      expect(await rejection(bus.request(def, { name: 'Rin' }))).toMatchObject({ status: 503 });
      expect(await rejection(bus.publish(dropped(2)))).toMatchObject({ status: 503 });
    });
  });
});

// Only JetStream can lose a delivery (the process that took it dies); the in-process bus cannot.
if (natsUrl) {
  describe('nats bus, unanswered deliveries', () => {
    it('dead-letters an event whose last delivery was never answered, without running the handler again', async () => {
      const token = randomUUID().replace(/-/g, '').slice(0, 12);
      const streamPrefix = `TEST_${token}_`;
      const subjectPrefix = `test${token}.`;
      const bus = await connectNatsBus({
        url: natsUrl,
        name: 'bus-contract-test',
        streamPrefix,
        subjectPrefix,
        ackWaitMs: 300,
      });
      const jsm = await jetstreamManager(admin as NatsConnection);
      try {
        const event = dropped(1);
        await bus.publish(event);
        // A process that took the only delivery allowed (maxDeliver 1), then died without answering.
        await jsm.consumers.add(`${streamPrefix}EVENTS`, {
          durable_name: 'crashy',
          ack_policy: AckPolicy.Explicit,
          ack_wait: nanos(300),
          max_deliver: 2,
          filter_subject: `${subjectPrefix}events.card.dropped`,
        });
        const crashed = await jsm.jetstream().consumers.get(`${streamPrefix}EVENTS`, 'crashy');
        expect((await crashed.next({ expires: 1000 }))?.info.deliveryCount).toBe(1);

        const calls: number[] = [];
        await bus.consume({
          durable: 'crashy',
          types: ['card.dropped'],
          maxDeliver: 1,
          handler: async (_e, ctx) => {
            calls.push(ctx.deliveryCount);
          },
        });
        await waitFor(async () => (await bus.deadLetters('crashy')).length > 0, 'the dead letter');
        const [letter] = await bus.deadLetters('crashy');
        expect(letter).toMatchObject({ event, deliveryCount: 2 });
        expect(calls).toEqual([]);
      } finally {
        await bus.drain();
        await jsm.streams.delete(`${streamPrefix}EVENTS`).catch(() => undefined);
        await jsm.streams.delete(`${streamPrefix}DEADLETTER`).catch(() => undefined);
      }
    });
  });
}
