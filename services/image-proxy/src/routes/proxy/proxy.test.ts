import { IDENTITY_HEADER } from '@acg/contracts';
import {
  demoAccounts,
  type FakeDiscord,
  type FakeShikimori,
  fakeAnimeCatalogue,
  startFakeDiscord,
  startFakeShikimori,
} from '@acg/fakes';
import { type Cache, createLogger, createMemoryBus, signIdentity } from '@acg/platform';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageProxyConfigSchema } from '../../config';
import type { Resolver } from '../../fetch/safe-fetch';
import { type ImageProxyService, start } from '../../start';
import { cacheImplementations } from '../../test/caches';
import { near, pixels } from '../../test/factories';
import { startInternalListener, startTestUpstream, type TestUpstream } from '../../test/upstream';

const SECRET = 'i'.repeat(32);
const MAX_BYTES = 64 * 1024;

/** The test resolver: names of the SSRF catalogue mapped to internal addresses. */
const DNS: Record<string, string[]> = {
  'images.test': ['127.0.0.1'],
  localhost: ['127.0.0.1', '::1'],
  'internal.test': ['127.0.0.1'],
  'internal6.test': ['::1'],
  'mixed.test': ['8.8.8.8', '127.0.0.1'],
  'mixed6.test': ['2606:4700:4700::1111', 'fd00::1'],
  'private.test': ['10.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'unspecified.test': ['0.0.0.0'],
  'cgnat.test': ['100.64.0.1'],
};
const resolverCalls: string[] = [];
const resolve: Resolver = async (hostname) => {
  resolverCalls.push(hostname);
  if (hostname === 'hang.test') return new Promise(() => {});
  const list = DNS[hostname];
  if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

let upstream: TestUpstream;
let internal: Awaited<ReturnType<typeof startInternalListener>>;
let discord: FakeDiscord;
let shikimori: FakeShikimori;

beforeAll(async () => {
  [upstream, internal, discord, shikimori] = await Promise.all([
    startTestUpstream(),
    startInternalListener(),
    startFakeDiscord(),
    startFakeShikimori({ enforceLimits: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([upstream?.close(), internal?.close(), discord?.close(), shikimori?.close()]);
});

const configFor = (over: Record<string, string> = {}) =>
  imageProxyConfigSchema.parse({
    INTERNAL_SECRET: SECRET,
    PORT: '0',
    DISCORD_CDN_URL: discord.url,
    SHIKIMORI_BASE_URL: shikimori.url,
    IMAGE_PROXY_ALLOW_ORIGINS: [
      upstream.url,
      `http://images.test:${upstream.port}`,
      discord.url,
      shikimori.url,
    ].join(','),
    // The internal listener's port is allowed, so that loopback URLs on it are refused by the
    // address rules themselves (and the test can show nothing reached it).
    IMAGE_PROXY_EXTRA_PORTS: String(internal.port),
    IMAGE_PROXY_MAX_BYTES: String(MAX_BYTES),
    IMAGE_PROXY_CONNECT_TIMEOUT_MS: '250',
    IMAGE_PROXY_TIMEOUT_MS: '2000',
    IMAGE_PROXY_MISSES_PER_MINUTE: '100000',
    ...over,
  });

async function startService(cache: Cache, over: Record<string, string> = {}) {
  const bus = createMemoryBus();
  const service = await start({
    config: configFor(over),
    logger: createLogger('proxy-test', 'silent'),
    bus,
    cache,
    resolve,
    // No test packet leaves loopback: an address the policy wrongly let through is not dialled.
    dial: ({ address }) => {
      if (!/^127\.|^::1$/.test(address)) throw new Error(`test refused to dial ${address}`);
    },
  });
  return {
    service,
    close: async () => {
      await service.close();
      await bus.drain();
    },
  };
}

let ip = 0;
const get = (service: ImageProxyService, url: string, headers: Record<string, string> = {}) =>
  service.app.inject({
    method: 'GET',
    url,
    headers: { 'x-forwarded-for': `198.51.100.${(ip++ % 250) + 1}`, ...headers },
  });
const proxy = (service: ImageProxyService, target: string, headers: Record<string, string> = {}) =>
  get(service, `/api/proxy-image?url=${encodeURIComponent(target)}`, headers);

for (const impl of cacheImplementations()) {
  describe(`image proxy (${impl.name})`, () => {
    let cache: Cache;
    let service: ImageProxyService;
    let close: () => Promise<void>;

    beforeAll(async () => {
      cache = await impl.open();
      ({ service, close } = await startService(cache));
    });
    afterAll(async () => {
      await close?.();
      await cache?.clear({ resetStats: true });
      await cache?.close();
    });

    it('fetches an allowed image, re-encodes it by Accept and answers with strict headers', async () => {
      const res = await proxy(service, `${upstream.url}/red.png`, { accept: 'image/webp,image/*' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'/);
      expect(res.headers['cache-control']).toMatch(/max-age=86400/);
      expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(res.headers.vary).toBe('Accept');
      const image = await pixels(res.rawPayload);
      expect([image.width, image.height]).toEqual([40, 30]);
      expect(near(image.at(20, 15), [220, 20, 20], 6)).toBe(true);

      const png = await proxy(service, `${upstream.url}/red.png`);
      expect(png.headers['content-type']).toBe('image/png');
      expect((await sharp(png.rawPayload).metadata()).format).toBe('png');
      const jpeg = await proxy(service, `${upstream.url}/green.jpg`);
      expect(jpeg.statusCode).toBe(200);
      expect(near((await pixels(jpeg.rawPayload)).at(25, 20), [20, 200, 40], 8)).toBe(true);
    });

    it('answers 304 for its ETag and serves a second request from the cache', async () => {
      const target = `${upstream.url}/green.jpg?cache-check`;
      const first = await proxy(service, target);
      expect(first.statusCode).toBe(200);
      const fetches = service.proxiedImages.fetches;
      const hits = upstream.hits.length;
      const again = await proxy(service, target);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      const revalidated = await proxy(service, target, { 'if-none-match': first.headers.etag as string });
      expect(revalidated.statusCode).toBe(304);
      expect(service.proxiedImages.fetches).toBe(fetches);
      expect(upstream.hits.length).toBe(hits);
    });

    it('shares one upstream fetch between concurrent requests for one image', async () => {
      const target = `${upstream.url}/red.png?together`;
      const before = upstream.hits.filter((h) => h === '/red.png?together').length;
      const all = await Promise.all(Array.from({ length: 5 }, () => proxy(service, target)));
      expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(upstream.hits.filter((h) => h === '/red.png?together').length - before).toBe(1);
    });

    it('reaches an allowed origin by its DNS name through the checked lookup', async () => {
      const res = await proxy(service, `http://images.test:${upstream.port}/red.png?by-name`);
      expect(res.statusCode).toBe(200);
      expect(resolverCalls).toContain('images.test');
    });

    it('sends no cookie or credentials upstream and passes on none of its headers', async () => {
      const res = await proxy(service, `${upstream.url}/cookie.png`, {
        cookie: 'acg_session=secret',
        authorization: 'Bearer secret',
        referer: 'http://localhost:3000/profile',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['x-upstream-secret']).toBeUndefined();
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'/);
      const sent = upstream.headers[upstream.hits.lastIndexOf('/cookie.png')]!;
      for (const name of ['cookie', 'authorization', 'referer', 'x-forwarded-for', IDENTITY_HEADER])
        expect(sent[name], name).toBeUndefined();
      expect(sent.accept).toMatch(/^image\//);
    });

    it('follows up to 3 redirects and refuses a 4th', async () => {
      const three = await proxy(service, `${upstream.url}/redirect/2`);
      expect(three.statusCode).toBe(200);
      const four = await proxy(service, `${upstream.url}/redirect/3`);
      expect(four.statusCode).toBe(422);
      expect(four.json()).toMatchObject({ code: 'too_many_redirects', details: { reason: 'redirects' } });
    });

    it('keeps the first frame of an animated image', async () => {
      const res = await proxy(service, `${upstream.url}/anim.gif`, { accept: 'image/webp' });
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload, { pages: -1 }).metadata();
      expect([meta.pages ?? 1, meta.width, meta.height]).toEqual([1, 20, 10]);
      expect(near((await pixels(res.rawPayload)).at(10, 5), [255, 0, 0], 6)).toBe(true);
    });

    it("names the spec's not-an-image condition, in Russian for a Russian visitor", async () => {
      const en = await proxy(service, `${upstream.url}/html`);
      expect(en.statusCode).toBe(415);
      expect(en.json()).toMatchObject({
        error: 'The answer is not an image',
        code: 'not_an_image',
        details: { reason: 'declared_type', message: 'Ответ не является изображением' },
      });
      const identity = signIdentity({ userId: 7, adminLevel: 0, language: 'ru' }, SECRET);
      const ru = await proxy(service, `${upstream.url}/html-as-png`, { [IDENTITY_HEADER]: identity });
      expect(ru.statusCode).toBe(415);
      expect(ru.json()).toMatchObject({
        error: 'Ответ не является изображением',
        details: { reason: 'magic_bytes' },
      });
    });

    it('passes on upstream 404 as 404 and other failures as 502, without caching headers', async () => {
      const missing = await proxy(service, `${upstream.url}/missing.png`);
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['cache-control'] ?? '').not.toMatch(/public/);
      const broken = await proxy(service, `${upstream.url}/broken.png`);
      expect(broken.statusCode).toBe(502);
      expect(broken.json()).toMatchObject({
        code: 'upstream_failed',
        details: { reason: 'upstream_status', status: 500 },
      });
      const nowhere = await proxy(service, 'http://nowhere.test/x.png');
      expect(nowhere.statusCode).toBe(502);
      expect(nowhere.json()).toMatchObject({ details: { reason: 'dns' } });
    });

    it('validates the url parameter', async () => {
      for (const query of ['', '?url=', `?url=${'x'.repeat(2049)}`, '?url=a%00b']) {
        const res = await get(service, `/api/proxy-image${query}`);
        expect(res.statusCode, query).toBe(400);
      }
    });

    it('proxies Discord avatars by id and hash at the asked size, and the default avatar', async () => {
      const account = demoAccounts[0]!;
      const avatar = await get(
        service,
        `/api/proxy/discord/avatars/${account.discordId}/${account.avatar}.png?size=64`,
      );
      expect(avatar.statusCode).toBe(200);
      const meta = await sharp(avatar.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 64, 64]);
      const fallback = await get(service, '/api/proxy/discord/embed/avatars/0.png');
      expect(fallback.statusCode).toBe(200);
      expect((await sharp(fallback.rawPayload).metadata()).width).toBe(128);
      // Requirements O9: 48 px in the users table, 96 px the proxy's default.
      for (const [query, side] of [
        ['?size=48', 48],
        ['', 96],
      ] as const) {
        const res = await get(
          service,
          `/api/proxy/discord/avatars/${account.discordId}/${account.avatar}.png${query}`,
        );
        expect(res.statusCode, query).toBe(200);
        expect((await sharp(res.rawPayload).metadata()).width, query).toBe(side);
      }
      const unknown = await get(
        service,
        `/api/proxy/discord/avatars/${account.discordId}/${'0'.repeat(32)}.png`,
      );
      expect(unknown.statusCode).toBe(404);
    });

    it('refuses Discord paths that are not avatars and sizes Discord does not serve', async () => {
      for (const path of [
        'avatars/1/../../x.png',
        'attachments/1/2/x.png',
        'embed/avatars/6.png',
        `avatars/1/${'a'.repeat(32)}.svg`,
        '..%2f..%2fetc/passwd',
        'avatars/1/abc.png?size=100',
        'avatars/1/abc.png?size=-1',
      ]) {
        const res = await get(service, `/api/proxy/discord/${path}`);
        expect(res.statusCode, path).toBe(400);
      }
      // In the caller's language too (docs/rules.md, refusals).
      const identity = signIdentity({ userId: 7, adminLevel: 0, language: 'ru' }, SECRET);
      const ru = await get(service, '/api/proxy/discord/attachments/1/2/x.png', {
        [IDENTITY_HEADER]: identity,
      });
      expect(ru.json()).toMatchObject({
        error: 'Это не путь к аватару Discord',
        details: { reason: 'path' },
      });
      const shikimori = await get(service, '/api/proxy/shikimori/etc/passwd', {
        [IDENTITY_HEADER]: identity,
      });
      expect(shikimori.json().error).toBe('Это не путь к изображению Shikimori');
      const address = await proxy(service, 'ftp://example.org/x.png', { [IDENTITY_HEADER]: identity });
      expect(address.json().error).toBe('Через прокси идут только адреса http и https');
    });

    it("proxies Shikimori's images, and only its image paths", async () => {
      const anime = fakeAnimeCatalogue.anime.find((a) => a.hasImage)!;
      const poster = await get(
        service,
        `/api/proxy/shikimori/system/animes/original/${anime.shikimoriId}.jpg?1700000000`,
      );
      expect(poster.statusCode).toBe(200);
      const meta = await sharp(poster.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([225, 318]);
      const hits = shikimori.requests.length;
      for (const path of [
        'api/users/1',
        'system/../api/users',
        'system//x.jpg',
        '%2e%2e/api',
        'oauth/token',
      ]) {
        const res = await get(service, `/api/proxy/shikimori/${path}`);
        // Refused by the path rule (400), or not even routed (404: dot segments).
        expect([400, 404], path).toContain(res.statusCode);
      }
      expect(shikimori.requests.length).toBe(hits);
    });
  });
}

describe('the SSRF catalogue', () => {
  let cache: Cache;
  let service: ImageProxyService;
  let close: () => Promise<void>;
  beforeAll(async () => {
    cache = await cacheImplementations()[0]!.open();
    ({ service, close } = await startService(cache));
  });
  afterAll(async () => {
    await close?.();
    await cache?.close();
  });

  it('refuses every payload with its reason, and nothing reaches the internal listener', async () => {
    const P = internal.port;
    const up = upstream.url;
    const to = (target: string) => `${up}/to?u=${encodeURIComponent(target)}`;
    const catalogue: Array<[string, string]> = [
      // Loopback, every spelling (WHATWG URL parsing normalises them all to 127.0.0.1).
      [`http://127.0.0.1:${P}/`, 'address'],
      [`http://127.1:${P}/`, 'address'],
      [`http://2130706433:${P}/`, 'address'],
      [`http://0x7f.1:${P}/`, 'address'],
      [`http://017700000001:${P}/`, 'address'],
      [`http://0x7f000001:${P}/`, 'address'],
      [`http://0177.0.0.1:${P}/`, 'address'],
      [`http://127.0.0.2:${P}/`, 'address'],
      [`http://[::1]:${P}/`, 'address'],
      [`http://[0:0:0:0:0:0:0:1]:${P}/`, 'address'],
      [`http://[::ffff:127.0.0.1]:${P}/`, 'address'],
      [`http://[::ffff:7f00:1]:${P}/`, 'address'],
      [`http://[64:ff9b::7f00:1]:${P}/`, 'address'],
      [`http://[2002:7f00:1::]:${P}/`, 'address'],
      ['http://127.0.0.1/', 'address'],
      ['https://127.0.0.1/', 'address'],
      // Unspecified, private, link-local (metadata), CGNAT, unique-local, multicast, broadcast.
      [`http://0.0.0.0:${P}/`, 'address'],
      [`http://0:${P}/`, 'address'],
      [`http://[::]:${P}/`, 'address'],
      [`http://10.0.0.1:${P}/`, 'address'],
      [`http://172.16.0.1:${P}/`, 'address'],
      [`http://192.168.1.1:${P}/`, 'address'],
      ['http://169.254.169.254/latest/meta-data/', 'address'],
      [`http://[::ffff:169.254.169.254]:${P}/`, 'address'],
      [`http://[::ffff:10.0.0.1]:${P}/`, 'address'],
      [`http://100.64.0.1:${P}/`, 'address'],
      [`http://[fe80::1]:${P}/`, 'address'],
      [`http://[fc00::1]:${P}/`, 'address'],
      [`http://[fd12:3456::1]:${P}/`, 'address'],
      [`http://224.0.0.1:${P}/`, 'address'],
      [`http://[ff02::1]:${P}/`, 'address'],
      [`http://255.255.255.255:${P}/`, 'address'],
      // DNS names resolving to internal addresses (one internal answer is enough).
      [`http://localhost:${P}/`, 'resolved_address'],
      [`http://internal.test:${P}/`, 'resolved_address'],
      [`http://internal6.test:${P}/`, 'resolved_address'],
      [`http://mixed.test:${P}/`, 'resolved_address'],
      [`http://mixed6.test:${P}/`, 'resolved_address'],
      [`http://private.test:${P}/`, 'resolved_address'],
      [`http://metadata.test:${P}/`, 'resolved_address'],
      [`http://mapped.test:${P}/`, 'resolved_address'],
      [`http://unspecified.test:${P}/`, 'resolved_address'],
      [`http://cgnat.test:${P}/`, 'resolved_address'],
      // An allowed host on another port is not allowed.
      [`http://images.test:${P}/`, 'resolved_address'],
      // Schemes, credentials, ports, malformed.
      ['file:///etc/passwd', 'scheme'],
      [`gopher://127.0.0.1:${P}/_stats`, 'scheme'],
      ['ftp://127.0.0.1/x.png', 'scheme'],
      ['data:image/png;base64,iVBORw0KGgo=', 'scheme'],
      ['javascript:alert(1)', 'scheme'],
      // A refused address is refused first, whatever else is wrong with the URL.
      [`http://user:pass@127.0.0.1:${P}/`, 'address'],
      ['http://user:pass@images.example/', 'credentials'],
      [`http://user@${up.slice(7)}/red.png`, 'credentials'],
      ['http://127.0.0.1:22/', 'address'],
      ['http://8.8.8.8:22/', 'port'],
      ['http://images.example:6379/', 'port'],
      ['http://[::1', 'malformed'],
      ['//127.0.0.1/x.png', 'malformed'],
      // Redirects to internal addresses, each hop checked again.
      [to(`http://127.0.0.1:${P}/`), 'address'],
      [to(`http://2130706433:${P}/`), 'address'],
      [to(`http://[::1]:${P}/`), 'address'],
      [to('http://169.254.169.254/latest/meta-data/'), 'address'],
      [to(`http://internal.test:${P}/`), 'resolved_address'],
      [to(`http://localhost:${P}/`), 'resolved_address'],
      [to(to(`http://10.0.0.1:${P}/`)), 'address'],
      [to('file:///etc/passwd'), 'scheme'],
      [to(`http://127.0.0.1:22/`), 'address'],
      [to('http://8.8.8.8:22/'), 'port'],
      [`${up}/redirect/3`, 'redirects'],
      // Answers that are not images, or too big, or too slow.
      [`${up}/html`, 'declared_type'],
      [`${up}/json`, 'declared_type'],
      [`${up}/svg`, 'declared_type'],
      [`${up}/no-type`, 'declared_type'],
      [`${up}/html-as-png`, 'magic_bytes'],
      [`${up}/svg-as-png`, 'magic_bytes'],
      [`${up}/truncated.png`, 'undecodable'],
      [`${up}/big.png`, 'bytes'],
      [`${up}/big-declared.png`, 'bytes'],
      [`${up}/bomb.png`, 'pixels'],
      [`${up}/stall`, 'timeout'],
      [`${up}/hang`, 'timeout'],
      [`http://hang.test:${P}/`, 'connect_timeout'],
    ];
    const outcomes = await Promise.all(
      catalogue.map(async ([target, reason]) => {
        const res = await proxy(service, target);
        const body = res.json() as { code?: string; details?: { reason?: string } };
        return { target, expected: reason, status: res.statusCode, reason: body.details?.reason };
      }),
    );
    const wrong = outcomes.filter((o) => o.reason !== o.expected || o.status < 400);
    expect(wrong).toEqual([]);
    // Refusals by the rules are 4xx; only a slow upstream is a 504.
    for (const o of outcomes) {
      if (o.expected.includes('timeout')) expect(o.status, o.target).toBe(504);
      else expect(o.status >= 400 && o.status < 500, `${o.target}: ${o.status}`).toBe(true);
    }
    expect(internal.connections()).toBe(0);
    // Each DNS name was resolved once (by the connection's own lookup), never twice.
    expect(resolverCalls.filter((h) => h === 'internal.test').length).toBe(2); // direct + via redirect
    console.log(`SSRF catalogue: ${outcomes.length} payloads refused, 0 reached the internal listener`);
    expect(outcomes.length).toBeGreaterThanOrEqual(40);
  });

  it('counts cache misses per IP: past the budget a client gets 429, others still pass', async () => {
    const limited = await startService(cache, { IMAGE_PROXY_MISSES_PER_MINUTE: '2' });
    try {
      const from = (who: string, n: string) =>
        proxy(limited.service, `${upstream.url}/red.png?budget-${n}`, { 'x-forwarded-for': who });
      expect((await from('203.0.113.9', '1')).statusCode).toBe(200);
      expect((await from('203.0.113.9', '2')).statusCode).toBe(200);
      const third = await from('203.0.113.9', '3');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 'rate_limited' });
      // A cached image costs nothing; another client has its own budget.
      expect((await from('203.0.113.9', '1')).statusCode).toBe(200);
      expect((await from('203.0.113.10', '3')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
