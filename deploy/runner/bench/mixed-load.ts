/**
 * What the benches on the compiled processes share (rolling-restart.ts, memory.ts): the
 * 20-connection mixed load through the gateway (every service's routes, reads and a write), its
 * warm-up, and the memory figures of a process (RSS, private, anonymous; V8 heap and external
 * memory from its /metrics).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { demoCounts } from '../src/testing/demo-counts';

/** The options every bench on the runtime trees takes (parseArgs), beside its own. */
export const RUNTIME_BENCH_OPTIONS = {
  runtime: { type: 'string', default: '.tmp/runtime' },
  connections: { type: 'string', default: '20' },
  'load-seconds': { type: 'string', default: '60' },
} as const;

/**
 * The start every bench on the runtime trees shares: checks the infrastructure URLs and the
 * built trees, names a fresh bus namespace (`<kind>-…`) with a log folder under .tmp/<kind>-logs,
 * `at` (the seconds since now) and a `say` that stamps each line with them.
 */
export function runtimeBench(kind: string, runtime: string) {
  const runtimeRoot = resolve(runtime);
  for (const v of ['DATABASE_URL', 'REDIS_URL', 'NATS_URL']) {
    if (!process.env[v]) throw new Error(`set ${v} (see the comment at the top of the bench)`);
  }
  if (!existsSync(join(runtimeRoot, 'gateway', 'main.mjs'))) {
    throw new Error(`no runtime trees in ${runtimeRoot}: run sh deploy/build-runtime-tree.sh ${runtime}`);
  }
  const t0 = performance.now();
  /** Seconds since the bench started, as `12.3 s`. */
  const at = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  const say = (line: string) => console.log(`[${at()}] ${line}`);
  const namespace = `${kind}-${randomUUID().slice(0, 8)}`;
  const logDir = resolve('.tmp', `${kind}-logs`, namespace);
  mkdirSync(logDir, { recursive: true });
  return { runtimeRoot, at, say, namespace, logDir };
}

export interface Call {
  name: string;
  path: (n: number) => string;
  method?: string;
  headers?: Record<string, string>;
  ok: number[];
}

