import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { EventEnvelope } from '@acg/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InspectableBus } from './delivery';
import { connectNatsBus, DEFAULT_ACK_WAIT_MS } from './nats';

/**
 * Events in flight when a consumer stops (rules §39), against a real NATS server (NATS_URL; the
 * in-process bus has no separate processes to lose a delivery to), so it runs in the
 * infrastructure pass only (*.infra.test.ts). Every test gets its own streams and subjects.
 */
const natsUrl = process.env.NATS_URL;
if (!natsUrl) throw new Error('nats-drain.infra.test.ts runs in the infrastructure pass only (NATS_URL set)');
const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');

const probe = (): EventEnvelope => ({
  id: randomUUID(),
  type: 'bench.probed',
  occurredAt: new Date().toISOString(),
  version: 1,
  data: {},
});

interface Received {
  id: string;
  deliveryCount: number;
  at: number;
}

const opened: InspectableBus[] = [];
const prefixes: string[] = [];
afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((b) => b.drain()));
  const admin = await connect({ servers: natsUrl });
  const jsm = await jetstreamManager(admin);
  for (const p of prefixes.splice(0)) {
    await jsm.streams.delete(`${p.toUpperCase()}_EVENTS`).catch(() => undefined);
    await jsm.streams.delete(`${p.toUpperCase()}_DEADLETTER`).catch(() => undefined);
  }
  await admin.close();
});

const open = async (ns: string, opts: { ackWaitMs?: number; drainMs?: number } = {}) => {
  const bus = await connectNatsBus({
    url: natsUrl,
    name: 'nats-drain-test',
    streamPrefix: `${ns.toUpperCase()}_`,
    subjectPrefix: `${ns}.`,
    ...opts,
  });
  opened.push(bus);
  return bus;
};

/** Polls `check` until it holds (vi.waitFor), failing after `timeoutMs`. */
const until = (check: () => boolean, timeoutMs: number) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout: timeoutMs, interval: 20 });

/** A handler's hold: it stays unfinished until the test releases it (or forever). */
const gate = () => {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  return { held, release };
};

describe('a consumer stopping with an event in flight (NATS)', () => {
  it('hands an unfinished event back at the end of the drain period: another consumer gets it at once', async () => {
    const ns = `drain${randomUUID().slice(0, 8)}`;
    prefixes.push(ns);
    // The ack wait is long here: a redelivery within seconds can only come from the nak.
    const first = await open(ns, { ackWaitMs: 30_000, drainMs: 300 });
    const second = await open(ns, { ackWaitMs: 30_000 });
    const event = probe();
    const got: Received[] = [];
    // Never released: the handler is still running when its consumer drains.
    const stuck = gate();
    await first.consume({
      durable: 'drain-test',
      types: ['bench.probed'],
      handler: async (e, { deliveryCount }) => {
        got.push({ id: e.id, deliveryCount, at: Date.now() });
        await stuck.held;
      },
    });
    await first.publish(event);
    await until(() => got.length === 1, 5000);
    const laterGot: Received[] = [];
    await second.consume({
      durable: 'drain-test',
      types: ['bench.probed'],
      handler: async (e, { deliveryCount }) => {
        laterGot.push({ id: e.id, deliveryCount, at: Date.now() });
      },
    });
    const stopping = Date.now();
    await first.drain();
    expect(Date.now() - stopping).toBeLessThan(3000);
    await until(() => laterGot.length === 1, 5000);
    expect(laterGot[0]).toMatchObject({ id: event.id, deliveryCount: 2 });
    expect(laterGot[0]!.at - stopping).toBeLessThan(3000);
  });

  it('keeps a long handler’s event with heartbeats: no redelivery while it runs past the ack wait', async () => {
    const ns = `beat${randomUUID().slice(0, 8)}`;
    prefixes.push(ns);
    const a = await open(ns, { ackWaitMs: 600 });
    const b = await open(ns, { ackWaitMs: 600 });
    const got: Received[] = [];
    let finished = 0;
    const hold = gate();
    for (const bus of [a, b]) {
      await bus.consume({
        durable: 'beat-test',
        types: ['bench.probed'],
        handler: async (e, { deliveryCount }) => {
          got.push({ id: e.id, deliveryCount, at: Date.now() });
          await hold.held;
          finished++;
        },
      });
    }
    await a.publish(probe());
    await until(() => got.length === 1, 5000);
    // The handler runs on until four ack waits have passed since it got the event (time is what
    // this test is about: without heartbeats the server would redeliver after the first one).
    await until(() => Date.now() - got[0]!.at > 4 * 600, 10_000);
    hold.release();
    await until(() => finished === 1, 5000);
    // Once the server holds the ack nothing can be redelivered: read its own account.
    const admin = await connect({ servers: natsUrl });
    try {
      const jsm = await jetstreamManager(admin);
      await vi.waitFor(
        async () =>
          expect((await jsm.consumers.info(`${ns.toUpperCase()}_EVENTS`, 'beat-test')).num_ack_pending).toBe(
            0,
          ),
        { timeout: 5000, interval: 20 },
      );
      const info = await jsm.consumers.info(`${ns.toUpperCase()}_EVENTS`, 'beat-test');
      expect(info.num_redelivered).toBe(0);
    } finally {
      await admin.close();
    }
    expect(got).toHaveLength(1);
    expect(got[0]!.deliveryCount).toBe(1);
  });

  it(`redelivers the event of a killed process after the ack wait (${DEFAULT_ACK_WAIT_MS} ms), not 30 s`, async () => {
    const ns = `kill${randomUUID().slice(0, 8)}`;
    prefixes.push(ns);
    const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/runner/bench/redelivery-consumer.ts'], {
      cwd: repoRoot,
      env: { ...process.env, BUS_NAMESPACE: ns, HANDLER_MS: '60000' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    createInterface({ input: child.stdout! }).on('line', (l) => lines.push(l));
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    try {
      await until(() => lines.some((l) => l.includes('"consuming"')), 30_000);
      // The helper's namespace maps to these prefixes (connectBus: upper-case streams).
      const bus = await open(ns);
      const event = probe();
      await bus.publish(event);
      await until(() => lines.some((l) => l.includes(event.id)), 5000);
      const got: Received[] = [];
      await bus.consume({
        durable: 'bench-redelivery',
        types: ['bench.probed'],
        handler: async (e, { deliveryCount }) => {
          got.push({ id: e.id, deliveryCount, at: Date.now() });
        },
      });
      const killed = Date.now();
      child.kill('SIGKILL');
      await until(() => got.length > 0, 15_000);
      expect(got[0]).toMatchObject({ id: event.id, deliveryCount: 2 });
      const after = got[0]!.at - killed;
      expect(after).toBeLessThan(DEFAULT_ACK_WAIT_MS + 2000);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
  }, 60_000);
});
