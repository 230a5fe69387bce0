import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { signIdentity, verifyIdentity } from '@acg/platform';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentitySigner } from './routing/identity-signer';
import { type Harness, INTERNAL_SECRET, session, sessionCookie, startHarness } from './testing/harness';

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
  let upstream: FastifyInstance;
  let h: Harness;

  beforeAll(async () => {
    upstream = Fastify();
    upstream.get('/api/characters', async (_req, reply) =>
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-encoding', 'gzip')
        .header('vary', 'accept-encoding')
        .send(gzipped),
    );
    const url = await upstream.listen({ host: '127.0.0.1', port: 0 });
    h = await startHarness({ upstreams: ['auth'], env: { UPSTREAM_CATALOGUE_URL: url } });
    h.sessions.set('session-of-a-reader', session(9));
  });
  afterAll(async () => {
    await h?.close();
    await upstream?.close();
  });

  it('reaches the client byte for byte, still compressed, with the gateway headers', async () => {
    const { port } = new URL(h.url);
    const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/api/characters',
            headers: { 'accept-encoding': 'gzip', cookie: sessionCookie('session-of-a-reader') },
          },
          (res) => {
            const parts: Buffer[] = [];
            res.on('data', (c: Buffer) => parts.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.body.equals(gzipped)).toBe(true);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-request-id']).toEqual(expect.any(String));
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
