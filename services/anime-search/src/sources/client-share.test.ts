import { createMemoryCache } from '@acg/platform';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SourceBudget } from './budget';
import { asClient, ClientShareExceeded } from './client-share';

/** A budget of 8 starts per 6 s window on a fake clock (rate-limiter-flexible reads Date.now). */
const budget = (clientShare: number, windows = [{ ms: 6000, max: 8 }], maxWaitMs = 5000) =>
  new SourceBudget({ cache: createMemoryCache(), source: 'shikimori', windows, maxWaitMs, clientShare });
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: unknown) =>
      err instanceof ClientShareExceeded ? `over share (${err.retryAfterMs} ms)` : String(err),
  );

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a client’s share of a source’s budget', () => {
  it('lets one client start a quarter of a window, then refuses it at once with the time left', async () => {
    const b = budget(0.25);
    const mine = [];
    for (let i = 0; i < 2; i++) mine.push(await outcome(asClient('ip:198.51.100.9', () => b.acquire())));
    vi.advanceTimersByTime(3000);
    mine.push(await outcome(asClient('ip:198.51.100.9', () => b.acquire())));
    expect(mine).toEqual(['ok', 'ok', 'over share (3000 ms)']);
    // Another client has its own share; a request made for nobody (a probe) has none.
    expect(await outcome(asClient('user:7', () => b.acquire()))).toBe('ok');
    expect(await outcome(b.acquire())).toBe('ok');
  });

  it('gives the share back in the next window, and has no effect at a share of 1', async () => {
    const b = budget(0.25);
    for (let i = 0; i < 2; i++) await asClient('ip:a', () => b.acquire());
    expect(await outcome(asClient('ip:a', () => b.acquire()))).toMatch(/over share/);
    vi.advanceTimersByTime(6000);
    expect(await outcome(asClient('ip:a', () => b.acquire()))).toBe('ok');
    const whole = budget(1);
    const all = [];
    for (let i = 0; i < 8; i++) all.push(await outcome(asClient('ip:b', () => whole.acquire())));
    expect(all).toEqual(Array(8).fill('ok'));
  });

  it('keeps at most one request of a client waiting for a slot', async () => {
    // 4 starts per second, 2 per client: two clients take the window; a third's second request,
    // within its share, is refused while its first waits for the next window.
    const b = budget(0.5, [{ ms: 1000, max: 4 }]);
    for (const client of ['ip:c', 'ip:c', 'ip:d', 'ip:d']) await asClient(client, () => b.acquire());
    const waiting = outcome(asClient('ip:e', () => b.acquire()));
    await vi.advanceTimersByTimeAsync(10);
    expect(await outcome(asClient('ip:e', () => b.acquire()))).toMatch(/over share/);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await waiting).toBe('ok');
  });
});
