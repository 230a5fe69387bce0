import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, session, sessionCookie, startHarness } from './testing/harness';

/**
 * The proxied API is answered by the API edge in front of Fastify (routing/api-edge.ts, rules
 * §44); pages, assets and unknown paths by Fastify. Both must look the same from outside: the
 * same fixed headers, the same error shape, the same request metrics.
 */
const PUBLIC_ORIGIN = 'http://localhost:3000';
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ upstreams: ['auth', 'catalogue'] });
  h.sessions.set('session-of-a-fan', session(7));
});
afterAll(() => h?.close());

/** The headers an answer carries whoever wrote it, less those that vary by answer or request. */
const VARYING = new Set([
  'date',
  'content-length',
  'content-type',
  'x-request-id',
  'cache-control',
  'vary',
  'allow',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
]);
const fixedHeadersOf = (res: Response) =>
  Object.fromEntries([...res.headers].filter(([name]) => !VARYING.has(name)));

describe('answers of the API edge and of Fastify', () => {
  it('carry the same security and rate-limit headers', async () => {
    const forwarded = await h.request('/api/stats');
    const refused = await h.request('/api/stats', { method: 'DELETE', headers: { origin: PUBLIC_ORIGIN } });
    const page = await h.request('/', { headers: { accept: 'text/html' } });
    const missing = await h.request('/no-such-thing');
    expect(forwarded.status).toBe(200);
    expect(refused.status).toBe(405);
    expect(page.status).toBe(200);
    expect(missing.status).toBe(404);
    const expected = fixedHeadersOf(page);
    expect(expected['content-security-policy']).toContain("default-src 'self'");
    expect(expected['x-ratelimit-limit']).toBeDefined();
    for (const res of [forwarded, refused, missing]) expect(fixedHeadersOf(res)).toEqual(expected);
  });

  it('carry the request id the client gave, upstream and back', async () => {
    const res = await h.request('/api/stats', { headers: { 'x-request-id': 'edge-check-1' } });
    expect(res.headers.get('x-request-id')).toBe('edge-check-1');
    expect((await res.json()).requestId).toBe('edge-check-1');
  });

  it('answer a method no route of a proxied path takes with 405 naming every method', async () => {
    const res = await h.request('/api/stats', { method: 'PROPFIND' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(await res.json()).toMatchObject({ code: 'method_not_allowed', requestId: expect.any(String) });
  });

  it('leave a browser navigation under /admin to the admin page', async () => {
    const res = await h.request('/admin/cards', {
      headers: { accept: 'text/html', cookie: sessionCookie('session-of-a-fan') },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(h.upstreams.get('catalogue')!.hits.some((hit) => hit.url === '/admin/cards')).toBe(false);
  });

  it('are counted in the request-duration metric by route pattern', async () => {
    await h.request('/api/anime/12/cards');
    const metrics = await (await fetch(`${h.gateway.internalUrl}/metrics`)).text();
    expect(metrics).toMatch(
      /http_request_duration_seconds_count\{[^}]*method="GET"[^}]*route="\/api\/anime\/:animeId\/cards"[^}]*status_code="200"[^}]*\} 1/,
    );
  });
});

describe('a long answer whose client goes away', () => {
  let slow: Server;
  let edge: Harness;
  let upstreamClosed: Promise<boolean>;

  beforeAll(async () => {
    let closed: (early: boolean) => void = () => {};
    upstreamClosed = new Promise((resolve) => {
      closed = resolve;
    });
    // Sends the first half of an announced 200 KB answer and never the rest.
    slow = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 200_000 });
      res.write(Buffer.alloc(100_000));
      res.once('close', () => closed(!res.writableFinished));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const { port } = slow.address() as AddressInfo;
    edge = await startHarness({
      upstreams: ['auth'],
      env: { UPSTREAM_CATALOGUE_URL: `http://127.0.0.1:${port}` },
    });
  });
  afterAll(async () => {
    await edge?.close();
    slow?.closeAllConnections();
    await new Promise((resolve) => slow?.close(resolve));
  });

  it('stops the transfer from the service too', async () => {
    const { port } = new URL(edge.url);
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/stats' }, (res) => {
        expect(res.statusCode).toBe(200);
        // The first bytes arrived: the answer streams; the client hangs up.
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      req.end();
    });
    expect(await upstreamClosed).toBe(true);
  });
});
