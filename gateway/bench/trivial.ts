/**
 * What the gateway costs on a trivial call: GET /api/stats answered by a stub catalogue,
 * straight from the service, through Debian's nginx as a plain reverse proxy (the peer: one
 * worker, keep-alive upstream; installed with apt-get when missing, as the test command installs
 * Chromium), through a bare @fastify/http-proxy (the cost of the extra hop alone), and through
 * the gateway (anonymous, and with a session cookie resolved from the gateway's session cache).
 * Each server runs in a process of its own, autocannon in this one.
 *
 *   pnpm exec tsx gateway/bench/trivial.ts [--duration 10] [--connections 50] [--profile]
 *     [--only direct,nginx,bare,minimal,anonymous,signed-in,traced] [--gateway-node-options=--max-semi-space-size=2]
 *     [--tracing-ratio 0.1] [--rounds 4]
 *
 * --profile runs the gateway process with --cpu-prof (written to .tmp/prof when the bench
 * ends); `pnpm exec tsx gateway/bench/profile-summary.ts .tmp/prof/<file>.cpuprofile` prints
 * where its time went. --only measures the listed rows alone. --gateway-node-options are node flags
 * for the gateway's process alone (a memory setting's cost in throughput, rules §53).
 *
 * `traced` is a second gateway process with tracing on (rules §71): OTLP export to a loopback
 * receiver in this process that takes and drops the spans, parent-based sampling of
 * `--tracing-ratio` (10% by default) of the traces it starts; the anonymous row is the same
 * gateway with tracing off, measured in the same run: the two in turn for `--rounds` rounds (the
 * first measured swapped each round), and the medians of the on/off ratios printed at the end.
 *
 * Prints req/s and latency percentiles of each, and the gateway/direct ratios. The figures
 * depend on the machine (the three processes share its cores); CI does not assert them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { nginxVersion, reverseProxyConfig, startNginx } from '@acg/bench';
import { sessionResolve } from '@acg/contracts';
import {
  createHttpServer,
  createLogger,
  createMemoryBus,
  createMemoryCache,
  loadConfig,
  startTracing,
} from '@acg/platform';
import httpProxy from '@fastify/http-proxy';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { Pool } from 'undici';
import { gatewayConfigSchema } from '../src/config';
import { start } from '../src/start';

const INTERNAL_SECRET = 'bench-internal-secret-0123456789abcdef';
const SESSION_ID = 'bench-session-0000000001';
const logger = createLogger('bench', 'silent');

/** The stub catalogue: the platform's HTTP server (identity check included) with one route. */
async function runUpstream(): Promise<string> {
  const app = createHttpServer({ name: 'catalogue', logger, internalSecret: INTERNAL_SECRET });
  app.get('/api/stats', async () => ({ users: 12, anime: 34, cards: 56 }));
  return app.listen({ host: '127.0.0.1', port: 0 });
}

async function runGateway(upstreamUrl: string): Promise<string> {
  // On only when the role was started with OTEL_EXPORTER_OTLP_ENDPOINT (the traced row).
  startTracing(process.env);
  const bus = createMemoryBus({ logger });
  const signedIn = { userId: 1, adminLevel: 0, username: 'bench', language: 'en' as const };
  bus.serve(sessionResolve, async ({ sessionId }) => ({
    session: sessionId === SESSION_ID ? signedIn : null,
  }));
  const config = loadConfig(gatewayConfigSchema, {
    INTERNAL_SECRET,
    PORT: '0',
    LOG_LEVEL: 'silent',
    UPSTREAM_CATALOGUE_URL: upstreamUrl,
    // Counted as in production, with a budget no benchmark reaches.
    RATE_LIMIT_MAX: '1000000000',
  });
  // No page is rendered here; the renderer is only there to satisfy start().
  const renderer = {
    assetsDir: await mkdtemp(join(tmpdir(), 'bench-assets-')),
    render: async () => ({ status: 200, html: '' }),
  };
  const running = await start({ config, logger, bus, cache: createMemoryCache(), renderer });
  return running.url;
}

/** The extra hop and nothing else: Fastify and @fastify/http-proxy with default options. */
async function runBareProxy(upstreamUrl: string): Promise<string> {
  const app = Fastify();
  await app.register(httpProxy, { upstream: upstreamUrl, routes: ['/api/stats'], httpMethods: ['GET'] });
  return app.listen({ host: '127.0.0.1', port: 0 });
}

/**
 * The floor of any Node proxy: node:http in front of an undici pool (the gateway's client),
 * headers copied, no routing, policy, logging or error handling. Not something to run: it
 * shows how much of the distance to nginx is Node's HTTP stack rather than the gateway.
 */
