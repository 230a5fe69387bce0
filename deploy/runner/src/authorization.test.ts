import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isOwnerBuilt, type RouteSpec, routes, type ServiceName, system } from '@acg/contracts';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessExpectations, type Expected, LEVELS } from './access-expectations';
import { type EmbeddedSystem, startEmbedded } from './embedded';
import { isolated, signIn } from './testing/sign-in';

/**
 * Access over every route of the route table, through the gateway as a browser calls it, for
 * anonymous visitors and members of levels 0 to 3, compared with `access-expectations.ts`: a
 * table written by hand from the product's access rules, not read from the route table. A route
 * the route table opens or closes by mistake fails here. Then each built service directly,
 * without the gateway: its protected routes refuse a missing or forged identity.
 */
let db: TestDatabase;
let dataDir: string;
let sys: EmbeddedSystem;
const cookies: Record<'fan' | 'admin', string> = { fan: '', admin: '' };
let fanId = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'acg-authz-'));
  sys = await startEmbedded({
    // Its own namespace on shared NATS and Redis servers (the infrastructure pass runs files in parallel).
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      RATE_LIMIT_ENABLED: 'false',
      ...isolated(),
    },
    dataDir,
    port: 0,
    ephemeralPorts: true,
    logLevel: 'silent',
  });
  cookies.fan = await signIn(sys.url, 'sakura_fan');
  cookies.admin = await signIn(sys.url, 'admin_hikari');
  const me = (await (await fetch(`${sys.url}/api/me`, { headers: { cookie: cookies.fan } })).json()) as {
    user: { id: number } | null;
  };
  fanId = me.user!.id;
}, 120_000);
afterAll(async () => {
  await sys?.close();
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x.png');
// Signing out or completing a sign-in would change the callers' sessions mid-matrix.
const sessionChanging = new Set(['/auth/logout', '/auth/discord/callback', '/auth/shikimori/callback']);

async function call(base: string, route: RouteSpec, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${base}${concrete(route.path)}`, {
    method: route.method,
    redirect: 'manual',
    headers: {
      accept: 'application/json',
      origin: base,
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
  });
  // The live event stream never ends by itself: its status is all the matrix needs.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
  else await res.arrayBuffer();
  return res.status;
}

const key = (route: RouteSpec) => `${route.method} ${route.path}`;
const classOf = (status: number): Expected => (status === 401 || status === 403 ? status : 'ok');

/** The demo fan's level, set by the demo administrator as the back office does. */
async function setFanLevel(level: number): Promise<void> {
  const res = await fetch(`${sys.url}/admin/users/${fanId}/adminLevel`, {
    method: 'POST',
    headers: {
      cookie: cookies.admin,
      origin: sys.url,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({ adminLevel: level }),
  });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

describe('access over every route, against the hand-written expectations', () => {
  it('has an expectation for every route of the route table, and no other', () => {
    const table = routes.map(key).sort();
    expect(Object.keys(accessExpectations).sort()).toEqual(table);
  });

  const callers = [
    { index: 0, level: null },
    { index: 1, level: 0 },
    { index: 2, level: 1 },
    { index: 3, level: 2 },
    { index: 4, level: 3 },
  ] as const;
  it.each(callers.map((c) => [LEVELS[c.index], c] as const))('%s', async (_name, caller) => {
    // Levels 0 to 2 are the demo fan at that level; level 3 is the demo administrator.
    let cookie = '';
    if (caller.level === 3) cookie = cookies.admin;
    else if (caller.level !== null) {
      await setFanLevel(caller.level);
      cookie = cookies.fan;
    }
    const mismatches: string[] = [];
    const serverErrors: string[] = [];
    try {
      for (const route of routes) {
        if (sessionChanging.has(route.path)) continue;
        const status = await call(sys.url, route, cookie ? { cookie } : {});
        // A built service never answers a 5xx to these calls; one not built yet answers 503.
        if (status >= 500 && (isOwnerBuilt(route) || status !== 503))
          serverErrors.push(`${key(route)}: ${status}`);
        const expected = accessExpectations[key(route)]?.[caller.index];
        if (classOf(status) !== expected) mismatches.push(`${key(route)}: ${status}, expected ${expected}`);
      }
    } finally {
      if (caller.level !== null && caller.level !== 3 && caller.level !== 0) await setFanLevel(0);
    }
    expect(mismatches).toEqual([]);
    expect(serverErrors).toEqual([]);
  });
});

describe('services enforce access themselves (defence in depth)', () => {
  const forged = Buffer.from(JSON.stringify({ u: 2, l: 4, g: 'en', exp: 9e9 })).toString('base64url');
  // Routes of built services that the service has registered so far (later issues add the rest).
  const served = () =>
    routes.filter(
      (r) =>
        r.service !== 'gateway' &&
        system[r.service].built &&
        r.access !== 'public' &&
        sys.services.get(r.service)!.app.hasRoute({ method: r.method, url: r.path }),
    );
  it('covers at least the protected routes built so far', () => {
    expect(served().map((r) => r.path)).toContain('/api/users');
  });
  it('refuses a missing or forged identity on every protected route a service serves', async () => {
    for (const route of served()) {
      const base = sys.services.get(route.service as ServiceName)!.url;
      expect(await call(base, route, {})).toBe(401);
      expect(await call(base, route, { 'x-acg-identity': `${forged}.not-a-signature` })).toBe(401);
    }
  });
});
