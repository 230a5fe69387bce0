import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isOwnerBuilt, type RouteSpec, routes, type ServiceName, system } from '@acg/contracts';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './embedded';
import { isolated, signIn } from './testing/sign-in';

/**
 * The authorization matrix over every route of the route table, through the gateway as a
 * browser calls it: anonymous, a fan (level 0) and an administrator (level 3). Then each built
 * service directly, without the gateway: its protected routes refuse a missing or forged identity.
 */
let db: TestDatabase;
let dataDir: string;
let sys: EmbeddedSystem;
const cookies: Record<'fan' | 'admin', string> = { fan: '', admin: '' };

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

describe('authorization matrix through the gateway', () => {
  const cases = routes.filter((r) => !sessionChanging.has(r.path));
  it.each(cases.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const anonymous = await call(sys.url, route, {});
    const fan = await call(sys.url, route, { cookie: cookies.fan });
    const admin = await call(sys.url, route, { cookie: cookies.admin });
    // A built service never answers a 5xx to these calls; a service not built yet answers 503
    // (only where access lets the caller through to it).
    if (isOwnerBuilt(route)) {
      expect([anonymous, fan, admin].filter((s) => s >= 500)).toEqual([]);
    } else {
      expect([anonymous, fan, admin].filter((s) => s >= 500 && s !== 503)).toEqual([]);
    }
    if (route.path === '/interactions') {
      // Public to the gateway, but the bot takes only requests signed by Discord.
      expect([anonymous, fan, admin]).toEqual([401, 401, 401]);
    } else if (route.access === 'public') {
      expect([anonymous, fan, admin].filter((s) => s === 401 || s === 403)).toEqual([]);
    } else if (route.access === 'user') {
      expect(anonymous).toBe(401);
      expect([fan, admin].filter((s) => s === 401 || s === 403)).toEqual([]);
    } else {
      expect(anonymous).toBe(401);
      expect(fan).toBe(403);
      expect([401, 403]).not.toContain(admin);
    }
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
