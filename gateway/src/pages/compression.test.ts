import { writeFile } from 'node:fs/promises';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upstreamVariable } from '../config';
import { type Echo, type Harness, startHarness } from '../testing/harness';
import { COMPRESS_THRESHOLD_BYTES } from './register-pages';

/** Raw bytes and headers as they crossed the wire (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

const html = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';
const script = `${'export const word = "character card rank";\n'.repeat(200)}`;
/** A JSON answer that a service already compressed (as a prebuilt list would be). */
const preEncoded = gzipSync(JSON.stringify({ items: Array.from({ length: 400 }, (_, id) => ({ id })) }));

let h: Harness;
let encodedUpstream: Server;
beforeAll(async () => {
  // The catalogue's address is a server answering every call with gzip bytes of its own.
  encodedUpstream = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'gzip',
      'content-length': preEncoded.length,
    });
    res.end(preEncoded);
  });
  await new Promise<void>((r) => encodedUpstream.listen(0, '127.0.0.1', r));
  const { port } = encodedUpstream.address() as AddressInfo;
  h = await startHarness({ env: { [upstreamVariable('catalogue')]: `http://127.0.0.1:${port}` } });
  const file = join(h.renderer.assetsDir, 'app-Zx81.js');
  await writeFile(file, script);
  await writeFile(`${file}.br`, brotliCompressSync(script));
  await writeFile(`${file}.gz`, gzipSync(script));
});
afterAll(async () => {
  await h.close();
  await new Promise((r) => encodedUpstream.close(r));
});

describe('static files', () => {
  it('sends the brotli file the build wrote when the browser accepts it, cached for a year', async () => {
    const res = await rawGet(`${h.url}/assets/app-Zx81.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends the gzip file to a gzip-only client and the plain file to one that accepts neither', async () => {
    const gz = await rawGet(`${h.url}/assets/app-Zx81.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await rawGet(`${h.url}/assets/app-Zx81.js`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });
});

describe('answers made per request', () => {
  it('compresses a page over the threshold with brotli', async () => {
    const long = `/anime/5114?q=${'x'.repeat(COMPRESS_THRESHOLD_BYTES)}`;
    const res = await rawGet(`${h.url}${long}`, { accept: html, 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.body).toString()).toContain(`page ${long} for guest`);
  });

  it('leaves a small page as it is', async () => {
    const res = await rawGet(`${h.url}/anime/1`, { accept: html, 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toContain('page /anime/1 for guest');
  });

  it('compresses a proxied JSON answer over the threshold and leaves a small one alone', async () => {
    const auth = h.upstreams.get('auth')!;
    const route = '/api/me';
    const big = await rawGet(`${h.url}${route}?pad=${'y'.repeat(COMPRESS_THRESHOLD_BYTES)}`, {
      accept: 'application/json',
      'accept-encoding': 'gzip',
    });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(big.body).toString()) as Echo).service).toBe('auth');
    const small = await rawGet(`${h.url}${route}`, { accept: 'application/json', 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(small.body.toString()) as Echo).url).toBe(route);
    expect(auth.hits.length).toBe(2);
  });

  it('passes an answer the service already encoded through untouched', async () => {
    const res = await rawGet(`${h.url}/api/anime`, {
      accept: 'application/json',
      'accept-encoding': 'br, gzip',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.equals(preEncoded)).toBe(true);
  });
});
