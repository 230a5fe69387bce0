import { createMemoryCache } from '@acg/platform';
import { describe, expect, it } from 'vitest';
import { asClient, ClientShareExceeded } from './client-share';
import { SharedRateLimiter } from './rate-limiter';

/** A limiter of 8 starts per 6 s window, at a fixed clock (mid-window). */
const limiter = (share: number, maxWaitMs = 5000) => {
  let now = 1_000_000 * 6000 + 3000;
  const l = new SharedRateLimiter(
    createMemoryCache().namespace('limits'),
    'shikimori',
    [{ ms: 6000, max: 8 }],
    maxWaitMs,
    () => now,
    share,
  );
  return { l, advance: (ms: number) => (now += ms) };
};
const outcome = (p: Promise<void>) =>
  p.then(
    () => 'ok',
    (err: unknown) =>
      err instanceof ClientShareExceeded ? `over share (${err.retryAfterMs} ms)` : String(err),
  );

describe('a client’s share of a source’s budget', () => {
  it('lets one client start a quarter of a window, then refuses it at once with the time left', async () => {
    const { l } = limiter(0.25);
    const mine = [];
    for (let i = 0; i < 3; i++) mine.push(await outcome(asClient('ip:198.51.100.9', () => l.acquire())));
    expect(mine).toEqual(['ok', 'ok', 'over share (3000 ms)']);
    // Another client has its own share; a request made for nobody (a probe) has none.
    expect(await outcome(asClient('user:7', () => l.acquire()))).toBe('ok');
    expect(await outcome(l.acquire())).toBe('ok');
  });

  it('gives the share back in the next window, and has no effect at a share of 1', async () => {
    const { l, advance } = limiter(0.25);
    for (let i = 0; i < 2; i++) await asClient('ip:a', () => l.acquire());
    expect(await outcome(asClient('ip:a', () => l.acquire()))).toMatch(/over share/);
    advance(6000);
    expect(await outcome(asClient('ip:a', () => l.acquire()))).toBe('ok');
    const whole = limiter(1).l;
    const all = [];
    for (let i = 0; i < 8; i++) all.push(await outcome(asClient('ip:b', () => whole.acquire())));
    expect(all).toEqual(Array(8).fill('ok'));
  });

  it('keeps at most one request of a client waiting for a slot', async () => {
    // A window of 1 start: the second request of anyone waits for the next window.
    let now = 6000 * 10;
    const l = new SharedRateLimiter(
      createMemoryCache().namespace('limits'),
      'anilist',
      [{ ms: 50, max: 1 }],
      1000,
      () => now,
      0.5,
    );
    await asClient('ip:c', () => l.acquire());
    const waiting = asClient('ip:c', () => l.acquire());
    const second = await outcome(asClient('ip:c', () => l.acquire()));
    expect(second).toMatch(/over share/);
    now += 50;
    expect(await outcome(waiting)).toBe('ok');
  });
});
