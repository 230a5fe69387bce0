import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { signIdentity, verifyIdentity } from '@acg/platform';
import Fastify, { type FastifyInstance, type RouteHandlerMethod } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentitySigner } from './routing/identity-signer';
import { type Harness, INTERNAL_SECRET, session, sessionCookie, startHarness } from './testing/harness';

/** One GET through the gateway with node:http (no decompression): status, headers and raw bytes. */
function rawGet(url: string, headers: Record<string, string>) {
  const { port } = new URL(url);
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/characters', headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** The gateway in front of a stub catalogue whose GET /api/characters is `answer`; a reader is signed in. */
function gatewayBeforeCatalogue(answer: RouteHandlerMethod): { url: string } {
  let upstream: FastifyInstance | undefined;
  let h: Harness | undefined;
  beforeAll(async () => {
    upstream = Fastify();
    upstream.get('/api/characters', answer);
    const url = await upstream.listen({ host: '127.0.0.1', port: 0 });
    h = await startHarness({ upstreams: ['auth'], env: { UPSTREAM_CATALOGUE_URL: url } });
    h.sessions.set('session-of-a-reader', session(9));
  });
  afterAll(async () => {
    await h?.close();
    await upstream?.close();
  });
  return {
    get url() {
      return h!.url;
    },
  };
}

/**
 * How answers travel through the gateway's own forwarding: a large precompressed answer (the
 * catalogue's unpaged list) streams through byte for byte with its Content-Encoding, and the
 * gateway's headers still apply.
 */
describe('a large precompressed answer', () => {
  // Random bytes do not compress: the gzip body is as large as its input, well over what the
  // gateway collects before sending (64 KiB), so it takes the streaming path.
  const plain = Buffer.from(JSON.stringify({ items: randomBytes(400_000).toString('base64') }));
  const gzipped = gzipSync(plain);
  const h = gatewayBeforeCatalogue(async (_req, reply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-encoding', 'gzip')
      .header('vary', 'accept-encoding')
      .send(gzipped),
  );

  it('reaches the client byte for byte, still compressed, with the gateway headers', async () => {
    const answer = await rawGet(h.url, {
      'accept-encoding': 'gzip',
      cookie: sessionCookie('session-of-a-reader'),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.body.equals(gzipped)).toBe(true);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-request-id']).toEqual(expect.any(String));
  });
});

/**
 * A `revalidated` route (the unpaged characters list): the gateway keeps the large answer and
 * asks the service each time whether it is current, sending its copy on the service's 304.
 */
describe('copies of a revalidated answer', () => {
  const versionOf = (n: number) => {
    const plain = Buffer.from(JSON.stringify({ version: n, items: randomBytes(300_000).toString('base64') }));
    return { plain, gzipped: gzipSync(plain), etag: `"v${n}-${randomBytes(4).toString('hex')}"` };
  };
  let version = versionOf(1);
  /** What the service saw and answered, per request. */
  const seen: { ifNoneMatch: string | undefined; status: number; encoding: string | undefined }[] = [];
  const reader = { 'accept-encoding': 'gzip', cookie: sessionCookie('session-of-a-reader') };

  const h = gatewayBeforeCatalogue(async (req, reply) => {
    const ifNoneMatch = req.headers['if-none-match'];
    const gzip = (req.headers['accept-encoding'] ?? '').includes('gzip');
    // The count of the whole catalogue changes with each answer: a 304 refreshes it.
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('vary', 'accept-encoding')
      .header('etag', version.etag)
      .header('cache-control', 'private, no-cache')
      .header('x-total-count', String(seen.length));
    if (ifNoneMatch === version.etag) {
      seen.push({ ifNoneMatch, status: 304, encoding: undefined });
      return reply.code(304).send();
    }
    seen.push({ ifNoneMatch, status: 200, encoding: gzip ? 'gzip' : undefined });
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.send(gzip ? version.gzipped : version.plain);
  });

  it('sends the kept bytes when the service says they are current, with its fresh headers', async () => {
    const first = await rawGet(h.url, reader);
    expect(first.status).toBe(200);
    expect(first.body.equals(version.gzipped)).toBe(true);
    expect(seen.at(-1)).toEqual({ ifNoneMatch: undefined, status: 200, encoding: 'gzip' });

    const second = await rawGet(h.url, reader);
    expect(seen.at(-1)).toEqual({ ifNoneMatch: version.etag, status: 304, encoding: undefined });
    expect(second.status).toBe(200);
    expect(second.body.equals(version.gzipped)).toBe(true);
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.headers['content-length']).toBe(String(version.gzipped.length));
    expect(second.headers.etag).toBe(version.etag);
    // The 304's value, not the kept one.
    expect(second.headers['x-total-count']).toBe(String(seen.length - 1));
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the new answer, and keeps it, once the service has another', async () => {
    await rawGet(h.url, reader);
    const old = version.etag;
    version = versionOf(2);
    const changed = await rawGet(h.url, reader);
    expect(seen.at(-1)).toEqual({ ifNoneMatch: old, status: 200, encoding: 'gzip' });
    expect(changed.body.equals(version.gzipped)).toBe(true);
    expect(changed.headers.etag).toBe(version.etag);

    const again = await rawGet(h.url, reader);
    expect(seen.at(-1)).toEqual({ ifNoneMatch: version.etag, status: 304, encoding: undefined });
    expect(again.body.equals(version.gzipped)).toBe(true);
  });

  it('keeps each encoding apart and leaves the client its own conditional request', async () => {
    const plain = await rawGet(h.url, { cookie: reader.cookie });
    expect(seen.at(-1)).toEqual({ ifNoneMatch: undefined, status: 200, encoding: undefined });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(version.plain)).toBe(true);

    const own = await rawGet(h.url, { ...reader, 'if-none-match': version.etag });
    expect(seen.at(-1)).toEqual({ ifNoneMatch: version.etag, status: 304, encoding: undefined });
    expect(own.status).toBe(304);
    expect(own.body.length).toBe(0);
  });

  it('answers only callers the route admits: signed out is 401 and the service is not asked', async () => {
    const before = seen.length;
    const anonymous = await rawGet(h.url, { 'accept-encoding': 'gzip' });
    expect(anonymous.status).toBe(401);
    expect(seen.length).toBe(before);
  });
});

describe('identity tokens', () => {
  const alice = { userId: 3, adminLevel: 0, language: 'ru' as const };

  it('are signed once per identity and second, and are what signIdentity makes', () => {
    let now = 1_700_000_000_250;
    const sign = createIdentitySigner(INTERNAL_SECRET, () => now);
    const first = sign(alice);
    expect(first).toBe(signIdentity(alice, INTERNAL_SECRET, undefined, now));
    now += 500; // same second: the same token
    expect(sign(alice)).toBe(first);
    expect(sign({ ...alice, userId: 4 })).not.toBe(first);
    now += 600; // the next second: a new expiry, a new token
    const later = sign(alice);
    expect(later).not.toBe(first);
    expect(verifyIdentity(later, INTERNAL_SECRET, now)).toEqual(alice);
  });
});
