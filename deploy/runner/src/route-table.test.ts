import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bodyLimitOf, builtServices, routes, type ServiceName } from '@acg/contracts';
import { demoAccounts } from '@acg/fakes';
import { apiDocument } from '@acg/gateway';
import { type HttpServer, routeBodyLimits } from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './embedded';
import { documentedAnswerValidator } from './openapi/answers';
import { isolated, signIn } from './testing/sign-in';

/**
 * The route table (packages/contracts/src/routes.ts) against what the running services really
 * register: every route a built service registers is in the table with the same method and
 * owner, and every table entry of a built service is registered by it. The routes are read from
 * the Fastify instances of the embedded system themselves: Fastify announces each new instance
 * on the `fastify.initialization` diagnostics channel before any route exists, and an onRoute
 * hook added there sees every registration. The same routes are held to the OpenAPI document
 * the gateway serves (gateway/src/docs/openapi.json), and real answers to its schemas.
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

describe('the OpenAPI document against the running services', () => {
  /** `METHOD /path/{param}` of every operation the served document has. */
  const documented = new Set(
    Object.entries(apiDocument.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );
  const asDocumented = (key: string) => key.replace(/\/:([^/]+)/g, '/{$1}').replace(/\/\*$/, '/{wildcard}');

  it('is served by the embedded gateway to an administrator', async () => {
    const res = await fetch(`${sys.url}/api/docs`, {
      headers: { cookie: await cookieOf('admin'), accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(apiDocument);
  });

  it.each(built)('documents every route %s registers', (service) => {
    const missing = routesOf(service).filter((key) => !documented.has(asDocumented(key)));
    expect(missing).toEqual([]);
  });

  // Real answers through the gateway, signed in as a member and as an administrator, each held
  // to the schema the document gives its status. Lists must not be empty (an empty list matches
  // any item schema): the member and the admin each get a card dropped, and the member offers a trade.
  it('has a member with a card and a trade', async () => {
    const fan = await cookieOf('fan');
    const admin = await cookieOf('admin');
    for (const username of ['sakura_fan', 'admin_hikari']) {
      const account = demoAccounts.find((a) => a.username === username)!;
      const drop = await fetch(`${sys.fakeDiscordUrl}/demo/card`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ as: account.discordId }),
      });
      expect(await drop.text()).toMatch(/\/api\/cards\/\d+\/image/);
    }
    const json = (path: string, cookie: string) =>
      fetch(`${sys.url}${path}`, { headers: { cookie, accept: 'application/json' } }).then((r) => r.json());
    const adminId = ((await json('/api/me', admin)) as { user: { id: number } }).user.id;
    const [mine] = (await json('/api/inventory/tradeable', fan)) as Array<{ inventoryId: number }>;
    const [theirs] = (await json(`/api/inventory/tradeable?user_id=${adminId}`, fan)) as Array<{
      inventoryId: number;
    }>;
    const offer = await fetch(`${sys.url}/trade/api`, {
      method: 'POST',
      headers: { cookie: fan, origin: sys.url, 'content-type': 'application/json' },
      body: JSON.stringify({
        toUserId: adminId,
        fromItems: [{ inventoryId: mine!.inventoryId, quantity: 1 }],
        toItems: [{ inventoryId: theirs!.inventoryId, quantity: 1 }],
      }),
    });
    expect(offer.status).toBe(201);
  });

  it.each([
    ['/api/stats', null],
    ['/api/anime', null],
    ['/api/characters', 'fan'],
    ['/api/characters?limit=5', 'fan'],
    ['/trade/api/my', 'fan'],
    ['/api/inventory', 'fan'],
    ['/admin/users', 'admin'],
    ['/admin/logs/stats', 'admin'],
  ] as const)('the answer to GET %s matches its documented schema', async (path, who) => {
    const cookie = who ? await cookieOf(who) : undefined;
    const res = await fetch(`${sys.url}${path}`, { headers: cookie ? { cookie } : {} });
    expect(res.status, path).toBe(200);
    const body: unknown = await res.json();
    const errors = documentedAnswerValidator(apiDocument)('GET', path.split('?', 1)[0]!, '200')(body);
    expect(errors, path).toEqual([]);
    const items = Array.isArray(body) ? body : Object.values(body as object).find(Array.isArray);
    if (items) expect(items.length, `${path} answers some items`).toBeGreaterThan(0);
  });
});

const cookies = new Map<string, Promise<string>>();
/** One sign-in per demo user for the whole file. */
function cookieOf(who: 'fan' | 'admin'): Promise<string> {
  const username = who === 'fan' ? 'sakura_fan' : 'admin_hikari';
  let cookie = cookies.get(username);
  if (!cookie) {
    cookie = signIn(sys.url, username);
    cookies.set(username, cookie);
  }
  return cookie;
}

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
    const cookie = await cookieOf('admin');
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
