import { serviceMapSchema } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedSystem } from './embedded';
import {
  dashboardSchema,
  everyExpression,
  exportedNames,
  promqlMetrics,
  readDashboards,
  readRuleFile,
  ruleFileSchema,
  SCRAPE_SERIES,
} from './observability-files';
import { signIn } from './testing/sign-in';
import { startTestSystem } from './testing/system';

/**
 * Issue 26 against the running system: every metric a rule or a dashboard panel names is
 * exported by some process's /metrics, and GET /api/admin/service-map reads every process for
 * administrators only.
 */
let system: Awaited<ReturnType<typeof startTestSystem>>;
let sys: EmbeddedSystem;
let admin: string;
let fan: string;

beforeAll(async () => {
  system = await startTestSystem('observability');
  sys = system.sys;
  admin = await signIn(sys.url, 'admin_hikari');
  fan = await signIn(sys.url, 'sakura_fan');
}, 120_000);
afterAll(async () => {
  await system?.close();
});

/** Each process's /metrics: the gateway's on its internal port, each service's on its own. */
async function liveMetrics(): Promise<Map<string, Set<string>>> {
  const urls = [
    ['gateway', sys.gateway.internalUrl!],
    ...[...sys.services].map(([name, running]) => [name, running.url]),
  ] as const;
  const found = new Map<string, Set<string>>();
  for (const [name, url] of urls) {
    const res = await fetch(`${url}/metrics`);
    expect(res.status, name).toBe(200);
    found.set(name, exportedNames(await res.text()));
  }
  return found;
}

describe('the metrics the dashboards and rules name', () => {
  it('are each exported by some process', async () => {
    const live = await liveMetrics();
    expect(live.size).toBe(9);
    const exported = new Set([...live.values()].flatMap((names) => [...names]));
    const rules = ruleFileSchema.parse(readRuleFile());
    const dashboards = readDashboards().map(({ file, json }) => ({
      file,
      json: dashboardSchema.parse(json),
    }));
    const missing = everyExpression(rules, dashboards).flatMap(({ where, expr }) =>
      promqlMetrics(expr)
        .metrics.filter((m) => !exported.has(m) && !SCRAPE_SERIES.has(m))
        .map((m) => `${where}: ${m}`),
    );
    expect(missing).toEqual([]);
    // The metrics issue 26 added, where they belong.
    expect(live.get('trades')).toContain('acg_trades_by_status');
    expect(live.get('trades')).toContain('acg_outbox_oldest_pending_age_seconds');
    expect(live.get('inventory')).toContain('acg_bus_consumer_lag_seconds_bucket');
    expect(live.get('image-proxy')).toContain('acg_image_cache_reads_total');
    expect(live.get('anime-search')).toContain('acg_upstream_budget_per_minute');
    expect(live.get('gateway')).not.toContain('acg_outbox_pending_events');
  });

  it("carry the values of the system: every trade state (none yet), the sites' budgets", async () => {
    const text = async (running: { url: string } | undefined) =>
      (await fetch(`${running!.url}/metrics`)).text();
    const trades = await text(sys.services.get('trades'));
    for (const status of [
      'opening',
      'pending',
      'accepting',
      'accepted',
      'declined',
      'cancelled',
      'expired',
      'failed',
    ])
      expect(trades).toContain(`acg_trades_by_status{status="${status}",service="trades"} 0\n`);
    const search = await text(sys.services.get('anime-search'));
    // Shikimori's 5/s and 90/min, AniList's 30/min, as the windows keep them (budget.ts).
    expect(search).toContain(
      'acg_upstream_budget_per_minute{source="shikimori",service="anime-search"} 88\n',
    );
    expect(search).toContain('acg_upstream_budget_per_minute{source="anilist",service="anime-search"} 22\n');
  });
});

describe('GET /api/admin/service-map', () => {
  const read = (cookie?: string) =>
    fetch(`${sys.url}/api/admin/service-map`, { headers: cookie ? { cookie } : {} });

  it('is for administrators: 401 signed out, 403 for a fan', async () => {
    expect((await read()).status).toBe(401);
    const refused = await read(fan);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toHaveProperty('error');
  });

  it('shows every process ready with its traffic, bus lag and outbox', async () => {
    const res = await read(admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const map = serviceMapSchema.parse(await res.json());
    const names = map.processes.map((p) => p.name);
    expect(names).toEqual([
      'gateway',
      'auth',
      'catalogue',
      'inventory',
      'trades',
      'anime-search',
      'image-proxy',
      'admin',
      'bot',
    ]);
    for (const p of map.processes) expect([p.name, p.health, p.readyReplicas]).toEqual([p.name, 'ready', 1]);
    const of = (name: string) => map.processes.find((p) => p.name === name)!;
    // The sign-ins went through the gateway and auth.
    expect(of('gateway').requestsPerSecond).toBeGreaterThan(0);
    expect(of('gateway').latencyP95Ms).toBeGreaterThan(0);
    expect(of('auth').requestsPerSecond).toBeGreaterThan(0);
    // The demo seed's cards reached inventory over the bus; catalogue wrote them through its outbox.
    expect(of('inventory').busLagSeconds).toBeGreaterThan(0);
    expect(of('catalogue').outboxPending).toBe(0);
    expect(of('catalogue').outboxAgeSeconds).toBe(0);
    expect(of('image-proxy').outboxPending).toBeNull();
    expect(of('gateway').busLagSeconds).toBeNull();
  });

  it('shows a stopped service down, the others still ready', async () => {
    await sys.stopService('bot');
    const map = serviceMapSchema.parse(await (await read(admin)).json());
    const bot = map.processes.find((p) => p.name === 'bot')!;
    expect([bot.health, bot.readyReplicas, bot.requestsPerSecond]).toEqual(['down', 0, null]);
    expect(map.processes.filter((p) => p.health === 'ready')).toHaveLength(8);
  });
});
