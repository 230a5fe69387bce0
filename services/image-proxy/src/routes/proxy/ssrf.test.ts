import { IDENTITY_HEADER } from '@acg/contracts';
import { createLogger, createMemoryBus, createMemoryCache, signIdentity } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageProxyConfigSchema } from '../../config';
import type { DialTarget, Resolver } from '../../fetch/safe-fetch';
import { type ImageProxyService, start } from '../../start';
import { startTestUpstream, type TestUpstream } from '../../test/upstream';

/**
 * The address policy at the route: every spelling of a refused address, and every name that
 * resolves to one, is a 403 before any connection. The fetcher's dial step is the test's: it
 * counts every connection about to be opened and refuses any address off loopback, so an address
 * the policy wrongly let through is counted and never really dialled.
 */
const DNS: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'localhost.': ['127.0.0.1'],
  'internal.test': ['127.0.0.1'],
  'internal.test.': ['127.0.0.1'],
  '127.0.0.1.nip.test': ['127.0.0.1'],
  'internal6.test': ['::1'],
  'mixed.test': ['8.8.8.8', '127.0.0.1'],
  'mixed-last.test': ['1.1.1.1', '9.9.9.9', '10.0.0.1'],
  'mixed6.test': ['2606:4700:4700::1111', 'fd00::1'],
  'private.test': ['10.0.0.1'],
  'private172.test': ['172.20.1.1'],
  'private192.test': ['192.168.10.10'],
  'metadata.test': ['169.254.169.254'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'mapped-metadata.test': ['::ffff:169.254.169.254'],
  'compat.test': ['::7f00:1'],
  'compat-dotted.test': ['::127.0.0.1'],
  'nat64.test': ['64:ff9b::7f00:1'],
  'sixtofour.test': ['2002:7f00:1::1'],
  'teredo.test': ['2001:0:4136:e378:8000:63bf:80ff:fffe'],
  'unspecified.test': ['0.0.0.0'],
  'unspecified6.test': ['::'],
  'cgnat.test': ['100.64.0.1'],
  'multicast.test': ['224.0.0.1'],
  'broadcast.test': ['255.255.255.255'],
  'doc.test': ['192.0.2.10'],
  'doc6.test': ['2001:db8::10'],
  'ula.test': ['fc00::1'],
  'linklocal6.test': ['fe80::1'],
  'xn--exmple-cua.test': ['10.0.0.1'],
};
const resolverCalls: string[] = [];
const resolve: Resolver = async (hostname) => {
  resolverCalls.push(hostname);
  const list = DNS[hostname];
  if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const dials: DialTarget[] = [];
/** Counts every connection; anything off loopback is refused here and never opened. */
const dial = (target: DialTarget) => {
  dials.push(target);
  if (!/^127\.|^::1$/.test(target.address)) throw new Error(`test refused to dial ${target.address}`);
};

/** Refused addresses spelled in the URL (WHATWG URL reads every one of these as that address). */
const SPELLED = [
  // Loopback, every IPv4 spelling.
  'http://127.0.0.1/',
  'http://127.1/',
  'http://127.0.1/',
  'http://127.255.255.254/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0X7F000001/',
  'http://0x7f.1/',
  'http://0x7f.0.0.1/',
  'http://0x7F.0x00.0x00.0x01/',
  'http://0x7f.0.0.0x1/',
  'http://0177.0.0.1/',
  'http://0177.0.0.01/',
  'http://00000177.0.0.1/',
  'http://017700000001/',
  'http://127.000.000.001/',
  'http://127.0.0.1./',
  'http://0x7f.1./',
  'http://%31%32%37.0.0.1/',
  'http://127%2E0%2E0%2E1/',
  'http://1%32%37.0.0.1/',
  'http://０x7f.1/',
  'http://１２７.０.０.１/',
  'http://127。0。0。1/',
  'http://127.0.0.1:80/',
  'https://127.0.0.1/',
  'https://2130706433:443/',
  'HTTP://127.0.0.1/',
  // Userinfo, backslashes, missing or extra slashes, whitespace, tricks after the host.
  'http://user@127.0.0.1/',
  'http://user:pass@127.0.0.1/',
  'http://8.8.8.8@127.0.0.1/',
  'http://a%40b@10.0.0.1/',
  'http://@127.0.0.1/',
  'http://:@127.0.0.1/',
  'http://user:pass@[::1]/',
  'http:\\\\127.0.0.1\\x.png',
  'http:/\\127.0.0.1/',
  'http:\\/127.0.0.1/',
  'http:\\\\[::1]\\x',
  'http:127.0.0.1/',
  'http:/127.0.0.1/',
  'http:///127.0.0.1/',
  'http:////127.0.0.1/',
  '  http://127.0.0.1/  ',
  'http://127.0.\t0.1/',
  'http://127.0.0.1\n/',
  'http://127.0.0.1#@8.8.8.8/',
  'http://127.0.0.1?@8.8.8.8/',
  'http://127.0.0.1/@8.8.8.8/',
  'http://127.0.0.1:22/',
  'http://[::1]:6379/',
  'http://10.0.0.1:8080/',
  // Unspecified.
  'http://0.0.0.0/',
  'http://0/',
  'http://0x0/',
  'http://00/',
  'http://0.0.0.0./',
  'http://[::]/',
  'http://[0::]/',
  // Private.
  'http://10.0.0.1/',
  'http://10.1/',
  'http://012.0.0.1/',
  'http://0xa.0.0.1/',
  'http://167772161/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://0xac.0x10.0.1/',
  'http://192.168.0.1/',
  'http://192.168.1/',
  'http://3232235521/',
  'http://0xc0a80001/',
  // Link-local and the metadata service.
  'http://169.254.169.254/latest/meta-data/',
  'http://2852039166/',
  'http://0xa9fea9fe/',
  'http://0251.0376.0251.0376/',
  'http://169.254.43518/',
  // Carrier-grade NAT, multicast, broadcast, documentation and reserved blocks.
  'http://100.64.0.1/',
  'http://100.127.255.254/',
  'http://224.0.0.1/',
  'http://239.255.255.250/',
  'http://255.255.255.255/',
  'http://4294967295/',
  'http://0xffffffff/',
  'http://192.0.2.1/',
  'http://198.51.100.1/',
  'http://203.0.113.1/',
  'http://198.18.0.1/',
  'http://240.0.0.1/',
  'http://192.0.0.1/',
  // IPv6 loopback, mapped, compatible, NAT64, 6to4, Teredo and the special blocks.
  'http://[::1]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[0000::1]/',
  'http://[::0:1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[::FFFF:127.0.0.1]/',
  'http://[0:0:0:0:0:ffff:127.0.0.1]/',
  'http://[::ffff:10.0.0.1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::ffff:a9fe:a9fe]/',
  'http://[::ffff:0:7f00:1]/',
  'http://[::127.0.0.1]/',
  'http://[::7f00:1]/',
  'http://[::127.55.55.55]/',
  'http://[::10.0.0.1]/',
  'http://[::a00:1]/',
  'http://[::169.254.169.254]/',
  'http://[::8.8.8.8]/',
  'http://[64:ff9b::127.0.0.1]/',
  'http://[64:ff9b::7f00:1]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[64:ff9b:1::7f00:1]/',
  'http://[2002:7f00:1::]/',
  'http://[2002:a9fe:a9fe::1]/',
  'http://[2002:c0a8:101::1]/',
  'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
  'http://[2001::1]/',
  'http://[2001:db8::1]/',
  'http://[3fff::1]/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[fd00::1]/',
  'http://[fdff:ffff::1]/',
  'http://[ff02::1]/',
  'http://[ff05::2]/',
  'http://[fec0::1]/',
  'http://[100::1]/',
  'http://[4000::1]/',
  'http://[::1]:80/',
];

/** Names the injected resolver maps to refused addresses (one refused answer is enough). */
const NAMED = [
  'http://localhost/',
  'http://LOCALHOST/',
  'http://localhost./',
  'http://internal.test/',
  'http://INTERNAL.test/x.png',
  'http://inter%6eal.test/',
  'http://internal.test./',
  'https://internal.test/',
  'http://127.0.0.1.nip.test/',
  'http://internal6.test/',
  'http://mixed.test/',
  'http://mixed-last.test/',
  'http://mixed6.test/',
  'http://private.test/',
  'http://private172.test/',
  'http://private192.test/',
  'http://metadata.test/latest/meta-data/',
  'http://mapped.test/',
  'http://mapped-metadata.test/',
  'http://compat.test/',
  'http://compat-dotted.test/',
  'http://nat64.test/',
  'http://sixtofour.test/',
  'http://teredo.test/',
  'http://unspecified.test/',
  'http://unspecified6.test/',
  'http://cgnat.test/',
  'http://multicast.test/',
  'http://broadcast.test/',
  'http://doc.test/',
  'http://doc6.test/',
  'http://ula.test/',
  'http://linklocal6.test/',
  'http://exämple.test/',
  'http:\\\\internal.test\\x',
];

let upstream: TestUpstream;
let service: ImageProxyService;
beforeAll(async () => {
  upstream = await startTestUpstream();
  const config = imageProxyConfigSchema.parse({
    INTERNAL_SECRET: SECRET,
    PORT: '0',
    IMAGE_PROXY_ALLOW_ORIGINS: upstream.url,
    // Ports the spellings use are allowed, so that the address rule itself must refuse them.
    IMAGE_PROXY_EXTRA_PORTS: '22,6379,8080',
    IMAGE_PROXY_CONNECT_TIMEOUT_MS: '250',
    IMAGE_PROXY_TIMEOUT_MS: '2000',
    IMAGE_PROXY_MISSES_PER_MINUTE: '100000',
  });
  service = await start({
    config,
    logger: createLogger('ssrf-test', 'silent'),
    bus: createMemoryBus(),
    cache: createMemoryCache(),
    resolve,
    dial,
  });
});
afterAll(async () => {
  await service?.close();
  await upstream?.close();
});

const SECRET = 's'.repeat(32);
/** A visitor's request; with a language, as the gateway signs it. */
const proxy = (target: string, language?: 'en' | 'ru') =>
  service.app.inject({
    method: 'GET',
    url: `/api/proxy-image?url=${encodeURIComponent(target)}`,
    headers: {
      'x-forwarded-for': '198.51.100.20',
      ...(language
        ? { [IDENTITY_HEADER]: signIdentity({ userId: null, adminLevel: 0, language }, SECRET) }
        : {}),
    },
  });

describe('the address policy at the route', () => {
  it(`refuses ${SPELLED.length + NAMED.length} spellings with 403 and opens no connection`, async () => {
    expect(SPELLED.length + NAMED.length).toBeGreaterThanOrEqual(120);
    const outcomes = [];
    for (const target of [...SPELLED, ...NAMED]) {
      const res = await proxy(target);
      const body = res.json() as { code?: string; details?: { reason?: string } };
      outcomes.push({ target, status: res.statusCode, code: body.code, reason: body.details?.reason });
    }
    expect(outcomes.filter((o) => o.status !== 403 || o.code !== 'forbidden_destination')).toEqual([]);
    expect(dials).toEqual([]);
    // A spelled address never reaches the resolver; each name is resolved once.
    expect(resolverCalls.filter((h) => /^[\d.:[\]a-fx]+$/i.test(h) && !h.includes('test'))).toEqual([]);
    expect(resolverCalls.length).toBe(NAMED.length);
    expect(new Set(outcomes.slice(SPELLED.length).map((o) => o.reason))).toEqual(
      new Set(['resolved_address']),
    );
  });

  it('says so in the caller’s language', async () => {
    const ru = await proxy('http://[::7f00:1]/', 'ru');
    expect(ru.statusCode).toBe(403);
    expect(ru.json().error).toBe('Адрес изображения запрещён: это не публичный адрес');
    const en = await proxy('http://[::7f00:1]/', 'en');
    expect(en.json().error).toBe('The image address is not allowed: it is not a public address');
  });

  it('dials exactly the checked address for an allowed origin (the counter sees connections)', async () => {
    const before = dials.length;
    const res = await proxy(`${upstream.url}/red.png?counted`);
    expect(res.statusCode).toBe(200);
    expect(dials.slice(before)).toEqual([
      { protocol: 'http:', hostname: '127.0.0.1', address: '127.0.0.1', port: upstream.port },
    ]);
  });
});
