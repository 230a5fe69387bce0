/**
 * The live event stream under load: N signed-in users each hold S open streams (GET
 * /api/events through a real gateway), then E trade events between random pairs of them are
 * published on the bus at a steady rate. Measures, for every frame that reaches a browser, the
 * time from publish() to its arrival; and checks every event reached exactly its two parties.
 * Uses NATS when NATS_URL is set (the bus's own streams under a random prefix), else the
 * in-process bus. Everything runs in this one process (gateway, clients, publisher).
 *
 *   pnpm exec tsx gateway/bench/live-stream.ts [--users 500] [--streams 2] [--events 2000] [--rate 500]
 *
 * Prints the stream count, delivery latency p50/p90/p99/max, deliveries per second, misses and
 * strays (both must be 0) and the gateway's heap. The figures depend on the machine.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { defineEvent } from '@acg/contracts';
import { type Bus, connectNatsBus, createMemoryBus, makeEvent } from '@acg/platform';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { z } from 'zod';
import { session, sessionCookie, startHarness } from '../src/testing/harness';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '500' },
    streams: { type: 'string', default: '2' },
    events: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '500' },
  },
});
const USERS = Number(values.users);
const STREAMS = Number(values.streams);
const EVENTS = Number(values.events);
const RATE = Number(values.rate);
const natsUrl = process.env.NATS_URL;
const token = randomUUID().replace(/-/g, '').slice(0, 12);
const streamPrefix = `BENCH_LIVE_${token}_`;
const tradeCreated = defineEvent('trade.created', z.record(z.string(), z.unknown()));

const bus: Bus = natsUrl
  ? await connectNatsBus({ url: natsUrl, name: 'live-bench', streamPrefix, subjectPrefix: `bench${token}.` })
  : createMemoryBus();
const h = await startHarness({
  bus,
  env: {
    RATE_LIMIT_ENABLED: 'false',
    LIVE_MAX_STREAMS_PER_USER: String(STREAMS),
    SESSION_CACHE_TTL_MS: '600000',
  },
});
const sessionOf = (user: number) => `bench-session-${String(user).padStart(8, '0')}`;
for (let u = 1; u <= USERS; u++) h.sessions.set(sessionOf(u), session(u));

const sentAt = new Map<number, number>();
const expected = new Map<number, Set<number>>();
const latencies: number[] = [];
let strays = 0;
let ready = 0;
const { port } = new URL(h.url);

/** One raw SSE client (node:http: no fetch overhead per frame). */
function openStream(user: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events',
        headers: { cookie: sessionCookie(sessionOf(user)) },
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
        res.setEncoding('utf8');
        let text = '';
        res.on('data', (chunk: string) => {
          text += chunk;
          let at = text.indexOf('\n\n');
          while (at >= 0) {
            const frame = text.slice(0, at);
            text = text.slice(at + 2);
            at = text.indexOf('\n\n');
            if (frame.startsWith('event: ready')) {
              ready++;
              resolve();
              continue;
            }
            const data = /\ndata: (.*)$/m.exec(frame)?.[1];
            if (!frame.includes('event: trade.created') || !data) continue;
            const { tradeId } = JSON.parse(data) as { tradeId: number };
            const parties = expected.get(tradeId);
            if (!parties?.has(user)) {
              strays++;
              continue;
            }
            latencies.push(performance.now() - (sentAt.get(tradeId) ?? 0));
            deliveries.set(`${tradeId}:${user}`, (deliveries.get(`${tradeId}:${user}`) ?? 0) + 1);
          }
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
const deliveries = new Map<string, number>();

const opened = performance.now();
const clients: Promise<void>[] = [];
for (let u = 1; u <= USERS; u++) for (let s = 0; s < STREAMS; s++) clients.push(openStream(u));
await Promise.all(clients);
const openMs = performance.now() - opened;

const started = performance.now();
const gap = 1000 / RATE;
for (let i = 1; i <= EVENTS; i++) {
  const from = 1 + Math.floor(Math.random() * USERS);
  let to = 1 + Math.floor(Math.random() * USERS);
  if (to === from) to = (to % USERS) + 1;
  expected.set(i, new Set([from, to]));
  sentAt.set(i, performance.now());
  await bus.publish(makeEvent(tradeCreated, { id: i, fromUserId: from, toUserId: to, status: 'created' }));
  const due = started + i * gap;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}
const want = EVENTS * 2 * STREAMS;
const deadline = performance.now() + 15_000;
while (latencies.length < want && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
const elapsed = (performance.now() - started) / 1000;

let misses = 0;
let doubles = 0;
for (const [tradeId, parties] of expected) {
  for (const user of parties) {
    const n = deliveries.get(`${tradeId}:${user}`) ?? 0;
    if (n < STREAMS) misses += STREAMS - n;
    if (n > STREAMS) doubles += n - STREAMS;
  }
}
const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) =>
  (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN).toFixed(1);
console.log(
  `bus: ${natsUrl ? 'NATS' : 'in-process'}; users ${USERS}, streams ${USERS * STREAMS} (opened in ${openMs.toFixed(0)} ms, ${ready} ready)`,
);
console.log(
  `events ${EVENTS} at ${RATE}/s -> deliveries ${latencies.length}/${want} in ${elapsed.toFixed(1)} s (${(latencies.length / elapsed).toFixed(0)}/s)`,
);
console.log(
  `delivery latency ms: p50 ${pct(50)}  p90 ${pct(90)}  p99 ${pct(99)}  max ${sorted.at(-1)?.toFixed(1)}`,
);
console.log(`misses ${misses}, duplicates ${doubles}, strays (to a user not in the trade) ${strays}`);
console.log(
  `heap used ${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(0)} MB (gateway, clients and publisher in one process)`,
);

await h.close();
await bus.drain();
if (natsUrl) {
  const nc = await connect({ servers: natsUrl });
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(`${streamPrefix}EVENTS`).catch(() => undefined);
  await jsm.streams.delete(`${streamPrefix}DEADLETTER`).catch(() => undefined);
  await nc.close();
}
process.exit(misses || doubles || strays ? 1 : 0);
