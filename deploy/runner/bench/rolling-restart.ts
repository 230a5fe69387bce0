/**
 * A rolling restart under load, on the compiled processes (issue 7, items 6 and 7; rules §39).
 *
 *   sh deploy/build-runtime-tree.sh .tmp/runtime
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
 *   NATS_URL=nats://127.0.0.1:4222 pnpm exec tsx deploy/runner/bench/rolling-restart.ts \
 *     [--runtime .tmp/runtime] [--connections 20] [--load-seconds 60]
 *
 * Starts the distributed system from the runtime trees (`node main.mjs`, NODE_ENV=production, as
 * the image runs them) in a fresh database and NATS namespace, with a second replica of every
 * service and of the gateway. Then:
 *   1. RSS of every process when idle;
 *   2. after a warm-up (each request a few times, one at a time), a mixed load (`--connections` workers, every service's routes, reads and a write) through
 *      whichever gateways answer /readyz 200, as a load balancer would send it (no retries);
 *   3. RSS of every process after `--load-seconds` of it;
 *   4. under the same load, every process restarted one at a time (SIGTERM, wait for its exit,
 *      start it again, wait until ready): first each service's two replicas, then the gateways;
 *   5. the failed requests: any network error, any 5xx, any answer the route never gives;
 *   6. an event handler stopped mid-delivery, by SIGTERM and by SIGKILL: how long until another
 *      consumer of the same durable receives the event.
 * Exit code 1 when a request failed or a redelivery took longer than 10 s.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { builtServices } from '@acg/contracts';
import { connectBus, createLogger } from '@acg/platform';
import { createTestDatabase } from '@acg/platform/testing';
import { type ProcessName, startDistributed } from '../src/distributed';
import { signIn } from '../src/testing/sign-in';
import {
  heapOf,
  memoryOf,
  mixedCalls,
  printMemory,
  printRequests,
  RUNTIME_BENCH_OPTIONS,
  runtimeBench,
  startMixedLoad,
  warmUp,
} from './mixed-load';

const { values } = parseArgs({
  options: {
    ...RUNTIME_BENCH_OPTIONS,
    /** Only the RSS figures: no restarts, no redelivery. */
    'memory-only': { type: 'boolean', default: false },
  },
});
const connections = Number(values.connections);
const loadSeconds = Number(values['load-seconds']);
const { runtimeRoot, at, say, namespace, logDir } = runtimeBench('rolling-restart', values.runtime);

const db = await createTestDatabase();
const services = builtServices().map((s) => s.name);
const system = await startDistributed({
  env: {
    ...process.env,
    DATABASE_URL: db.url,
    BUS_NAMESPACE: namespace,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ENABLED: 'false',
  },
  replicas: [...services, 'gateway'],
  runtimeRoot,
  logDir,
  readyTimeoutMs: 90_000,
});
const gateways = ['gateway', 'gateway#2'] as const;
const order: ProcessName[] = [...services.flatMap((s) => [s, `${s}#2` as const]), ...gateways];
say(`started ${order.length} processes from ${runtimeRoot} (logs in ${logDir})`);

/** Where a process answers /metrics and /readyz: the gateway on its internal port (+1000). */
const probeOf = (name: ProcessName) =>
  name.startsWith('gateway')
    ? system.urlOf(name).replace(/:(\d+)$/, (_, p) => `:${Number(p) + 1000}`)
    : system.urlOf(name);
const heapOfAll = async () =>
  new Map(await Promise.all(order.map(async (name) => [name, await heapOf(probeOf(name))] as const)));
const memoryOfAll = () => new Map(order.map((name) => [name, memoryOf(system.processes.get(name)?.pid)]));

