import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DistributedSystem, startDistributed } from './distributed';
import { type CollectedSpan, startOtlpCollector } from './testing/otlp-collector';
import { isolated, signIn } from './testing/sign-in';

/**
 * Tracing across the system (issue 26 item 1, rules §71), in the distributed mode (every service
 * its own process, real PostgreSQL, NATS and Redis; infrastructure pass only), exporting to an
 * OTLP receiver in this test: one trade offer is one trace, from the gateway through trades,
 * inventory's reservation, the outbox relay and NATS to the bot's DM and the gateway's live notice,
 * every span's parent in the same trace.
 */
let db: TestDatabase;
let system: DistributedSystem;
let collector: Awaited<ReturnType<typeof startOtlpCollector>>;
let pool: pg.Pool;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  collector = await startOtlpCollector();
  db = await createTestDatabase();
  system = await startDistributed({
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ENABLED: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_TRACES_SAMPLER: 'parentbased_always_on',
      OTEL_BSP_SCHEDULE_DELAY: '200',
      ...isolated(),
    },
    portOffset: 800,
    output: 'ignore',
    // The machine may be busy: the processes get longer to come up than the default.
    readyTimeoutMs: 150_000,
  });
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  for (const name of ['sakura_fan', 'admin_hikari']) {
    cookies[name] = await signIn(system.url, name);
    const me = await (await fetch(`${system.url}/api/me`, { headers: { cookie: cookies[name]! } })).json();
    ids[name] = me.user.id;
  }
}, 400_000);
afterAll(async () => {
  await pool?.end();
  await system?.close();
  await db?.drop();
  await collector?.close();
}, 60_000);

/** Opens a member's live stream and resolves once an event of `type` has arrived on it. */
async function liveStream(cookie: string, type: string) {
  const controller = new AbortController();
  const res = await fetch(`${system.url}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const heard = (async () => {
    let text = '';
    for (let i = 0; i < 1000 && !text.includes(`event: ${type}\n`); i++) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    return text.includes(`event: ${type}\n`);
  })();
  return { heard, close: () => controller.abort() };
}

const find = (spans: CollectedSpan[], service: string, name: string) =>
  spans.find((s) => s.service === service && s.name === name);

describe('one trade offer is one trace', () => {
  it('spans from the gateway, trades, inventory, the relay, the bot and the live stream, parents intact across NATS', async () => {
    const A = ids.sakura_fan!;
    const B = ids.admin_hikari!;
    const [a] = (
      await pool.query<{ id: number }>(
        'insert into inventory.entries (user_id, card_id, quantity) values ($1, 1, 2) returning id',
        [A],
      )
    ).rows;
    const [b] = (
      await pool.query<{ id: number }>(
        'insert into inventory.entries (user_id, card_id, quantity) values ($1, 2, 2) returning id',
        [B],
      )
    ).rows;
    const live = await liveStream(cookies.admin_hikari!, 'trade.created');
    const offered = await fetch(`${system.url}/trade/api`, {
      method: 'POST',
      headers: {
        cookie: cookies.sakura_fan!,
        origin: system.url,
        'content-type': 'application/json',
        // A client's own trace: the gateway continues it.
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      },
      body: JSON.stringify({
        toUserId: B,
        fromItems: [{ inventoryId: a!.id, quantity: 1 }],
        toItems: [{ inventoryId: b!.id, quantity: 1 }],
      }),
    });
    expect(offered.status, await offered.clone().text()).toBe(201);
    expect(await live.heard).toBe(true);
    live.close();

    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const trace = () => collector.spans.filter((s) => s.traceId === traceId);
    // Everything of the offer has reached the receiver: the bot's DM is the last step.
    await vi.waitFor(
      () => {
        const spans = trace();
        expect(find(spans, 'bot', 'trade.created process')).toBeDefined();
        expect(spans.some((s) => s.service === 'bot' && s.name.startsWith('POST discord'))).toBe(true);
        expect(find(spans, 'gateway', 'trade.created hear')).toBeDefined();
        // Every span's parent is in the trace (only the gateway's points outside, at the client),
        // once each process's last batch has come.
        const ids = new Set(spans.map((s) => s.spanId));
        const orphans = spans.filter(
          (s) => s.parentSpanId !== 'b7ad6b7169203331' && !ids.has(s.parentSpanId),
        );
        expect(orphans.map((s) => `${s.service} ${s.name}`)).toEqual([]);
      },
      { timeout: 20_000, interval: 200 },
    );
    const spans = trace();
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const parentOf = (s: CollectedSpan | undefined) => (s ? byId.get(s.parentSpanId) : undefined);

    // The gateway's span continues the client's; trades continues the gateway's over HTTP.
    const edge = find(spans, 'gateway', 'POST /trade/api');
    expect(edge?.parentSpanId).toBe('b7ad6b7169203331');
    const served = find(spans, 'trades', 'POST /trade/api');
    expect(parentOf(served)).toBe(edge);
    // Inventory's reservation, over NATS request/reply, under trades' request span.
    const reserve = find(spans, 'inventory', 'inventory.trade-reserve serve');
    expect(parentOf(reserve)?.name).toBe('inventory.trade-reserve request');
    expect(parentOf(parentOf(reserve))).toBe(served);
    expect(
      spans.some((s) => s.service === 'inventory' && s.attributes['db.system.name'] === 'postgresql'),
    ).toBe(true);
    // The outbox: the relay continues the request that wrote the row, and publishes under it.
    const relay = find(spans, 'trades', 'trade.created relay');
    expect(parentOf(relay)).toBe(served);
    const publish = find(spans, 'trades', 'trade.created publish');
    expect(parentOf(publish)).toBe(relay);
    // Across NATS: the bot's consumer and the gateway's live listener are children of the publish.
    const dm = find(spans, 'bot', 'trade.created process');
    expect(parentOf(dm)).toBe(publish);
    expect(spans.filter((s) => s.service === 'bot' && parentOf(s) === dm).length).toBeGreaterThan(0);
    expect(parentOf(find(spans, 'gateway', 'trade.created hear'))).toBe(publish);
    expect(spans.filter((s) => s.parentSpanId === 'b7ad6b7169203331')).toEqual([edge]);
    // PostgreSQL queries and Redis commands are spans of the trace too.
    expect(spans.some((s) => s.service === 'trades' && s.attributes['db.system.name'] === 'postgresql')).toBe(
      true,
    );
    expect(spans.some((s) => s.attributes['db.system.name'] === 'redis')).toBe(true);
    const services = new Set(spans.map((s) => s.service));
    expect([...services].sort()).toEqual(expect.arrayContaining(['bot', 'gateway', 'inventory', 'trades']));
    console.log(
      `trace ${traceId}: ${spans.length} spans from ${[...services].sort().join(', ')}; redis spans ${spans.filter((s) => s.attributes['db.system.name'] === 'redis').length}`,
    );
  }, 60_000);
});
