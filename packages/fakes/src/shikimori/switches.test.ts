import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeShikimori, startFakeShikimori } from './server';

let fake: FakeShikimori;
beforeAll(async () => {
  fake = await startFakeShikimori({ enforceLimits: false });
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

const api = (path = '/api/animes/1', init: RequestInit = {}) => fetch(`${fake.url}${path}`, init);
const setOverHttp = (body: unknown) =>
  fetch(`${fake.url}/__fake/mode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
/** The error undici gives for a failed connection, with its cause code. */
async function connectionError(path?: string): Promise<string> {
  const err = await api(path).then(
    () => undefined,
    (e: Error & { cause?: { code?: string } }) => e,
  );
  expect(err).toBeInstanceOf(TypeError);
  return err!.cause?.code ?? String(err!.cause);
}

describe('fake Shikimori switches', () => {
  it('slow: every answer waits the delay', async () => {
    await fake.setMode({ delayMs: 250 });
    const started = performance.now();
    const res = await api();
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    await fake.setMode({ delayMs: 60_000 });
    await expect(api('/api/animes/1', { signal: AbortSignal.timeout(100) })).rejects.toThrow(
      /timeout|aborted/i,
    );
  });

  it('rate-limited on every request: 429 with Retry-After', async () => {
    await fake.setMode({ rateLimit: { kind: 'always', retryAfterSeconds: 7 } });
    const res = await api();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(await res.text()).toBe('Retry later');
  });

  it('rate-limited after N requests in a window', async () => {
    await fake.setMode({ rateLimit: { kind: 'after', limit: 2, windowMs: 60_000 } });
    expect((await api()).status).toBe(200);
    expect((await api()).status).toBe(200);
    const third = await api();
    expect(third.status).toBe(429);
    const retryAfter = Number(third.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('down with 503, while the health check and the switch endpoint stay up', async () => {
    await fake.setMode({ down: '503' });
    const res = await api();
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect((await fetch(`${fake.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${fake.url}/__fake/mode`)).json()).toMatchObject({ mode: { down: '503' } });
  });

  it('down by closing connections without an answer', async () => {
    await fake.setMode({ down: 'reset' });
    expect(await connectionError()).toMatch(/ECONNRESET|UND_ERR_SOCKET|other side closed/);
    await fake.reset();
    expect((await api()).status).toBe(200);
  });

  it('down by refusing connections, then listening again on the same port', async () => {
    await fake.setMode({ down: 'refused' });
    expect(await connectionError()).toBe('ECONNREFUSED');
    await fake.reset();
    expect((await api()).status).toBe(200);
  });

  it('is switched over HTTP for the demo, with bad input refused', async () => {
    const set = await setOverHttp({ down: '503', delayMs: 10 });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ mode: { delayMs: 10, rateLimit: { kind: 'off' }, down: '503' } });
    expect((await api()).status).toBe(503);
    expect((await setOverHttp({ reset: true })).status).toBe(200);
    expect((await api()).status).toBe(200);
    const bad = await setOverHttp({ delayMs: -1, colour: 'red' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_mode' });
    expect((await setOverHttp({ down: 'refused' })).status).toBe(400);
    expect(fake.mode.down).toBe('no');
  });
});

describe('fake Shikimori own limits', () => {
  it('answers 429 with Retry-After beyond 5 requests a second on /api, images not counted', async () => {
    const limited = await startFakeShikimori();
    try {
      const image = await fetch(`${limited.url}/system/animes/x48/1.jpg`);
      expect(image.status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => fetch(`${limited.url}/api/animes/1`)),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = answers.find((r) => r.status === 429)!;
      expect(refused.headers.get('retry-after')).toBe('1');
    } finally {
      await limited.close();
    }
  });
});
