import { defineEvent } from '@acg/contracts';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectBus, makeEvent } from './index';

describe('makeEvent', () => {
  const cardGranted = defineEvent(
    'card.granted',
    z.object({ cardId: z.number().int(), source: z.string().default('drop') }),
    2,
  );

  it('builds an envelope with a fresh id, the time, the version and parsed data', () => {
    const before = Date.now();
    const a = makeEvent(cardGranted, { cardId: 7 });
    const b = makeEvent(cardGranted, { cardId: 7 });
    expect(a).toMatchObject({ type: 'card.granted', version: 2, data: { cardId: 7, source: 'drop' } });
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.id).not.toBe(b.id);
    expect(Date.parse(a.occurredAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(a.occurredAt).toISOString()).toBe(a.occurredAt);
  });

  it('refuses data that does not match the event schema', () => {
    expect(() => makeEvent(cardGranted, { cardId: 1.5 })).toThrow();
  });
});

describe('connectBus', () => {
  const logger = pino({ level: 'silent' });

  it('gives the in-process bus when no NATS URL is configured', async () => {
    const bus = await connectBus({ name: 'test', logger });
    expect(bus.kind).toBe('memory');
    expect(await bus.ready()).toBe(true);
    await bus.drain();
    expect(await bus.ready()).toBe(false);
  });

  const natsUrl = process.env.NATS_URL;
  if (natsUrl) {
    it('gives the NATS bus when a URL is configured', async () => {
      const bus = await connectBus({ natsUrl, name: 'test', logger });
      expect(bus.kind).toBe('nats');
      expect(await bus.ready()).toBe(true);
      await bus.drain();
      expect(await bus.ready()).toBe(false);
    });
  }
});

// Only where a NATS server is configured (the infrastructure pass): the in-process bus is one
// system by construction.
const natsUrls = process.env.NATS_URL ? [process.env.NATS_URL] : [];
describe.each(natsUrls)('bus namespaces on NATS %s', (natsUrl) => {
  it('keep request/reply of two systems on one server apart', async () => {
    const { defineRpc } = await import('@acg/contracts');
    const ping = defineRpc('test.namespace.ping', z.object({}), z.object({ from: z.string() }), 500);
    const logger = pino({ level: 'silent' });
    const suffix = Math.random().toString(36).slice(2, 8);
    const a = await connectBus({ natsUrl, name: 'a', logger, namespace: `nsa${suffix}` });
    const b = await connectBus({ natsUrl, name: 'b', logger, namespace: `nsb${suffix}` });
    try {
      const served = a.serve(ping, async () => ({ from: 'a' }));
      expect(await a.request(ping, {})).toEqual({ from: 'a' });
      await expect(b.request(ping, {})).rejects.toMatchObject({ status: 503 });
      await served.stop();
    } finally {
      await a.drain();
      await b.drain();
    }
  });
});
