import { builtServices, routes, serviceNames } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesByService } from './routing/route-table';
import {
  type Echo,
  type Harness,
  PUBLIC_HOST,
  requestWithHost,
  sameOriginJson,
  session,
  sessionCookie,
  startHarness,
} from './testing/harness';

/** A concrete URL for a route-table path: sample values for parameters and the wildcard. */
const concrete = (path: string): string =>
  path
    .replace(/:animeId/, '5114')
    .replace(/:lang/, 'ru')
    .replace(/:[A-Za-z]+/g, '12')
    .replace(/\*$/, 'a/b.png');

const ADMIN = sessionCookie('session-of-the-admin');

describe('route table ownership', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ upstreams: serviceNames, services: serviceNames });
    h.sessions.set('session-of-the-admin', session(1, 4));
  });
  afterAll(() => h.close());

  it('forwards every route of the table to the service that owns it, unchanged', async () => {
    const misrouted: string[] = [];
    // The gateway answers its own routes (the live stream: live.test.ts).
    for (const route of routes.filter((r) => r.service !== 'gateway')) {
      const url = concrete(route.path);
      const headers = sameOriginJson({ cookie: ADMIN });
      // A sign-in starts only on the public host (others are sent there first: sign-in-origin.test.ts).
      const { status, text } =
        route.method === 'GET' && route.path === '/auth/discord'
          ? await requestWithHost(h.url, url, PUBLIC_HOST, { headers }).then((r) => ({
              status: r.status,
              text: r.body,
            }))
          : await h
              .request(url, { method: route.method, headers })
              .then(async (r) => ({ status: r.status, text: await r.text() }));
      const body = JSON.parse(text) as Partial<Echo>;
      if (
        status !== 200 ||
        body.service !== route.service ||
        body.url !== url ||
        body.method !== route.method
      ) {
        misrouted.push(`${route.method} ${url} -> ${status} ${body.service ?? JSON.stringify(body)}`);
      }
    }
    expect(misrouted).toEqual([]);
  });

  it('resolves overlapping paths by exact route, not by prefix', async () => {
    const owner = async (url: string) => ((await (await h.request(url)).json()) as Echo).service;
    expect(await owner('/api/anime')).toBe('catalogue');
    expect(await owner('/api/anime/search?q=naruto')).toBe('anime-search');
    expect(await owner('/api/anime/5114/details')).toBe('anime-search');
    expect(await owner('/api/anime/5114/cards')).toBe('catalogue');
  });

  it('keeps the query string', async () => {
    const res = await h.request('/api/anime/search?q=%D0%BD%D0%B0%D1%80%D1%83%D1%82%D0%BE&limit=5');
    expect(((await res.json()) as Echo).url).toBe(
      '/api/anime/search?q=%D0%BD%D0%B0%D1%80%D1%83%D1%82%D0%BE&limit=5',
    );
  });

  it('groups the table into one proxy (one connection pool) per service', () => {
    const groups = routesByService();
    const owners = routes.map((r) => r.service).filter((s) => s !== 'gateway');
    expect(groups.map((g) => g.service).sort()).toEqual([...new Set(owners)].sort());
  });

  it('rejects a table where two services own one path', () => {
    expect(() =>
      routesByService([
        { method: 'GET', path: '/api/x', service: 'auth', access: 'public', source: 'additive' },
        { method: 'POST', path: '/api/x', service: 'catalogue', access: 'public', source: 'additive' },
      ]),
    ).toThrow(/owned by both auth and catalogue/);
  });
});

describe('services the gateway does not forward to', () => {
  // Every service is built now; a deployment may still leave some out (here trades and admin),
  // and their routes must answer 503 as an unbuilt service's did.
  const missing = new Set<string>(['trades', 'admin']);
  const present = builtServices()
    .map((s) => s.name)
    .filter((s) => !missing.has(s));
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ upstreams: present, services: present });
  });
  afterAll(() => h.close());

  it('answer JSON 503 at once on every route to callers allowed to call it, naming the service', async () => {
    const unreachable = routes.filter((r) => missing.has(r.service));
    expect(unreachable.length).toBeGreaterThan(0);
    h.sessions.set('session-of-an-admin-03', session(1, 3));
    for (const route of unreachable) {
      const started = performance.now();
      const res = await h.request(concrete(route.path), {
        method: route.method,
        headers: sameOriginJson({ cookie: sessionCookie('session-of-an-admin-03') }),
      });
      expect(performance.now() - started).toBeLessThan(200);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        error: 'Service unavailable',
        code: 'service_unavailable',
        details: { service: route.service },
      });
    }
  });

  it('do not stop the built ones from answering', async () => {
    const res = await h.request('/api/stats');
    expect(res.status).toBe(200);
  });
});