let failed = false;
try {
  const fan = await signIn(system.url, 'sakura_fan');
  await sleep(5000);
  const idle = memoryOfAll();
  say('idle RSS taken');

  // The load balancer in front of the gateways: only those whose /readyz says 200.
  const ready = new Set<string>(gateways.map((g) => system.urlOf(g)));
  let probing = true;
  const prober = (async () => {
    while (probing) {
      await Promise.all(
        gateways.map(async (g) => {
          const ok = await fetch(`${probeOf(g)}/readyz`, { signal: AbortSignal.timeout(500) }).then(
            (r) => r.ok,
            () => false,
          );
          if (ok) ready.add(system.urlOf(g));
          else ready.delete(system.urlOf(g));
        }),
      );
      await sleep(100);
    }
  })();

  const calls = mixedCalls(fan, system.url);
  const warm = await warmUp(
    gateways.map((g) => system.urlOf(g)),
    calls,
  );
  say(`warm-up: ${warm.sent} requests one at a time, ${warm.failed} failed`);
  const load = startMixedLoad({ connections, calls, targets: () => [...ready], stamp: at });
  say(`load: ${connections} connections, ${calls.length} kinds of request`);
  await sleep(loadSeconds * 1000);
  const loaded = memoryOfAll();
  const heaps = await heapOfAll();
  say(`RSS after ${loadSeconds} s of load taken (${load.sent()} requests so far)`);

  let restarted = 0;
  for (const name of values['memory-only'] ? [] : order) {
    const began = performance.now();
    await system.terminate(name);
    const stopped = performance.now();
    await system.restart(name);
    restarted++;
    say(
      `restarted ${name}: stopped in ${Math.round(stopped - began)} ms, ready again in ${Math.round(performance.now() - stopped)} ms`,
    );
    await sleep(1000);
  }
  await sleep(2000);
  await load.stop();
  probing = false;
  await prober;

  const totalFailed = printRequests(load);
  console.log(`\nrequests: ${load.sent()}, failed: ${totalFailed}, processes restarted: ${restarted}`);
  if (totalFailed > 0) failed = true;
  printMemory(order, idle, loaded, heaps);

  const redelivery = values['memory-only'] ? [] : await measureRedelivery(namespace);
  for (const [signal, ms] of redelivery) {
    console.log(
      `event handler stopped mid-delivery by ${signal}: redelivered to the other consumer after ${(ms / 1000).toFixed(1)} s`,
    );
    if (!(ms < 10_000)) failed = true;
  }
} finally {
  await system.close();
  await db.drop();
}
process.exit(failed ? 1 : 0);

/**
 * For SIGTERM and SIGKILL: a consumer whose handler takes a minute receives an event; a second
 * consumer of the same durable starts; the first is signalled; the time until the second
 * receives the event is the redelivery time.
 */
async function measureRedelivery(ns: string): Promise<Array<[string, number]>> {
  const logger = createLogger('bench', 'warn');
  const bus = await connectBus({ natsUrl: process.env.NATS_URL, namespace: ns, name: 'bench', logger });
  const results: Array<[string, number]> = [];
  try {
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      const slow = startConsumer(ns, 60_000);
      await slow.next((l) => l.consuming === true);
      const id = randomUUID();
      await bus.publish({
        id,
        type: 'bench.probed',
        occurredAt: new Date().toISOString(),
        version: 1,
        data: {},
      });
      await slow.next((l) => l.got === id);
      const other = startConsumer(ns, 0);
      await other.next((l) => l.consuming === true);
      await sleep(500);
      const signalled = performance.now();
      slow.child.kill(signal);
      await other.next((l) => l.got === id, 40_000);
      results.push([signal, performance.now() - signalled]);
      other.child.kill('SIGTERM');
      await Promise.all([slow.exited, other.exited]);
    }
  } finally {
    await bus.drain();
  }
  return results;
}

function startConsumer(ns: string, handlerMs: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/runner/bench/redelivery-consumer.ts'], {
    env: { ...process.env, BUS_NAMESPACE: ns, HANDLER_MS: String(handlerMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Array<Record<string, unknown>> = [];
  const waiters = new Set<() => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      return;
    }
    for (const w of waiters) w();
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    child,
    exited,
    next(match: (line: Record<string, unknown>) => boolean, timeoutMs = 30_000): Promise<void> {
      return new Promise((done, fail) => {
        const check = () => {
          if (lines.some(match)) {
            waiters.delete(check);
            clearTimeout(timer);
            done();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          fail(new Error('the consumer did not print what was expected in time'));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
