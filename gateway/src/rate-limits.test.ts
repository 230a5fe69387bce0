import { randomBytes, randomInt } from 'node:crypto';
import { type Cache, type CacheNamespace, connectRedisCache, createMemoryCache } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RATE_LIMITS_NAMESPACE } from './security/rate-limits';
import { type Harness, startHarness } from './testing/harness';

/**
 * Counters live in the gateway's cache: Redis when REDIS_URL is set (shared by gateway
 * replicas), else the memory cache. Each test is a made-up client address (TRUST_PROXY=1 believes the
 * X-Forwarded-For of the proxy in front), so runs never share counters.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    env: {
      TRUST_PROXY: '1',
      RATE_LIMIT_SIGN_IN_MAX: '2',
      RATE_LIMIT_MAX: '5',
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    },
  });
});
afterAll(() => h.close());

const octet = () => randomInt(1, 255);
/** What the trusted proxy appends is the client; what the client itself claimed (first) is not. */
const someClient = () => `203.0.113.9, 10.${octet()}.${octet()}.${octet()}`;
/** The trusted proxy also says which host the visitor used (the public one: no sign-in redirect). */
const from = (client: string, path: string) =>
  h.request(path, { headers: { 'x-forwarded-for': client, 'x-forwarded-host': 'localhost:3000' } });

describe('rate limits', () => {
  it('gives sign-in its own tight per-IP budget, answered with a JSON 429 and Retry-After', async () => {
    const client = someClient();
    expect((await from(client, '/auth/discord')).status).toBe(200);
    expect((await from(client, '/auth/discord/callback?code=x')).status).toBe(200);
    const limited = await from(client, '/auth/discord');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'rate_limited', error: expect.any(String) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // The rest of the site is counted separately; another address has its own budget.
    expect((await from(client, '/api/stats')).status).toBe(200);
    expect((await from(someClient(), '/auth/discord')).status).toBe(200);
  });

  it('answers a browser navigation past the limit with a page in its language saying when to try again', async () => {
    const client = someClient();
    const navigate = (path: string, language: string) =>
      h.request(path, {
        headers: {
          'x-forwarded-for': client,
          'x-forwarded-host': 'localhost:3000',
          accept: 'text/html,application/xhtml+xml',
          'accept-language': language,
        },
      });
    // Sign-in (answered by the API edge): two pass, the third is the page.
    await navigate('/auth/discord', 'ru');
    await navigate('/auth/discord', 'ru');
    const limited = await navigate('/auth/discord?next=%22%3E%3Cscript%3E', 'ru-RU,ru;q=0.9');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toContain('text/html');
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    const html = await limited.text();
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('Слишком много попыток');
    expect(html).toMatch(new RegExp(`Попробуйте снова через ${wait} секунд[уы]?\\.`));
    // The address it links back to is escaped, never markup.
    expect(html).not.toContain('"><script>');
    // The same refusal to an API call stays JSON.
    const api = await from(client, '/auth/discord');
    expect(api.status).toBe(429);
    expect(await api.json()).toMatchObject({ code: 'rate_limited' });

    // A page route (answered by Fastify) past the global limit: the page too, in English here.
    const other = someClient();
    for (let i = 0; i < 5; i++) await from(other, '/api/stats');
    const page = await h.request('/characters', {
      headers: {
        'x-forwarded-for': other,
        'x-forwarded-host': 'localhost:3000',
        accept: 'text/html',
        'accept-language': 'en-GB,en;q=0.8',
      },
    });
    expect(page.status).toBe(429);
    expect(await page.text()).toMatch(/Too many attempts[\s\S]*Please try again in \d+ seconds?\./);
  });

  it('limits everything else per IP, and forwards the client address it believes', async () => {
    const client = someClient();
    const seen = await from(client, '/api/stats');
    expect(((await seen.json()) as { forwardedFor: string }).forwardedFor).toBe(client.split(',')[1]?.trim());
    for (let i = 0; i < 4; i++) expect((await from(client, '/api/stats')).status).toBe(200);
    expect((await from(client, '/api/stats')).status).toBe(429);
  });

  it('does not count hashed assets and probes', async () => {
    const client = someClient();
    // Probes are served on the internal port; the public one answers 404, uncounted.
    for (let i = 0; i < 7; i++) expect((await from(client, '/healthz')).status).toBe(404);
    expect((await from(client, '/api/stats')).status).toBe(200);
  });
});

const redisUrl = process.env.REDIS_URL;
const fromVia = (h: Harness, client: string) =>
  h.request('/api/stats', { headers: { 'x-forwarded-for': client } });

