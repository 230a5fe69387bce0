import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAniList, startFakeAniList } from './server';

let fake: FakeAniList;
beforeAll(async () => {
  fake = await startFakeAniList({ perMinute: 0 });
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

const QUERY = JSON.stringify({ query: '{ Media(id: 1) { id } }' });
const post = (url = fake.url) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: QUERY });

describe('fake AniList limits and switches', () => {
  it('sends X-RateLimit headers and 429 with Retry-After and X-RateLimit-Reset past its limit', async () => {
    const limited = await startFakeAniList({ perMinute: 3 });
    try {
      const remaining: Array<string | null> = [];
      for (let i = 0; i < 3; i++) {
        const res = await post(limited.url);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-ratelimit-limit')).toBe('3');
        remaining.push(res.headers.get('x-ratelimit-remaining'));
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const refused = await post(limited.url);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
      const reset = Number(refused.headers.get('x-ratelimit-reset'));
      expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
      expect(await refused.json()).toEqual({
        errors: [{ message: 'Too Many Requests.', status: 429 }],
        data: null,
      });
    } finally {
      await limited.close();
    }
  });

  it('defaults to 30 requests a minute, AniList’s current degraded limit', async () => {
    const site = await startFakeAniList();
    try {
      expect((await post(site.url)).headers.get('x-ratelimit-limit')).toBe('30');
    } finally {
      await site.close();
    }
  });

  it('rate-limited switch: 429 on every request with the given Retry-After', async () => {
    await fake.setMode({ rateLimit: { kind: 'always', retryAfterSeconds: 30 } });
    const res = await post();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
  });

  it('slow switch delays the answer', async () => {
    await fake.setMode({ delayMs: 200 });
    const started = performance.now();
    expect((await post()).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('down switch: 503, connection reset, connection refused, then healthy again', async () => {
    await fake.setMode({ down: '503' });
    expect((await post()).status).toBe(503);
    await fake.setMode({ down: 'reset' });
    await expect(post()).rejects.toThrow(TypeError);
    await fake.setMode({ down: 'refused' });
    const refused = await post().catch((e: Error & { cause?: { code?: string } }) => e.cause?.code);
    expect(refused).toBe('ECONNREFUSED');
    await fake.reset();
    expect((await post()).status).toBe(200);
  });

  it('is switched over HTTP too', async () => {
    const res = await fetch(`${fake.url}/__fake/mode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rateLimit: { kind: 'always' } }),
    });
    expect(res.status).toBe(200);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
  });
});