/** The mixed load's requests, as the signed-in member behind `cookie` sends them to `publicUrl`. */
export function mixedCalls(cookie: string, publicUrl: string): Call[] {
  const cards = Math.min(demoCounts.cards, 20);
  const personal = { cookie, accept: 'application/json' };
  const write = { ...personal, 'content-type': 'application/json', origin: publicUrl };
  return [
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
}

const send = (base: string, call: Call, n: number, signal?: AbortSignal) =>
  fetch(base + call.path(n), {
    method: call.method ?? 'GET',
    headers: call.headers,
    body: call.method === 'POST' ? '{}' : undefined,
    signal,
  });

/**
 * Each request a few times, one at a time, through each gateway: the first requests of a cold
 * process (JIT, pools) on a busy machine can take longer than a session look-up's 750 ms.
 */
export async function warmUp(
  bases: readonly string[],
  calls: readonly Call[],
  rounds = 3,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (let round = 0; round < rounds; round++) {
    for (const base of bases) {
      for (const [i, call] of calls.entries()) {
        sent++;
        const res = await send(base, call, i).catch(() => undefined);
        await res?.arrayBuffer();
        if (!res || !call.ok.includes(res.status)) failed++;
      }
    }
  }
  return { sent, failed };
}

export interface MixedLoad {
  /** Per request name: sent and failed (a network error, a status the route never gives). */
  counts: Map<string, { sent: number; failed: number }>;
  /** The first 30 failures, described. */
  failures: string[];
  sent(): number;
  /** Stops sending and waits for the requests in flight. */
  stop(): Promise<void>;
}

/**
 * `connections` workers, each sending the calls in turn without pause, to the bases `targets()`
 * gives at the time (a load balancer's view), round robin; no retries.
 */
export function startMixedLoad(opts: {
  connections: number;
  calls: readonly Call[];
  targets: () => readonly string[];
  /** Prefixes a failure's description (e.g. the time since the bench began). */
  stamp?: () => string;
}): MixedLoad {
  const { connections, calls } = opts;
  const counts = new Map(calls.map((c) => [c.name, { sent: 0, failed: 0 }]));
  const failures: string[] = [];
  let loading = true;
  let sent = 0;
  let turn = 0;
  const worker = async (w: number) => {
    for (let n = w; loading; n += connections) {
      const call = calls[n % calls.length]!;
      const targets = opts.targets();
      const base = targets[turn++ % Math.max(targets.length, 1)];
      if (!base) {
        await sleep(10);
        continue;
      }
      const count = counts.get(call.name)!;
      count.sent++;
      sent++;
      try {
        const res = await send(base, call, n, AbortSignal.timeout(30_000));
        await res.arrayBuffer();
        if (!call.ok.includes(res.status)) throw new Error(`status ${res.status}`);
      } catch (err) {
        count.failed++;
        if (failures.length < 30)
          failures.push(`[${opts.stamp?.() ?? ''}] ${call.name} via ${base}: ${(err as Error).message}`);
      }
    }
  };
  const running = Promise.all(Array.from({ length: connections }, (_, w) => worker(w)));
  return {
    counts,
    failures,
    sent: () => sent,
    async stop() {
      loading = false;
      await running;
    },
  };
}

/** Prints the per-request table and the failures; returns how many failed. */
export function printRequests(load: MixedLoad): number {
  const failed = [...load.counts.values()].reduce((n, c) => n + c.failed, 0);
  console.log('\n| request | sent | failed |\n|---|---|---|');
  for (const [name, c] of load.counts) console.log(`| ${name} | ${c.sent} | ${c.failed} |`);
  for (const f of load.failures) console.log(`  ${f}`);
  return failed;
}

/** Memory of one process, in MiB (NaN when it cannot be read). */
export interface ProcessMemory {
  /** Resident memory, the node binary's and native libraries' pages included. */
  rss: number;
  /** Private pages (smaps_rollup Private_Clean + Private_Dirty): what this process alone holds. */
  private: number;
  /** Anonymous resident memory (heap, malloc, stacks): RssAnon of /proc/<pid>/status. */
  anon: number;
}

const kbField = (text: string, name: string) => {
  const m = text.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'));
  return m ? Number(m[1]) : Number.NaN;
};
const mib = (kb: number) => Math.round(kb / 1024);

export function memoryOf(pid: number | undefined): ProcessMemory {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return {
      rss: mib(kbField(status, 'VmRSS')),
      private: mib(kbField(rollup, 'Private_Clean') + kbField(rollup, 'Private_Dirty')),
      anon: mib(kbField(status, 'RssAnon')),
    };
  } catch {
    return { rss: Number.NaN, private: Number.NaN, anon: Number.NaN };
  }
}

/**
 * The V8 heap (committed) and the external memory (Buffers and other memory V8 objects hold
 * outside the heap) a process reports on `<metricsBase>/metrics`, as "heap / external" in MiB.
 */
export async function heapOf(metricsBase: string): Promise<string> {
  const text = await fetch(`${metricsBase}/metrics`).then(
    (r) => r.text(),
    () => '',
  );
  const metric = (name: string) => {
    const m = text.match(new RegExp(`^${name}\\S* (\\d+)`, 'm'));
    return m ? Math.round(Number(m[1]) / 2 ** 20) : Number.NaN;
  };
  return `${metric('nodejs_heap_size_total_bytes')} / ${metric('nodejs_external_memory_bytes')}`;
}

/** The table of memory per process: idle, after the load, and the heap after the load. */
export function printMemory(
  names: readonly string[],
  idle: ReadonlyMap<string, ProcessMemory>,
  loaded: ReadonlyMap<string, ProcessMemory>,
  heaps: ReadonlyMap<string, string>,
): void {
  // RSS counts the pages of the node binary and native libraries too (shared by every process
  // on the host); the private part is what a process adds.
  console.log(
    '\n| process | RSS idle (MiB) | RSS after load (MiB) | private idle (MiB) | private after load (MiB) | anonymous idle / after load (MiB) | V8 heap / external after load (MiB) |\n|---|---|---|---|---|---|---|',
  );
  for (const name of names) {
    const a = idle.get(name)!;
    const b = loaded.get(name)!;
    console.log(
      `| ${name} | ${a.rss} | ${b.rss} | ${a.private} | ${b.private} | ${a.anon} / ${b.anon} | ${heaps.get(name)} |`,
    );
  }
}