/**
 * Two gateways sharing their counters with a budget of `max`: two connections under one prefix
 * are two replicas on one Redis; without Redis, two gateways on one memory cache (as the
 * embedded mode shares its cache). `shared` is the counters' namespace as the replicas see it.
 */
async function withTwoReplicas(
  max: string,
  run: (replicas: { a: Harness; b: Harness; shared: CacheNamespace }) => Promise<void>,
): Promise<void> {
  const prefix = `acgtest-gw-${randomBytes(6).toString('hex')}`;
  const memory = createMemoryCache();
  const caches: Cache[] = redisUrl
    ? [await connectRedisCache({ url: redisUrl, prefix }), await connectRedisCache({ url: redisUrl, prefix })]
    : [memory, memory];
  const env = { TRUST_PROXY: '1', RATE_LIMIT_MAX: max };
  const a = await startHarness({ env, cache: caches[0] });
  const b = await startHarness({ env, cache: caches[1] });
  try {
    await run({ a, b, shared: caches[0]!.namespace(RATE_LIMITS_NAMESPACE) });
  } finally {
    await a.close();
    await b.close();
    await caches[0]!.clear({ resetStats: true });
    for (const cache of new Set(caches)) await cache.close();
  }
}

describe('rate limit counters in the cache', () => {
  it('are shared by gateway replicas', async () => {
    await withTwoReplicas('4', async ({ a, b }) => {
      const client = someClient();
      for (const replica of [a, b, a, b]) expect((await fromVia(replica, client)).status).toBe(200);
      expect((await fromVia(b, client)).status).toBe(429);
      expect((await fromVia(a, client)).status).toBe(429);
      expect((await fromVia(a, someClient())).status).toBe(200);
    });
  });

  it('add the counts decided without waiting for the cache: across two replicas exactly the budget passes', async () => {
    await withTwoReplicas('10', async ({ a, b, shared }) => {
      const client = someClient();
      const count = () => shared.get<number>(`global:${client.split(',')[1]!.trim()}`);
      // Far from the budget, replica a decides the later ones itself and adds them in a batch.
      for (let i = 0; i < 4; i++) expect((await fromVia(a, client)).status).toBe(200);
      await vi.waitFor(async () => expect(await count()).toBe(4));
      // Near it, every request waits for the shared counter: b lets the rest of the 10 pass.
      for (let i = 0; i < 6; i++) expect((await fromVia(b, client)).status).toBe(200);
      expect((await fromVia(b, client)).status).toBe(429);
      expect((await fromVia(a, client)).status).toBe(429);
      expect(await count()).toBe(12);
    });
  });

  it('let exactly the budget through a burst of concurrent requests', async () => {
    const burst = await startHarness({
      env: { TRUST_PROXY: '1', RATE_LIMIT_MAX: '40', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) },
    });
    try {
      const client = someClient();
      expect((await fromVia(burst, client)).status).toBe(200);
      const answers = await Promise.all(Array.from({ length: 60 }, () => fromVia(burst, client)));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(39);
      expect(statuses.filter((s) => s === 429)).toHaveLength(21);
    } finally {
      await burst.close();
    }
  });

  it('start again once the window is over', async () => {
    const short = await startHarness({
      env: {
        TRUST_PROXY: '1',
        RATE_LIMIT_MAX: '1',
        RATE_LIMIT_WINDOW_MS: '300',
        ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      },
    });
    try {
      const client = someClient();
      // Polled: a slow machine may let a window pass between two requests, never shorten one.
      const until = (status: number) =>
        vi.waitFor(
          async () => {
            const res = await fromVia(short, client);
            expect(res.status).toBe(status);
            return res;
          },
          { timeout: 5000, interval: 20 },
        );
      const limited = await until(429);
      expect(Number(limited.headers.get('retry-after'))).toBe(1);
      await until(200);
    } finally {
      await short.close();
    }
  });
});

describe.each(redisUrl ? [redisUrl] : [])('rate limits when Redis is gone', (url) => {
  it('let requests through rather than fail them', async () => {
    const cache = await connectRedisCache({ url, prefix: `acgtest-gw-${randomBytes(6).toString('hex')}` });
    const gone = await startHarness({ env: { TRUST_PROXY: '1', RATE_LIMIT_MAX: '1' }, cache });
    try {
      const client = someClient();
      expect((await fromVia(gone, client)).status).toBe(200);
      expect((await fromVia(gone, client)).status).toBe(429);
      await cache.clear({ resetStats: true });
      await cache.close();
      for (let i = 0; i < 3; i++) expect((await fromVia(gone, client)).status).toBe(200);
    } finally {
      await gone.close();
    }
  });
});
