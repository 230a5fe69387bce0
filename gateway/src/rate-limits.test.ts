import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './testing/harness';

/**
 * Runs against Redis when REDIS_URL is set (counters shared by gateway replicas), else the
 * in-process store. Each test is a made-up client address (TRUST_PROXY=1 believes the
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

  it('limits everything else per IP, and forwards the client address it believes', async () => {
    const client = someClient();
    const seen = await from(client, '/api/stats');
    expect(((await seen.json()) as { forwardedFor: string }).forwardedFor).toBe(client.split(',')[1]?.trim());
    for (let i = 0; i < 4; i++) expect((await from(client, '/api/stats')).status).toBe(200);
    expect((await from(client, '/api/stats')).status).toBe(429);
  });

  it('does not count hashed assets and probes', async () => {
    const client = someClient();
    for (let i = 0; i < 7; i++) expect((await from(client, '/healthz')).status).toBe(200);
    expect((await from(client, '/api/stats')).status).toBe(200);
  });
});