async function runMinimalProxy(upstreamUrl: string): Promise<string> {
  const pool = new Pool(upstreamUrl, { connections: 128 });
  const server = createServer((req, res) => {
    pool.dispatch(
      { path: req.url ?? '/', method: 'GET', headers: { host: req.headers.host ?? '' } },
      {
        onRequestStart() {},
        onResponseStart(_controller, status, headers) {
          res.statusCode = status;
          for (const name in headers)
            if (name !== 'connection' && name !== 'keep-alive') res.setHeader(name, headers[name]!);
        },
        onResponseData(_controller, chunk) {
          res.write(chunk);
        },
        onResponseEnd() {
          res.end();
        },
        onResponseError() {
          res.statusCode = 502;
          res.end();
        },
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A loopback OTLP/HTTP receiver that answers every export and keeps nothing (the traced row). */
async function startSpanSink(): Promise<{ url: string; exports: () => number; close: () => void }> {
  let exports = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      exports++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, exports: () => exports, close: () => server.close() };
}

/** Starts this file in another process in the given role; resolves with the URL it prints. */
function spawnRole(
  role: string,
  arg?: string,
  nodeArgs: string[] = [],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, ...nodeArgs, import.meta.filename, role, ...(arg ? [arg] : [])],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${role} exited early with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ child, url: line.slice('READY '.length) });
    });
  });
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time per request (µs) of the proxy in front (none for direct) and of the service. */
  proxyCpu?: number;
  serviceCpu: number;
}

