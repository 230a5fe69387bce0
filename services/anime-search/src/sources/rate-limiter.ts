import { setTimeout as sleep } from 'node:timers/promises';
import type { CacheNamespace } from '@acg/platform';
import { ClientShareExceeded, currentClient } from './client-share';

/** At most `max` requests start within each fixed window of `ms` milliseconds. */
export interface LimitWindow {
  ms: number;
  max: number;
}

/**
 * The most requests a set of fixed windows lets start within any sliding `periodMs`: an
 * interval of that length touches at most floor(periodMs / ms) + 1 windows of each size.
 */
export const worstCase = (windows: readonly LimitWindow[], periodMs: number): number =>
  Math.min(...windows.map((w) => w.max * (Math.floor(periodMs / w.ms) + 1)));

/**
 * The sites count requests in a sliding window, so fixed windows are sized to stay within the
 * limit in every sliding second and minute (worstCase; checked by rate-limiter.test.ts): `perSecond`
 * becomes one start per 1000/(perSecond−1) ms, `perMinute` becomes floor(perMinute/11) starts per
 * 6 s window (an interval of 60 s touches at most 11 of them). Shikimori's 5/s and 90/min give
 * one start per 250 ms and 8 per 6 s (≤ 5/s, ≤ 88/min); AniList's 30/min gives 2 per 6 s (≤ 22/min).
 */
export function limitWindows(limits: { perSecond?: number; perMinute?: number }): LimitWindow[] {
  // `limit` starts per `period`, one per window: floor(period / ms) + 1 ≤ limit.
  const spaced = (limit: number, periodMs: number): LimitWindow => ({
    ms: limit <= 1 ? periodMs + 1 : Math.ceil(periodMs / (limit - 1)),
    max: 1,
  });
  const windows: LimitWindow[] = [];
  const { perSecond, perMinute } = limits;
  if (perSecond !== undefined) windows.push(spaced(perSecond, 1000));
  if (perMinute !== undefined)
    windows.push(perMinute >= 11 ? { ms: 6000, max: Math.floor(perMinute / 11) } : spaced(perMinute, 60_000));
  return windows;
}

/** Waiting longer than the caller allows: the source is treated as busy for this request. */
export class RateLimitWaitTooLong extends Error {
  constructor(
    readonly source: string,
    readonly waitMs: number,
  ) {
    super(`${source}: the rate limit would need a wait of ${Math.ceil(waitMs)} ms`);
  }
}

/**
 * A request budget shared by every replica through the cache's atomic `increment` (Redis in
 * production), plus a pause every replica honours after the source itself asked for one
 * (Retry-After, or X-RateLimit-Remaining 0 with X-RateLimit-Reset).
 */
export class SharedRateLimiter {
  constructor(
    private readonly cache: CacheNamespace,
    private readonly source: string,
    private readonly windows: readonly LimitWindow[],
    private readonly maxWaitMs: number,
    private readonly now: () => number = Date.now,
    /** The part of each window one client may take (issue 27); at least one start per window. */
    private readonly clientShare = 1,
  ) {}

  /** Clients with a request of theirs waiting for a slot in this replica. */
  private readonly waiting = new Set<string>();

  /**
   * Resolves when this replica may send one request; throws when that is further away than
   * allowed. A request made for a client (client-share.ts) first takes one of that client's
   * starts in every window: past its share it is refused at once (ClientShareExceeded), before
   * it waits for or takes anything of the shared budget; and a client has at most one request
   * waiting for a slot at a time (a second one is refused the same way).
   */
  async acquire(): Promise<void> {
    const client = this.clientShare < 1 ? currentClient() : undefined;
    if (client !== undefined) await this.takeClientShare(client);
    const deadline = this.now() + this.maxWaitMs;
    let waitingAs: string | undefined;
    try {
      for (;;) {
        const wait = await this.waitNeeded();
        if (wait === 0) return;
        if (this.now() + wait > deadline) throw new RateLimitWaitTooLong(this.source, wait);
        // One waiting request per client: a client's burst does not crowd the others' turns.
        if (client !== undefined && waitingAs === undefined) {
          if (this.waiting.has(client)) throw new ClientShareExceeded(this.source, wait);
          this.waiting.add(client);
          waitingAs = client;
        }
        await sleep(wait);
      }
    } finally {
      if (waitingAs !== undefined) this.waiting.delete(waitingAs);
    }
  }

  /** Every replica waits until `untilMs` (epoch ms) before its next request to the source. */
  async pauseUntil(untilMs: number): Promise<void> {
    const seconds = (untilMs - this.now()) / 1000;
    if (seconds <= 0) return;
    const current = (await this.cache.get<number>(this.pauseKey)) ?? 0;
    if (current < untilMs) await this.cache.set(this.pauseKey, untilMs, seconds);
  }

  private get pauseKey() {
    return `${this.source}:pause`;
  }

  /** The most one client may start in a window of `max`: `clientShare` of it, at least one. */
  shareOf(window: LimitWindow): number {
    return Math.max(1, Math.floor(window.max * this.clientShare));
  }

  private async takeClientShare(client: string): Promise<void> {
    const now = this.now();
    for (const w of this.windows) {
      const share = this.shareOf(w);
      if (share >= w.max) continue;
      const index = Math.floor(now / w.ms);
      const { value } = await this.cache.increment(
        `${this.source}:client:${client}:${w.ms}:${index}`,
        (w.ms * 2) / 1000,
      );
      if (value > share) throw new ClientShareExceeded(this.source, (index + 1) * w.ms - now);
    }
  }

  /** 0 when a slot was taken in every window; else how long to wait before trying again. */
  private async waitNeeded(): Promise<number> {
    const now = this.now();
    const pausedUntil = (await this.cache.get<number>(this.pauseKey)) ?? 0;
    if (pausedUntil > now) return pausedUntil - now;
    for (const w of this.windows) {
      const index = Math.floor(now / w.ms);
      // A counter per window; it outlives its window a little so late readers still see it.
      const { value } = await this.cache.increment(`${this.source}:${w.ms}:${index}`, (w.ms * 2) / 1000);
      // A refused attempt still counted: that only makes this window stricter, never looser.
      if (value > w.max) return (index + 1) * w.ms - now + 1;
    }
    return 0;
  }
}
