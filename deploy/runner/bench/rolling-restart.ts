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
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { builtServices } from '@acg/contracts';
import { connectBus, createLogger } from '@acg/platform';
import { createTestDatabase } from '@acg/platform/testing';
import { type ProcessName, startDistributed } from '../src/distributed';
import { demoCounts } from '../src/testing/demo-counts';
import { signIn } from '../src/testing/sign-in';

const { values } = parseArgs({
  options: {
    runtime: { type: 'string', default: '.tmp/runtime' },
    connections: { type: 'string', default: '20' },
    'load-seconds': { type: 'string', default: '60' },
    /** Only the RSS figures: no restarts, no redelivery. */
    'memory-only': { type: 'boolean', default: false },
  },
});
const runtimeRoot = resolve(values.runtime);
const connections = Number(values.connections);
const loadSeconds = Number(values['load-seconds']);
for (const v of ['DATABASE_URL', 'REDIS_URL', 'NATS_URL']) {
  if (!process.env[v]) throw new Error(`set ${v} (see the comment at the top of this file)`);
}
if (!existsSync(join(runtimeRoot, 'gateway', 'main.mjs'))) {
  throw new Error(
    `no runtime trees in ${runtimeRoot}: run sh deploy/build-runtime-tree.sh ${values.runtime}`,
  );
}

const t0 = performance.now();
const at = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`[${at()}] ${line}`);
const namespace = `roll-${randomUUID().slice(0, 8)}`;
const logDir = resolve('.tmp', 'rolling-restart-logs', namespace);
mkdirSync(logDir, { recursive: true });

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

/** Resident memory of a process in MiB: all of it, and the private (anonymous) part of it. */
const rssMiB = (child: ChildProcess | undefined): { rss: number; anon: number } => {
  const field = (status: string, name: string) => {
    const m = status.match(new RegExp(`${name}:\\s+(\\d+) kB`));
    return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
  };
  try {
    const status = readFileSync(`/proc/${child?.pid}/status`, 'utf8');
    return { rss: field(status, 'VmRSS'), anon: field(status, 'RssAnon') };
  } catch {
    return { rss: Number.NaN, anon: Number.NaN };
  }
};
/**
 * The V8 heap and the external memory (Buffers and other memory V8 objects hold outside the heap)
 * each process reports on /metrics, in MiB: how much of its memory each one is.
 */
async function heapOfAll(): Promise<Map<ProcessName, string>> {
  const entries = await Promise.all(
    order.map(async (name) => {
      const base = name.startsWith('gateway')
        ? system.urlOf(name).replace(/:(\d+)$/, (_, p) => `:${Number(p) + 1000}`)
        : system.urlOf(name);
      const text = await fetch(`${base}/metrics`).then(
        (r) => r.text(),
        () => '',
      );
      const mib = (metric: string) => {
        const m = text.match(new RegExp(`^${metric}\\S* (\\d+)`, 'm'));
        return m ? Math.round(Number(m[1]) / 2 ** 20) : Number.NaN;
      };
      return [
        name,
        `${mib('nodejs_heap_size_total_bytes')} / ${mib('nodejs_external_memory_bytes')}`,
      ] as const;
    }),
  );
  return new Map(entries);
}

const rssOfAll = () => new Map(order.map((name) => [name, rssMiB(system.processes.get(name))]));

