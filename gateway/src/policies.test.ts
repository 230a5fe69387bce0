import { AppError } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Policy, Redirect } from './policies';
import { type Harness, sameOriginJson, startHarness } from './testing/harness';

/**
 * Pages go through Fastify, the proxied API through the API edge in front of it; both run the
 * one policy list (policies.ts). Probes inserted into that list, around the CSRF check, must be
 * seen by both kinds of request, in the list's place, with every phase (request, answer,
 * finished) and every kind of verdict (go on, refuse, redirect).
 */
interface Seen {
  probe: 'before' | 'after';
  method: string;
  url: string;
  route: string | undefined;
}
const seen: Seen[] = [];
const finished: { url: string; status: number }[] = [];

const probes: Policy[] = [
  {
    name: 'probe-before-csrf',
    request: (req, route, head) => {
      seen.push({ probe: 'before', method: req.method, url: req.url, route });
      head.header('x-probe', 'before');
      return undefined;
    },
  },
  {
    name: 'probe-after-csrf',
    request: (req, route) => {
      seen.push({ probe: 'after', method: req.method, url: req.url, route });
      if (req.headers['x-probe-verdict'] === 'redirect') return new Redirect('/probed');
      if (req.headers['x-probe-verdict'] === 'refuse')
        return new AppError(409, 'probe_refused', 'Refused by the probe');
      // Decided later, as a rate limit waiting for Redis is: the rest of the list runs after it.
      if (req.headers['x-probe-verdict'] === 'later') return Promise.resolve(undefined);
      return undefined;
    },
    answer: (_req, status, head) => {
      head.header('x-probe-status', String(status));
    },
    finished: (req, _route, status) => {
      finished.push({ url: req.url, status });
    },
  },
];

/** The probes around the CSRF check: one just before it, one just after. */
const aroundCsrf = (list: readonly Policy[]): Policy[] => {
  const at = list.findIndex((p) => p.name === 'csrf');
  if (at < 0) throw new Error('no csrf policy in the list');
  return [...list.slice(0, at), probes[0]!, list[at]!, probes[1]!, ...list.slice(at + 1)];
};

let h: Harness;
let order: string[] = [];
beforeAll(async () => {
  h = await startHarness({
    upstreams: ['auth', 'catalogue'],
    services: ['auth', 'catalogue'],
    arrangePolicies: (list) => {
      order = list.map((p) => p.name);
      return aroundCsrf(list);
    },
  });
});
afterAll(() => h?.close());

const catalogueHits = () => h.upstreams.get('catalogue')!.hits.length;
const seenFor = (url: string) => seen.filter((s) => s.url === url);

// Each case: a page (Fastify) and an API route (the edge).
const PAGE = '/characters';
const API = '/api/stats';

describe('the one policy list', () => {
  it('is in the order ADR 0010 gives', () => {
    expect(order).toEqual([
      'request-id',
      'security-headers',
      'csrf',
      'rate-limits',
      'sign-in-origin',
      'draining',
      'outage-retry-after',
      'request-metrics',
    ]);
  });

  it.each([
    ['a page', PAGE, PAGE],
    ['an API route', API, API],
  ])('runs every phase of an inserted policy for %s', async (_kind, url, route) => {
    const res = await h.request(url, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(seenFor(url)).toEqual([
      { probe: 'before', method: 'GET', url, route },
      { probe: 'after', method: 'GET', url, route },
    ]);
    expect(res.headers.get('x-probe')).toBe('before');
    expect(res.headers.get('x-probe-status')).toBe('200');
    // The list's other policies still apply around the probes.
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/\S/);
    expect(finished.filter((f) => f.url === url)).toEqual([{ url, status: 200 }]);
  });

  it.each([
    ['a page', '/no-such-page-posted'],
    ['an API route', '/api/cards/5/like'],
  ])(
    'stops at the CSRF refusal for %s: the policy before it ran, the one after did not',
    async (_kind, url) => {
      const before = catalogueHits();
      const res = await h.request(url, {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('cross_site_request');
      expect(seenFor(url).map((s) => s.probe)).toEqual(['before']);
      // Answer steps run on refusals too, on both paths.
      expect(res.headers.get('x-probe')).toBe('before');
      expect(res.headers.get('x-probe-status')).toBe('403');
      expect(catalogueHits()).toBe(before);
    },
  );

  it.each([
    ['a page', `${PAGE}?redirect`],
    ['an API route', `${API}?redirect`],
  ])("answers a policy's redirect in the route's stead for %s", async (_kind, url) => {
    const before = catalogueHits();
    const rendered = h.renderer.calls.length;
    const res = await h.request(url, { headers: { 'x-probe-verdict': 'redirect', accept: 'text/html' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/probed');
    expect(res.headers.get('x-probe-status')).toBe('302');
    expect(catalogueHits()).toBe(before);
    expect(h.renderer.calls.length).toBe(rendered);
  });

  it.each([
    ['a page', `${PAGE}?refuse`],
    ['an API route', `${API}?refuse`],
  ])("answers a policy's refusal in the one error shape for %s", async (_kind, url) => {
    const res = await h.request(url, { headers: { 'x-probe-verdict': 'refuse', accept: 'text/html' } });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: 'probe_refused',
      requestId: res.headers.get('x-request-id'),
    });
    expect(finished.filter((f) => f.url === url)).toEqual([{ url, status: 409 }]);
  });

  it.each([
    ['a page', `${PAGE}?later`],
    ['an API route', `${API}?later`],
  ])('goes on with the rest of the list after a verdict that came later for %s', async (_kind, url) => {
    const res = await h.request(url, {
      method: 'POST',
      headers: sameOriginJson({ 'x-probe-verdict': 'later', accept: 'text/html' }),
      body: '{}',
    });
    // Past the probe, the list went on (rate limits counted) and the path answered.
    expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect(seenFor(url).map((s) => s.probe)).toEqual(['before', 'after']);
    expect([404, 405]).toContain(res.status);
  });
});

describe('Retry-After on a 503', () => {
  it("is on the API edge's own 503 (a service not running) as on every other", async () => {
    // The harness runs auth and catalogue only: anime-search's routes answer 503 at the edge.
    const res = await h.request('/api/status');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
  });
});