/** CPU seconds a process and its children (nginx's workers) have used so far, from /proc. */
function cpuSeconds(pid: number): number {
  const ticks = (id: string | number) => {
    try {
      const stat = readFileSync(`/proc/${id}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      return 0;
    }
  };
  let children: string[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  } catch {}
  return [String(pid), ...children].reduce((sum: number, id) => sum + ticks(id), 0) / 100; // USER_HZ
}

async function measure(
  name: string,
  url: string,
  opts: { duration: number; connections: number; cookie?: string; proxyPid?: number; servicePid: number },
) {
  const headers = opts.cookie ? { cookie: opts.cookie } : {};
  await autocannon({ url, connections: opts.connections, duration: 2, headers }); // warm-up
  const cpu = () => ({
    proxy: opts.proxyPid ? cpuSeconds(opts.proxyPid) : 0,
    service: cpuSeconds(opts.servicePid),
  });
  const before = cpu();
  const r = await autocannon({ url, connections: opts.connections, duration: opts.duration, headers });
  const after = cpu();
  const errors = r.errors + r.timeouts + r.non2xx;
  const perRequest = (seconds: number) => (seconds * 1e6) / Math.max(1, r.requests.total);
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors,
    ...(opts.proxyPid ? { proxyCpu: perRequest(after.proxy - before.proxy) } : {}),
    serviceCpu: perRequest(after.service - before.service),
  } satisfies Figures;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      profile: { type: 'boolean', default: false },
      only: { type: 'string' },
      'gateway-node-options': { type: 'string', default: '' },
      'tracing-ratio': { type: 'string', default: '0.1' },
      rounds: { type: 'string', default: '4' },
    },
  });
  const base = { duration: Number(values.duration), connections: Number(values.connections) };
  const rows = new Set((values.only ?? 'direct,nginx,bare,minimal,anonymous,signed-in').split(','));
  const profile = values.profile ? ['--cpu-prof', '--cpu-prof-dir=.tmp/prof'] : [];
  const upstream = await spawnRole('upstream');
  const nginx = rows.has('nginx')
    ? await startNginx({ http: reverseProxyConfig(upstream.url), readyPath: '/api/stats' })
    : undefined;
  const bare = await spawnRole('bare-proxy', upstream.url);
  const minimal = await spawnRole('minimal-proxy', upstream.url);
  const gatewayFlags = values['gateway-node-options'].split(/\s+/).filter(Boolean);
  const gateway = await spawnRole('gateway', upstream.url, [...gatewayFlags, ...profile]);
  const samplingRatio = values['tracing-ratio'];
  const sink = rows.has('traced') ? await startSpanSink() : undefined;
  const traced = sink
    ? await spawnRole('gateway', upstream.url, [...gatewayFlags, ...profile], {
        OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: samplingRatio,
        OTEL_BSP_SCHEDULE_DELAY: '1000',
      })
    : undefined;
  const opts = { ...base, servicePid: upstream.child.pid ?? 0 };
  const via = (proxy: { child: ChildProcess } | { pid: number }) => ({
    ...opts,
    proxyPid: 'pid' in proxy ? proxy.pid : (proxy.child.pid ?? 0),
  });
  try {
    const results: Figures[] = [];
    if (rows.has('direct'))
      results.push(await measure('direct to the service', `${upstream.url}/api/stats`, opts));
    if (nginx) results.push(await measure('through nginx (peer)', `${nginx.url}/api/stats`, via(nginx)));
    if (rows.has('bare'))
      results.push(await measure('through a bare http-proxy', `${bare.url}/api/stats`, via(bare)));
    if (rows.has('minimal'))
      results.push(
        await measure('through a minimal Node proxy (floor)', `${minimal.url}/api/stats`, via(minimal)),
      );
    if (rows.has('anonymous') && !traced)
      results.push(await measure('through the gateway, anonymous', `${gateway.url}/api/stats`, via(gateway)));
    // Off and on in turn, round after round, the first measured swapped each round, so neither a
    // busy moment of the machine nor going second favours one of them.
    const pairs: Array<[Figures, Figures]> = [];
    for (let round = 1; traced && round <= Number(values.rounds); round++) {
      const measureOff = () =>
        measure(
          `through the gateway, anonymous, tracing off (round ${round})`,
          `${gateway.url}/api/stats`,
          via(gateway),
        );
      const measureOn = () =>
        measure(
          `through the gateway, anonymous, tracing on, ${Number(samplingRatio) * 100}% sampled (round ${round})`,
          `${traced.url}/api/stats`,
          via(traced),
        );
      let off: Figures;
      let on: Figures;
      if (round % 2 === 1) {
        off = await measureOff();
        on = await measureOn();
      } else {
        on = await measureOn();
        off = await measureOff();
      }
      pairs.push([off, on]);
      results.push(off, on);
    }
    if (rows.has('signed-in'))
      results.push(
        await measure('through the gateway, signed in', `${gateway.url}/api/stats`, {
          ...via(gateway),
          cookie: `sid=${SESSION_ID}`,
        }),
      );
    const direct = results.find((r) => r.name.startsWith('direct'));
    const peer = results.find((r) => r.name.startsWith('through nginx'));
    if (nginx) console.log(`\nnginx: ${nginxVersion()}, 1 worker, keep-alive upstream`);
    const ratio = (a: number, b: number | undefined) => (b && b > 0 ? (a / b).toFixed(2) : '-');
    console.log(`\nGET /api/stats, ${opts.connections} connections, ${opts.duration} s each\n`);
    console.log(
      '| path | req/s | p50 ms | p99 ms | errors | req/s vs direct | req/s vs nginx | p99 vs nginx | proxy CPU µs/req | service CPU µs/req |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const micros = (v: number | undefined) => (v === undefined ? '-' : v.toFixed(0));
    for (const r of results) {
      console.log(
        `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${ratio(r.rps, direct?.rps)} | ${ratio(r.rps, peer?.rps)} | ${ratio(r.p99, peer?.p99)} | ${micros(r.proxyCpu)} | ${micros(r.serviceCpu)} |`,
      );
    }
    printTracingCost(pairs, sink?.exports());
    console.log(
      '\nCPU per request from /proc (10 ms ticks over the whole run; nginx with its worker). The two' +
        ' cores are shared by autocannon, the proxy and the service, so the CPU each spends per' +
        ' request bounds the req/s of all.',
    );
  } finally {
    sink?.close();
    for (const { child } of [...(traced ? [traced] : []), gateway, minimal, bare, upstream]) {
      child.removeAllListeners('exit');
      child.kill('SIGTERM');
    }
    await nginx?.stop();
  }
}

/** Tracing on against off, both anonymous through a gateway process of their own: medians over the rounds. */
function printTracingCost(pairs: Array<[Figures, Figures]>, exports: number | undefined): void {
  if (pairs.length === 0) return;
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const rps = median(pairs.map(([off, on]) => on.rps / off.rps));
  const p99 = median(pairs.map(([off, on]) => on.p99 / Math.max(off.p99, 1)));
  const cpu = median(pairs.map(([off, on]) => (on.proxyCpu ?? 0) / Math.max(off.proxyCpu ?? 1, 1)));
  console.log(
    `\ntracing on vs off, median of ${pairs.length} rounds: req/s ${rps.toFixed(3)}, p99 ${p99.toFixed(2)}, ` +
      `gateway CPU per request ${cpu.toFixed(3)}; ${exports ?? 0} OTLP exports received`,
  );
}

const [role, arg] = process.argv.slice(2);
if (role === 'upstream') console.log(`READY ${await runUpstream()}`);
else if (role === 'bare-proxy' && arg) console.log(`READY ${await runBareProxy(arg)}`);
else if (role === 'minimal-proxy' && arg) console.log(`READY ${await runMinimalProxy(arg)}`);
else if (role === 'gateway' && arg) {
  // Exit normally on SIGTERM, so that --cpu-prof writes its profile.
  process.once('SIGTERM', () => process.exit(0));
  console.log(`READY ${await runGateway(arg)}`);
} else await main();