let failed = false;
try {
  const fan = await signIn(system.url, 'sakura_fan');
  await sleep(5000);
  const idle = rssOfAll();
  say('idle RSS taken');

  // The load balancer in front of the gateways: only those whose /readyz says 200.
  const ready = new Set<string>(gateways.map((g) => system.urlOf(g)));
  const probeOf = (g: (typeof gateways)[number]) =>
    system.urlOf(g).replace(/:(\d+)$/, (_, p) => `:${Number(p) + 1000}`);
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

  const cards = Math.min(demoCounts.cards, 20);
  const personal = { cookie: fan, accept: 'application/json' };
  const write = { ...personal, 'content-type': 'application/json', origin: system.url };
  type Call = {
    name: string;
    path: (n: number) => string;
    method?: string;
    headers?: Record<string, string>;
    ok: number[];
  };
  const calls: Call[] = [
    { name: 'GET / (page)', path: () => '/', headers: { accept: 'text/html' }, ok: [200] },
    { name: 'GET /api/stats', path: () => '/api/stats', ok: [200] },
    { name: 'GET /api/characters', path: () => '/api/characters?limit=20', headers: personal, ok: [200] },
    { name: 'GET /api/me', path: () => '/api/me', headers: personal, ok: [200] },
    { name: 'GET /api/inventory/my', path: () => '/api/inventory/my', headers: personal, ok: [200] },
    {
      name: 'GET /api/cards/:id/likes',
      path: (n) => `/api/cards/${(n % cards) + 1}/likes`,
      headers: personal,
      ok: [200],
    },
    {
      name: 'POST /api/cards/:id/like',
      path: (n) => `/api/cards/${(n % cards) + 1}/like`,
      method: 'POST',
      headers: write,
      // The first like of a card is 200/201; the service answers every later one 409 (already liked).
      ok: [200, 201, 409],
    },
    { name: 'GET /trade/api/my', path: () => '/trade/api/my?status=pending', headers: personal, ok: [200] },
    { name: 'GET /api/status', path: () => '/api/status', ok: [200] },
    { name: 'GET /api/cards/:id/image', path: (n) => `/api/cards/${(n % cards) + 1}/image`, ok: [200] },
    { name: 'GET /api/news', path: () => '/api/news', ok: [200] },
    { name: 'GET /api/i18n/en', path: () => '/api/i18n/en', ok: [200, 304] },
  ];
  const counts = new Map(calls.map((c) => [c.name, { sent: 0, failed: 0 }]));
  const failures: string[] = [];
  let loading = true;
  let sent = 0;
  let turn = 0;
  const worker = async (w: number) => {
    for (let n = w; loading; n += connections) {
      const call = calls[n % calls.length]!;
      const targets = [...ready];
      const base = targets[turn++ % Math.max(targets.length, 1)];
      if (!base) {
        await sleep(10);
        continue;
      }
      const count = counts.get(call.name)!;
      count.sent++;
      sent++;
      try {
        const res = await fetch(base + call.path(n), {
          method: call.method ?? 'GET',
          headers: call.headers,
          body: call.method === 'POST' ? '{}' : undefined,
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        if (!call.ok.includes(res.status)) throw new Error(`status ${res.status}`);
      } catch (err) {
        count.failed++;
        if (failures.length < 30)
          failures.push(`[${at()}] ${call.name} via ${base}: ${(err as Error).message}`);
      }
    }
  };
  // Warm-up, one request at a time: the first requests of a cold process (JIT, pools) on a busy
  // machine can take longer than a session look-up's 750 ms. Printed, not counted in the load.
  let warmFailed = 0;
  let warmSent = 0;
  for (let round = 0; round < 3; round++) {
    for (const g of gateways) {
      for (const [i, call] of calls.entries()) {
        warmSent++;
        const res = await fetch(system.urlOf(g) + call.path(i), {
          method: call.method ?? 'GET',
          headers: call.headers,
          body: call.method === 'POST' ? '{}' : undefined,
        }).catch(() => undefined);
        await res?.arrayBuffer();
        if (!res || !call.ok.includes(res.status)) warmFailed++;
      }
    }
  }
  say(`warm-up: ${warmSent} requests one at a time, ${warmFailed} failed`);
  const load = Promise.all(Array.from({ length: connections }, (_, w) => worker(w)));
  say(`load: ${connections} connections, ${calls.length} kinds of request`);
  await sleep(loadSeconds * 1000);
  const loaded = rssOfAll();
  const heaps = await heapOfAll();
  say(`RSS after ${loadSeconds} s of load taken (${sent} requests so far)`);

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
  loading = false;
  await load;
  probing = false;
  await prober;

  const totalFailed = [...counts.values()].reduce((n, c) => n + c.failed, 0);
  console.log('\n| request | sent | failed |\n|---|---|---|');
  for (const [name, c] of counts) console.log(`| ${name} | ${c.sent} | ${c.failed} |`);
  console.log(`\nrequests: ${sent}, failed: ${totalFailed}, processes restarted: ${restarted}`);
  for (const f of failures) console.log(`  ${f}`);
  if (totalFailed > 0) failed = true;

  // RSS counts the pages of the node binary and native libraries too (shared by every process
  // on the host); the private (anonymous) part is what a process adds.
  console.log(
    '\n| process | RSS idle (MiB) | RSS after load (MiB) | private idle (MiB) | private after load (MiB) | V8 heap / external after load (MiB) |\n|---|---|---|---|---|---|',
  );
  for (const name of order) {
    const a = idle.get(name)!;
    const b = loaded.get(name)!;
    console.log(`| ${name} | ${a.rss} | ${b.rss} | ${a.anon} | ${b.anon} | ${heaps.get(name)} |`);
  }

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
