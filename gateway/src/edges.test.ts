import { Agent, request as httpRequest } from 'node:http';
import { DEFAULT_BODY_LIMIT } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Echo,
  type Harness,
  sameOriginJson,
  session,
  sessionCookie,
  startHarness,
} from './testing/harness';

/**
 * The gateway's edges: what it answers itself for bad input (never a 5xx), and what it adds to
 * every answer. Real echo upstreams behind it; raw HTTP where fetch would not send the request.
 */
let h: Harness;
const USER = sessionCookie('session-of-a-fan');

beforeAll(async () => {
  h = await startHarness({ upstreams: ['auth', 'catalogue', 'inventory'] });
  h.sessions.set('session-of-a-fan', session(7));
  h.sessions.set('session-of-a-russian-fan', session(8, 0, 'ru'));
});
afterAll(() => h?.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  continued: boolean;
}

/** One HTTP/1.1 request with node:http (chunked bodies, Expect: 100-continue). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: { chunks: Buffer[]; waitForContinue?: boolean },
): Promise<RawAnswer> {
  const { port } = new URL(h.url);
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(parts).toString(),
          continued,
        }),
      );
    });
    req.on('error', reject);
    const send = () => {
      for (const chunk of body?.chunks ?? []) req.write(chunk);
      req.end();
    };
    req.on('continue', () => {
      continued = true;
      if (body?.waitForContinue) send();
    });
    if (!body?.waitForContinue) send();
  });
}

const json = (res: RawAnswer) => JSON.parse(res.body) as Record<string, unknown>;

describe('body limits', () => {
  it('answers 413 payload_too_large itself for a declared length over the route limit', async () => {
    const big = Buffer.alloc(DEFAULT_BODY_LIMIT + 1, 'a');
    const before = h.upstreams.get('inventory')!.hits.length;
    const res = await h.request('/api/cards/1/like', {
      method: 'POST',
      headers: sameOriginJson({ cookie: USER }),
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large', requestId: expect.any(String) });
    expect(h.upstreams.get('inventory')!.hits.length).toBe(before);
  });

  it('says the limit in the caller’s language, and the kept-alive connection serves the next request', async () => {
    const { port } = new URL(h.url);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const call = (cookie: string, body: Buffer) =>
      new Promise<{ status: number; body: string; reused: boolean }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/cards/1/like',
            agent,
            headers: { ...sameOriginJson({ cookie }), 'content-length': String(body.length) },
          },
          (res) => {
            const parts: Buffer[] = [];
            res.on('data', (c: Buffer) => parts.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                body: Buffer.concat(parts).toString(),
                reused: req.reusedSocket,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      const big = Buffer.alloc(DEFAULT_BODY_LIMIT + 1, 'a');
      const en = await call(USER, big);
      expect(en.status).toBe(413);
      expect(JSON.parse(en.body)).toMatchObject({
        error: 'The request body is larger than this route takes: at most 64 KB (65536 bytes)',
        details: { limit: 65536 },
      });
      const ru = await call(sessionCookie('session-of-a-russian-fan'), big);
      expect(ru.status).toBe(413);
      expect(JSON.parse(ru.body).error).toBe(
        'Тело запроса больше, чем принимает этот адрес: не больше 64 КБ (65536 байт)',
      );
      expect(ru.reused).toBe(true);
      // The same connection still answers a good request.
      const next = await call(USER, Buffer.from('{}'));
      expect(next.status).toBe(200);
      expect(next.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it('counts a chunked body as it is forwarded and refuses it past the limit with 413', async () => {
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const res = await raw(
      'POST',
      '/api/cards/1/like',
      { ...sameOriginJson({ cookie: USER }), 'transfer-encoding': 'chunked' },
      { chunks: Array.from({ length: 6 }, () => chunk) },
    );
    expect(res.status).toBe(413);
    expect(json(res)).toMatchObject({ code: 'payload_too_large' });
  });

  it('refuses a declared body over the limit on the routes it answers itself (live stream, API document)', async () => {
    const big = Buffer.alloc(DEFAULT_BODY_LIMIT + 1, 'a');
    for (const [path, cookie] of [
      ['/api/events', USER],
      ['/api/docs', sessionCookie('session-of-a-russian-fan')],
      ['/api/docs', ''],
    ] as const) {
      const res = await raw('GET', path, { cookie, 'content-length': String(big.length) }, { chunks: [big] });
      expect(res.status, path).toBe(413);
      expect(json(res), path).toMatchObject({ code: 'payload_too_large', details: { limit: 65536 } });
      expect(json(res).error, path).toMatch(cookie.includes('russian') ? /65536 байт/ : /65536 bytes/);
    }
  });

  it('lets a body within the limit through', async () => {
    const res = await h.request('/api/cards/1/like', {
      method: 'POST',
      headers: sameOriginJson({ cookie: USER }),
      body: JSON.stringify({ pad: 'a'.repeat(1000) }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Echo).bodyBytes).toBeGreaterThan(1000);
  });
});

describe('Expect: 100-continue', () => {
  it('is answered by the gateway and the request is forwarded without it', async () => {
    const body = Buffer.from(JSON.stringify({ a: 1 }));
    const res = await raw(
      'POST',
      '/api/cards/1/like',
      {
        ...sameOriginJson({ cookie: USER }),
        expect: '100-continue',
        'content-length': String(body.length),
      },
      { chunks: [body], waitForContinue: true },
    );
    expect(res.continued).toBe(true);
    expect(res.status).toBe(200);
    expect(json(res)).toMatchObject({ service: 'inventory', bodyBytes: body.length });
  });
});

describe('methods', () => {
  it('answers 405 with Allow for a method a route-table path does not have', async () => {
    for (const [method, path, allow] of [
      ['PUT', '/api/me', 'GET, HEAD'],
      ['DELETE', '/api/cards/1/like', 'POST'],
      ['PATCH', '/api/characters', 'GET, HEAD'],
      ['POST', '/api/inventory/my', 'GET, HEAD'],
    ] as const) {
      const res = await h.request(path, { method, headers: sameOriginJson({ cookie: USER }) });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect(await res.json()).toMatchObject({ code: 'method_not_allowed' });
    }
  });
});

describe('framework errors in the one error shape, with security headers and a request id', () => {
  const expectShaped = (res: RawAnswer | Response, status: number, code: string) => {
    const get = (name: string) =>
      res instanceof Response ? res.headers.get(name) : (res.headers[name] as string | undefined);
    expect(res.status).toBe(status);
    expect(get('x-request-id')).toMatch(/^[\w.-]+$/);
    expect(get('content-security-policy')).toContain("default-src 'self'");
    expect(get('x-content-type-options')).toBe('nosniff');
    return code;
  };

  it('bad percent-encoding in the path is a 400 bad_url', async () => {
    const res = await raw('GET', '/api/characters%zz', {});
    expectShaped(res, 400, 'bad_url');
    expect(json(res)).toEqual({
      error: expect.any(String),
      code: 'bad_url',
      requestId: res.headers['x-request-id'],
    });
  });

  it('headers over the size limit are a 431 header_too_large', async () => {
    const res = await raw('GET', '/api/stats', { 'x-big': 'a'.repeat(20_000) });
    expectShaped(res, 431, 'header_too_large');
    expect(json(res)).toMatchObject({ code: 'header_too_large', requestId: res.headers['x-request-id'] });
  });

  it('malformed JSON and unsupported media types are refused by the service in the same shape', async () => {
    // The echo upstream takes any body; a real one (platform server) refuses, see framework-errors.test.ts.
    const res = await h.request('/api/cards/1/like', {
      method: 'POST',
      headers: sameOriginJson({ cookie: USER, 'content-type': 'text/plain' }),
      body: 'x',
    });
    expectShaped(res, 403, 'cross_site_request');
    expect(await res.json()).toMatchObject({ code: 'cross_site_request', requestId: expect.any(String) });
  });
});

describe('personal answers', () => {
  it('are sent with Cache-Control: private, no-store; shared ones are not', async () => {
    const personal = await h.request('/api/me', { headers: { cookie: USER } });
    expect(personal.status).toBe(200);
    expect(personal.headers.get('cache-control')).toBe('private, no-store');
    const inventory = await h.request('/api/inventory/my', { headers: { cookie: USER } });
    expect(inventory.headers.get('cache-control')).toBe('private, no-store');
    const stats = await h.request('/api/stats');
    expect(stats.headers.get('cache-control')).not.toBe('private, no-store');
  });
});

describe('Host header', () => {
  it('is never what services are told: X-Forwarded-Host is the public host', async () => {
    const res = await h.request('/api/stats', { headers: { host: 'evil.example' } });
    expect(((await res.json()) as Echo).forwardedHost).toBe('localhost:3000');
  });

  it('does not make a foreign origin same-origin', async () => {
    const res = await raw(
      'POST',
      '/api/cards/1/like',
      {
        host: 'evil.example',
        origin: 'http://evil.example',
        'content-type': 'application/json',
        cookie: USER,
      },
      { chunks: [Buffer.from('{}')] },
    );
    expect(res.status).toBe(403);
    expect(json(res)).toMatchObject({ code: 'cross_site_request' });
  });
});

describe('probes', () => {
  it('are not served on the public port, only on the internal one', async () => {
    for (const path of ['/healthz', '/readyz', '/metrics']) {
      expect((await h.request(path)).status, path).toBe(404);
    }
    const internal = h.gateway.internalUrl!;
    expect(new URL(internal).port).not.toBe(new URL(h.url).port);
    expect((await fetch(`${internal}/healthz`)).status).toBe(200);
    expect((await fetch(`${internal}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${internal}/metrics`)).text()).toContain('http_request_duration_seconds');
  });
});
