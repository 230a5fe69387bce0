/**
 * Memory of the compiled processes, idle and under load (docs/rules.md §42): lighter than
 * rolling-restart.ts (one replica of each process, no restarts).
 *
 *   sh deploy/build-runtime-tree.sh .tmp/runtime
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
 *   NATS_URL=nats://127.0.0.1:4222 pnpm exec tsx deploy/runner/bench/memory.ts \
 *     [--runtime .tmp/runtime] [--connections 20] [--load-seconds 60] [--env KEY=VALUE ...]
 *
 * Starts the distributed system from the runtime trees (`node main.mjs`, NODE_ENV=production, the
 * memory settings of the image) in a fresh database and NATS namespace; takes the memory of every
 * process when idle; sends the mixed load of rolling-restart.ts (`--connections` workers, every
 * service's routes, reads and a write) through the gateway for `--load-seconds`; takes it again.
 * Prints RSS, private (smaps_rollup) and anonymous memory per process, the V8 heap and external
 * memory after the load, and the requests sent and failed. `--env` sets a variable for every
 * process (e.g. `--env MALLOC_ARENA_MAX=1`) to compare settings. Exit code 1 when a request failed.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { builtServices } from '@acg/contracts';
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
  options: { ...RUNTIME_BENCH_OPTIONS, env: { type: 'string', multiple: true, default: [] } },
});
const connections = Number(values.connections);
const loadSeconds = Number(values['load-seconds']);
const extraEnv = Object.fromEntries(
  values.env.map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 1) throw new Error(`--env takes KEY=VALUE, not ${pair}`);
    return [pair.slice(0, eq), pair.slice(eq + 1)];
  }),
);
const { runtimeRoot, at, say, namespace, logDir } = runtimeBench('memory', values.runtime);

const db = await createTestDatabase();
const order: ProcessName[] = [...builtServices().map((s) => s.name), 'gateway'];
const system = await startDistributed({
  env: {
    ...process.env,
    ...extraEnv,
    DATABASE_URL: db.url,
    BUS_NAMESPACE: namespace,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ENABLED: 'false',
  },
  runtimeRoot,
  logDir,
  readyTimeoutMs: 90_000,
});
say(`started ${order.length} processes from ${runtimeRoot} (logs in ${logDir})`);
if (values.env.length > 0) say(`with ${values.env.join(' ')}`);

/** The gateway answers /metrics on its internal port (its public port + 1000). */
const metricsOf = (name: ProcessName) =>
  name === 'gateway'
    ? system.urlOf(name).replace(/:(\d+)$/, (_, p) => `:${Number(p) + 1000}`)
    : system.urlOf(name);
const memoryOfAll = () => new Map(order.map((name) => [name, memoryOf(system.processes.get(name)?.pid)]));

let failed = 0;
try {
  const fan = await signIn(system.url, 'sakura_fan');
  await sleep(5000);
  const idle = memoryOfAll();
  say(`idle memory taken (load average ${loadAverage()})`);

  const calls = mixedCalls(fan, system.url);
  const warm = await warmUp([system.url], calls);
  say(`warm-up: ${warm.sent} requests one at a time, ${warm.failed} failed`);
  const load = startMixedLoad({ connections, calls, targets: () => [system.url], stamp: at });
  say(`load: ${connections} connections, ${calls.length} kinds of request`);
  await sleep(loadSeconds * 1000);
  const loaded = memoryOfAll();
  const heaps = new Map(
    await Promise.all(order.map(async (name) => [name, await heapOf(metricsOf(name))] as const)),
  );
  const sent = load.sent();
  say(
    `memory after ${loadSeconds} s of load taken: ${sent} requests, ${Math.round(sent / loadSeconds)}/s (load average ${loadAverage()})`,
  );
  await load.stop();
  failed = printRequests(load);
  console.log(`\nrequests: ${load.sent()}, failed: ${failed}`);
  printMemory(order, idle, loaded, heaps);
} finally {
  await system.close();
  await db.drop();
}
process.exit(failed > 0 ? 1 : 0);

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').trim();
}
