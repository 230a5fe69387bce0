import { defineEvent, type EventEnvelope } from '@acg/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { UnavailableError } from '../errors';
import type { InspectableBus } from './delivery';
import { makeEvent } from './make-event';
import { createMemoryBus } from './memory';

// The in-process bus's own limits; the shared semantics are in bus.contract.test.ts.
const cardDropped = defineEvent('card.dropped', z.object({ cardId: z.number().int() }));

describe('memory bus limits', () => {
  let bus: InspectableBus;
  afterEach(async () => {
    vi.useRealTimers();
    await bus.drain();
  });

  const consumeAll = async (durable: string) => {
    const seen: EventEnvelope[] = [];
    await bus.consume({ durable, types: ['card.dropped'], handler: async (e) => void seen.push(e) });
    return seen;
  };

  it('keeps a bounded log: a late consumer gets only the newest maxEvents events', async () => {
    bus = createMemoryBus({ maxEvents: 2 });
    const events = [1, 2, 3].map((cardId) => makeEvent(cardDropped, { cardId }));
    for (const e of events) await bus.publish(e);
    const seen = await consumeAll('late');
    // Delivery is in order: had the oldest event been kept, it would have come first.
    await expect.poll(() => seen.length).toBeGreaterThanOrEqual(2);
    expect(seen).toEqual(events.slice(1));
  });

  /** A durable whose handler holds every event until `release`; `seen` lists the card ids. */
  const heldConsumer = async (durable: string) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const seen: number[] = [];
    await bus.consume({
      durable,
      types: ['card.dropped'],
      handler: async (e) => {
        await held;
        seen.push((e.data as { cardId: number }).cardId);
      },
    });
    return { seen, release };
  };

  it('keeps what a slow durable has not read beyond maxEvents, up to maxUnread', async () => {
    bus = createMemoryBus({ maxEvents: 2, maxUnread: 5 });
    const { seen, release } = await heldConsumer('slow');
    // The handler holds the first event until all are published: 4 wait unread behind it.
    for (const cardId of [1, 2, 3, 4, 5]) await bus.publish(makeEvent(cardDropped, { cardId }));
    release();
    await expect.poll(() => seen.length).toBe(5);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it('drops the oldest unread events past maxUnread', async () => {
    bus = createMemoryBus({ maxEvents: 2, maxUnread: 5 });
    const { seen, release } = await heldConsumer('stuck');
    for (const cardId of [1, 2, 3, 4, 5, 6, 7, 8]) await bus.publish(makeEvent(cardDropped, { cardId }));
    release();
    await expect.poll(() => seen.at(-1)).toBe(8);
    // Of the unread, the newest 5 were kept (1 too if the handler had it already): 2 and 3 went.
    expect(seen.filter((n) => n > 1)).toEqual([4, 5, 6, 7, 8]);
  });

  it('forgets envelope ids once the duplicate window has passed', async () => {
    // The window is measured on the wall clock: fake only Date, so delivery runs as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    bus = createMemoryBus({ duplicateWindowMs: 40 });
    const seen = await consumeAll('window');
    const event = makeEvent(cardDropped, { cardId: 1 });
    await bus.publish(event);
    await bus.publish(event);
    vi.setSystemTime(Date.now() + 39);
    await bus.publish(event);
    vi.setSystemTime(Date.now() + 2);
    await bus.publish(event);
    const marker = makeEvent(cardDropped, { cardId: 2 });
    await bus.publish(marker);
    await expect.poll(() => seen.map((e) => e.id)).toContain(marker.id);
    expect(seen.map((e) => e.id)).toEqual([event.id, event.id, marker.id]);
  });

  it('pauses a consumer on an outage (a 503 from its dependency) instead of dead-lettering the event (rules §48)', async () => {
    bus = createMemoryBus();
    let calls = 0;
    let applied = 0;
    await bus.consume({
      durable: 'paused',
      types: ['card.dropped'],
      // Two deliveries at most: without the pause the third failure would dead-letter the event.
      maxDeliver: 2,
      backoffMs: [10],
      handler: async () => {
        calls++;
        if (calls <= 3) throw new UnavailableError('auth is restarting');
        applied++;
      },
    });
    await bus.publish(makeEvent(cardDropped, { cardId: 1 }));
    await expect.poll(() => applied, { timeout: 10_000 }).toBe(1);
    expect(calls).toBe(4);
    expect(await bus.deadLetters('paused')).toEqual([]);
  });

  it('still dead-letters an event whose handler fails for any other reason', async () => {
    bus = createMemoryBus();
    await bus.consume({
      durable: 'broken',
      types: ['card.dropped'],
      maxDeliver: 2,
      backoffMs: [10],
      handler: async () => {
        throw new TypeError('a bug');
      },
    });
    await bus.publish(makeEvent(cardDropped, { cardId: 2 }));
    await expect.poll(async () => (await bus.deadLetters('broken')).length, { timeout: 10_000 }).toBe(1);
  });
});
