import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@acg/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranslationsLoader } from './live-translations';

const logger = createLogger('live-translations-test', 'silent');
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

/** A stand-in for the admin service's GET /api/i18n/{lang}, counting requests and 304s. */
async function fakeAdmin(
  table: Map<string, { etag: string; body: unknown }>,
  opts: { fail?: () => boolean } = {},
) {
  const seen = { requests: 0, notModified: 0 };
  const server = createServer((req, res) => {
    seen.requests++;
    if (opts.fail?.()) return void res.writeHead(500).end();
    const lang = req.url?.split('/').pop() ?? '';
    const entry = table.get(lang);
    if (!entry)
      return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"none"}');
    if (req.headers['if-none-match'] === entry.etag) {
      seen.notModified++;
      return void res.writeHead(304).end();
    }
    res
      .writeHead(200, { 'content-type': 'application/json', etag: entry.etag })
      .end(JSON.stringify(entry.body));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('createTranslationsLoader', () => {
  it('loads, reuses within the interval, revalidates with the ETag after it, and picks up changes', async () => {
    const table = new Map([['ru', { etag: '"v1"', body: { home: { tagline: 'один' } } }]]);
    const admin = await fakeAdmin(table);
    let now = 1_000_000;
    const load = createTranslationsLoader({
      baseUrl: admin.url,
      ttlMs: 50,
      timeoutMs: 1000,
      logger,
      now: () => now,
    });
    expect(await load('ru')).toEqual({ home: { tagline: 'один' } });
    expect(await load('ru')).toEqual({ home: { tagline: 'один' } });
    now += 49;
    expect(await load('ru')).toEqual({ home: { tagline: 'один' } });
    expect(admin.seen.requests).toBe(1);
    now += 2;
    expect(await load('ru')).toEqual({ home: { tagline: 'один' } });
    expect(admin.seen.notModified).toBe(1);
    table.set('ru', { etag: '"v2"', body: { home: { tagline: 'два' } } });
    now += 51;
    expect(await load('ru')).toEqual({ home: { tagline: 'два' } });
    expect(await load('xx')).toBeNull();
  });

  it('keeps the last known copy while the admin service fails, and null without one', async () => {
    let failing = false;
    const admin = await fakeAdmin(new Map([['ru', { etag: '"v1"', body: { a: 'b' } }]]), {
      fail: () => failing,
    });
    const load = createTranslationsLoader({ baseUrl: admin.url, ttlMs: 0, timeoutMs: 1000, logger });
    expect(await load('ru')).toEqual({ a: 'b' });
    failing = true;
    expect(await load('ru')).toEqual({ a: 'b' });
    expect(await load('en')).toBeNull();
    const down = createTranslationsLoader({
      baseUrl: 'http://127.0.0.1:1',
      ttlMs: 0,
      timeoutMs: 200,
      logger,
    });
    expect(await down('ru')).toBeNull();
  });
});
