import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bodyLimitOf, builtServices, routes, type ServiceName } from '@acg/contracts';
import { type HttpServer, routeBodyLimits } from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './embedded';
import { isolated, signIn } from './testing/sign-in';

/**
 * The route table (packages/contracts/src/routes.ts) against what the running services really
 * register: every route a built service registers is in the table with the same method and
 * owner, and every table entry of a built service is registered by it. The routes are read from
 * the Fastify instances of the embedded system themselves: Fastify announces each new instance
 * on the `fastify.initialization` diagnostics channel before any route exists, and an onRoute
 * hook added there sees every registration.
 */

/** Probes and metrics every process has; not part of the public route table. */
const INTERNAL = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Documented routes of built services that are not built yet, grouped by the issue that builds
 * them. Keep it honest: a listed route that gets registered fails the test until it is removed
 * here, and only documented routes of built services may be listed.
 */
const PENDING: ReadonlyArray<{ issue: string; routes: readonly string[] }> = [];
const pendingRoutes = PENDING.flatMap((group) =>
  group.routes.map((route) => ({ route, issue: group.issue })),
);

let db: TestDatabase;
let dataDir: string;
let sys: EmbeddedSystem;
const registered = new Map<HttpServer, Set<string>>();

const onInit = (message: unknown) => {
  const { fastify } = message as { fastify: HttpServer };
  const seen = new Set<string>();
  registered.set(fastify, seen);
  fastify.addHook('onRoute', (route: { method: string | string[]; url: string }) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) seen.add(`${method} ${route.url}`);
  });
};

beforeAll(async () => {
  subscribe('fastify.initialization', onInit);
  db = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'acg-routes-'));
  try {
    sys = await startEmbedded({
      env: { ...process.env, DATABASE_URL: db.url, RATE_LIMIT_ENABLED: 'false', ...isolated() },
      dataDir,
      port: 0,
      ephemeralPorts: true,
      logLevel: 'silent',
    });
  } finally {
    unsubscribe('fastify.initialization', onInit);
  }
}, 120_000);
afterAll(async () => {
  await sys?.close();
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** `METHOD path` of every public route a service's own Fastify instance registered. */
function routesOf(service: ServiceName): string[] {
  const app = sys.services.get(service)?.app;
  const seen = app && registered.get(app);
  if (!seen) throw new Error(`no Fastify instance seen for ${service}`);
  return [...seen].filter((key) => {
    const [method, path] = key.split(' ') as [string, string];
    if (INTERNAL.has(path)) return false;
    // Fastify adds HEAD beside every GET by itself.
    return !(method === 'HEAD' && seen.has(`GET ${path}`));
  });
}

const built = builtServices().map((s) => s.name);
const tableKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('route table against the registered routes', () => {
  it('sees the routes of every built service', () => {
    for (const service of built) expect(routesOf(service).length, service).toBeGreaterThan(0);
  });

  it.each(built)('every route %s registers is in the table with that owner', (service) => {
    const owner = new Map(routes.map((r) => [tableKey(r), r.service]));
    const wrong = routesOf(service)
      .filter((key) => owner.get(key) !== service)
      .map((key) => `${key} (table: ${owner.get(key) ?? 'missing'})`);
    expect(wrong).toEqual([]);
  });

  it.each(built)('every table entry of %s is registered by it', (service) => {
    const seen = new Set(routesOf(service));
    const pending = new Set(pendingRoutes.map((p) => p.route));
    const missing = routes
      .filter((r) => r.service === service && !seen.has(tableKey(r)) && !pending.has(tableKey(r)))
      .map(tableKey);
    expect(missing).toEqual([]);
  });

  it('lists as pending only documented, unregistered routes of built services', () => {
    const everything = new Set(built.flatMap(routesOf));
    expect(new Set(pendingRoutes.map((p) => p.route)).size).toBe(pendingRoutes.length);
    for (const { route, issue } of pendingRoutes) {
      expect(issue, route).toMatch(/^issue \d+/);
      const entry = routes.find((r) => tableKey(r) === route);
      expect(
        entry && entry.service !== 'gateway' && built.includes(entry.service),
        `${route} is a documented route of a built service`,
      ).toBe(true);
      expect(everything.has(route), `${route} is registered now: remove it from PENDING`).toBe(false);
    }
  });
});

describe('body limits on both sides of the gateway', () => {
  it.each(built)('%s takes exactly the table’s body limit on every route of its own', (service) => {
    const limits = routeBodyLimits(sys.services.get(service)!.app);
    const own = routes.filter((r) => r.service === service && r.method !== 'GET');
    expect(own.filter((r) => !limits.has(tableKey(r))).map(tableKey)).toEqual([]);
    const wrong = own
      .filter((r) => limits.get(tableKey(r)) !== bodyLimitOf(r))
      .map((r) => `${tableKey(r)}: service ${limits.get(tableKey(r))}, gateway ${bodyLimitOf(r)}`);
    expect(wrong).toEqual([]);
  });

  it('a bulk body under the limit is the service’s own answer; over it, the gateway’s 413', async () => {
    const cookie = await signIn(sys.url, 'admin_hikari');
    const post = (bytes: number) =>
      fetch(`${sys.url}/admin/characters/bulk`, {
        method: 'POST',
        headers: { cookie, origin: sys.url, 'content-type': 'application/json' },
        body: JSON.stringify({ characters: [], pad: 'a'.repeat(bytes) }),
      });
    // 3 MB: more than the catalogue used to take (2 MB, a 503 at the gateway), less than 5 MB.
    const within = await post(3 * 1024 * 1024);
    expect(within.status).toBe(400);
    expect((await within.json()).error).toMatch(/characters/);
    const over = await post(5 * 1024 * 1024);
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({
      code: 'payload_too_large',
      error: 'The request body is larger than this route takes: at most 5 MB (5242880 bytes)',
    });
    // The system still answers.
    expect((await post(10)).status).toBe(400);
  });
});
