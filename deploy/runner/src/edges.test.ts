import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './embedded';
import { isolated, signIn } from './testing/sign-in';

/**
 * Red-team checks of the running system's edges (issue "Platform ready to grow", item 4): bad
 * input through the gateway to the real services gets a 4xx in the one error shape, never a 5xx.
 */
let db: TestDatabase;
let dataDir: string;
let sys: EmbeddedSystem;
let fan: string;
let admin: string;
const SESSIONS_PER_WINDOW = 4;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'acg-edges-'));
  sys = await startEmbedded({
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      RATE_LIMIT_SESSIONS_MAX: String(SESSIONS_PER_WINDOW),
      ...isolated(),
    },
    dataDir,
    port: 0,
    ephemeralPorts: true,
    logLevel: 'silent',
  });
  fan = await signIn(sys.url, 'sakura_fan');
  admin = await signIn(sys.url, 'admin_hikari');
}, 120_000);
afterAll(async () => {
  await sys?.close();
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${sys.url}${path}`, { headers: { accept: 'application/json', ...headers }, redirect: 'manual' });
const sameOrigin = (cookie: string) => ({ cookie, origin: sys.url, 'content-type': 'application/json' });

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  continued: boolean;
}
/** node:http, for what fetch will not send (Expect, a broken path, huge headers). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
  base = sys.url,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = httpRequest({ host: '127.0.0.1', port: new URL(base).port, method, path, headers }, (res) => {
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
    if (headers.expect && body) {
      req.on('continue', () => {
        continued = true;
        req.end(body);
      });
    } else req.end(body);
  });
}
const issuePaths = async (res: Response) =>
  ((await res.json()) as { details?: { issues?: Array<{ path: string }> } }).details?.issues?.map(
    (i) => i.path,
  );

describe('ids, cursors and strings the database cannot hold', () => {
  it('are a 400 validation_failed naming the field, not a 500', async () => {
    for (const [query, field] of [
      ['anime_id=2147483648', 'querystring/anime_id'],
      ['limit=10&after=2147483648', 'querystring/after'],
      ['q=%00', 'querystring/q'],
      ['anime_id=-1', 'querystring/anime_id'],
    ] as const) {
      const res = await get(`/api/characters?${query}`, { cookie: fan });
      expect(res.status, query).toBe(400);
      expect(await issuePaths(res), query).toEqual([field]);
    }
    const owners = await get('/api/inventory?card_id=99999999999', { cookie: fan });
    expect(owners.status).toBe(400);
    const likes = await get('/api/cards/2147483648/likes', { cookie: fan });
    expect(likes.status).toBe(400);
    expect(await issuePaths(likes)).toEqual(['params/cardId']);
  });

  it('read ids written other than in decimal digits as a 400 naming the field, not as another id', async () => {
    for (const [path, field] of [
      ['/api/cards/0x26/likes', 'params/cardId'],
      ['/api/cards/1e1/likes', 'params/cardId'],
      ['/api/inventory?card_id=0x26', 'querystring/card_id'],
      ['/api/characters?anime_id=%201%20', 'querystring/anime_id'],
      ['/api/characters?limit=0x10', 'querystring/limit'],
      ['/trade/api/0x1/cancel', 'params/id'],
    ] as const) {
      const res = path.startsWith('/trade/')
        ? await fetch(`${sys.url}${path}`, { method: 'POST', headers: sameOrigin(fan), body: '{}' })
        : await get(path, { cookie: fan });
      expect(res.status, path).toBe(400);
      expect(await issuePaths(res), path).toEqual([field]);
    }
  });
});

describe('Expect: 100-continue and body limits', () => {
  it('a request with Expect: 100-continue goes through to the service', async () => {
    const body = Buffer.from('{}');
    const res = await raw(
      'POST',
      '/api/cards/1/like',
      { ...sameOrigin(fan), expect: '100-continue', 'content-length': String(body.length) },
      body,
    );
    expect(res.continued).toBe(true);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ success: expect.any(Boolean) });
  });

  it('a body over the route limit is 413 payload_too_large from the gateway, not 503', async () => {
    const res = await fetch(`${sys.url}/api/cards/1/like`, {
      method: 'POST',
      headers: sameOrigin(fan),
      body: JSON.stringify({ pad: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large', requestId: expect.any(String) });
  });
});

describe('wrong methods', () => {
  it('are 405 with Allow at the gateway and in the services themselves', async () => {
    const atGateway = await fetch(`${sys.url}/api/me`, { method: 'PUT', headers: sameOrigin(fan) });
    expect(atGateway.status).toBe(405);
    expect(atGateway.headers.get('allow')).toBe('GET, HEAD');
    for (const [service, path, allow] of [
      ['auth', '/api/me', 'GET, HEAD'],
      ['catalogue', '/api/characters', 'GET, HEAD'],
      ['inventory', '/api/cards/1/like', 'POST'],
      ['image-proxy', '/api/test-image', 'GET, HEAD'],
      ['bot', '/interactions', 'POST'],
    ] as const) {
      const res = await fetch(`${sys.services.get(service)!.url}${path}`, { method: 'DELETE' });
      expect(res.status, `${service} ${path}`).toBe(405);
      expect(res.headers.get('allow'), `${service} ${path}`).toBe(allow);
      expect(await res.json()).toMatchObject({ code: 'method_not_allowed', requestId: expect.any(String) });
    }
  });
});

describe('framework errors', () => {
  const expectEdgeAnswer = (res: RawAnswer, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.headers['x-request-id']).toMatch(/^[\w.-]+$/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(JSON.parse(res.body)).toEqual({
      error: expect.any(String),
      code,
      requestId: res.headers['x-request-id'],
    });
  };

  it('bad percent-encoding, headers too large and malformed JSON use the one error shape', async () => {
    expectEdgeAnswer(await raw('GET', '/api/characters%zz', {}), 400, 'bad_url');
    expectEdgeAnswer(
      await raw('GET', '/api/stats', { 'x-big': 'a'.repeat(20_000) }),
      431,
      'header_too_large',
    );
    const body = Buffer.from('{nope');
    expectEdgeAnswer(
      await raw(
        'POST',
        '/change-language/ru',
        { ...sameOrigin(fan), 'content-length': String(body.length) },
        body,
      ),
      400,
      'invalid_json',
    );
  });

  it('an unsupported media type reaching a service is 415 in the same shape', async () => {
    const res = await fetch(`${sys.services.get('inventory')!.url}/api/cards/1/like`, {
      method: 'POST',
      headers: { 'content-type': 'text/weird' },
      body: 'x',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: 'unsupported_media_type', requestId: expect.any(String) });
  });
});

describe('personal answers', () => {
  it('are not kept by caches', async () => {
    for (const [path, cookie] of [
      ['/api/me', fan],
      ['/api/inventory/my', fan],
      ['/api/users', fan],
      ['/api/inventory/stats', fan],
      ['/admin/users/1/inventory', admin],
    ] as const) {
      const res = await get(path, { cookie });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
    }
    expect((await get('/api/stats')).headers.get('cache-control')).not.toBe('private, no-store');
  });
});

describe('probes', () => {
  it('are not served on the public port, only on the internal one', async () => {
    for (const path of ['/healthz', '/readyz', '/metrics']) expect((await get(path)).status, path).toBe(404);
    const internal = sys.gateway.internalUrl!;
    expect((await fetch(`${internal}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${internal}/metrics`)).text()).toContain('service="gateway"');
  });
});

describe('anonymous sessions and the Host header', () => {
  it('pages and reads mint no session; a language choice gets a one-day one, rate-limited per IP', async () => {
    for (const path of ['/', '/api/me', '/api/stats', '/characters']) {
      expect((await get(path)).headers.getSetCookie(), path).toEqual([]);
    }
    const statuses: number[] = [];
    for (let i = 0; i < SESSIONS_PER_WINDOW + 2; i++) {
      const res = await fetch(`${sys.url}/change-language/ru`, {
        method: 'POST',
        headers: { origin: sys.url, 'content-type': 'application/json' },
      });
      statuses.push(res.status);
      if (i === 0) expect(res.headers.getSetCookie().join(';')).toMatch(/sid=[^;]+;.*Max-Age=86400/);
    }
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(SESSIONS_PER_WINDOW);
    expect(statuses.at(-1)).toBe(429);
  });

  it('a foreign Host header shapes no redirect and no cookie', async () => {
    const res = await raw('GET', '/auth/discord', { host: 'evil.example' });
    expect(res.status).toBeLessThan(500);
    expect(String(res.headers.location ?? '')).not.toContain('evil.example');
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain('evil.example');
  });
});

describe('test images', () => {
  it('are capped in size and text, and a burst of new ones is refused with 429, never 5xx', async () => {
    for (const query of ['width=2001', 'width=1001&height=1000', 'text=a%00b', `text=${'x'.repeat(101)}`]) {
      expect((await get(`/api/test-image?${query}`)).status, query).toBe(400);
    }
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => get(`/api/test-image?width=1000&height=1000&text=edge${i}`)),
    );
    const codes = burst.map((r) => r.status);
    expect(
      codes.every((c) => c === 200 || c === 429),
      codes.join(),
    ).toBe(true);
    expect(codes).toContain(429);
    const again = await Promise.all(
      Array.from({ length: 4 }, () => get('/api/test-image?width=1000&height=1000&text=edge0')),
    );
    // edge0 may have been refused in the burst; once drawn it is served from the cache.
    const kept = await get('/api/test-image?width=1000&height=1000&text=edge0');
    expect(kept.status).toBe(200);
    expect(again.every((r) => r.status === 200 || r.status === 429)).toBe(true);
  });
});
