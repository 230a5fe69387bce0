import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Cache, CacheNamespace } from '@acg/platform';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { ClientShareExceeded, currentClient } from './client-share';

/** At most `max` requests start within each window of `ms` milliseconds (whole seconds). */
export interface LimitWindow {
  ms: number;
  max: number;
}

/**
 * The most requests a set of windows lets start within any sliding `periodMs` (half-open): the
 * windows are disjoint and `ms` long (rate-limiter-flexible opens one at the first request after
 * the last one ended), so such an interval touches at most floor((periodMs − 1) / ms) + 2 of them.
 */
export const worstCase = (windows: readonly LimitWindow[], periodMs: number): number =>
  Math.min(...windows.map((w) => w.max * (Math.floor((periodMs - 1) / w.ms) + 2)));

const SECOND = 1000;
const MINUTE = 60_000;

/**
 * The sites count requests in a sliding window; our windows are whole seconds (Redis keeps
 * rate-limiter-flexible's windows with second precision), sized to stay within the limit in every
 * sliding second and minute (worstCase; checked by budget.test.ts). `perSecond` becomes
 * floor(perSecond / 2) starts per 1 s window (a second touches two of them); `perMinute` becomes
 * floor(perMinute / 11) starts per 6 s window (a minute touches eleven). Shikimori's 5/s and
 * 90/min give 2 per second and 8 per 6 s (≤ 4/s, ≤ 88/min); AniList's 30/min gives 2 per 6 s.
 */
export function limitWindows(limits: { perSecond?: number; perMinute?: number }): LimitWindow[] {
  const windows: LimitWindow[] = [];
  const { perSecond, perMinute } = limits;
  if (perSecond !== undefined) windows.push({ ms: SECOND, max: Math.max(1, Math.floor(perSecond / 2)) });
  if (perMinute !== undefined) {
    if (perMinute >= 11) windows.push({ ms: 6 * SECOND, max: Math.floor(perMinute / 11) });
    // One start per window of w seconds: a minute touches floor(59.999 / w) + 2 ≤ perMinute.
    else if (perMinute >= 2)
      windows.push({ ms: Math.ceil(MINUTE / (perMinute - 1) / SECOND) * SECOND, max: 1 });
    else windows.push({ ms: MINUTE + SECOND, max: 1 });
  }
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

/** Who an upstream request is for: a user's search or look-up, or the index's own fill. */
export type Work = 'user' | 'background';
const works = new AsyncLocalStorage<Work>();
/** Runs `work` with its source requests counted as background work (the index fill). */
export const asBackground = <T>(work: () => Promise<T>): Promise<T> => works.run('background', work);
const currentWork = (): Work => works.getStore() ?? 'user';

/** Limiters keyed in Redis when the cache is Redis (every replica), else one set per cache object. */
const memoryLimiters = new WeakMap<Cache, Map<string, RateLimiterAbstract>>();

function limiterFactory(cache: Cache, prefix: string) {
  const own = new Map<string, RateLimiterAbstract>();
  const memory = memoryLimiters.get(cache) ?? new Map<string, RateLimiterAbstract>();
  memoryLimiters.set(cache, memory);
  return (name: string, points: number, ms: number): RateLimiterAbstract => {
    const keyPrefix = `${prefix}:${name}:${points}:${ms}`;
    const known = (cache.redis ? own : memory).get(keyPrefix);
    if (known) return known;
    const opts = { keyPrefix, points, duration: ms / SECOND };
    // Redis lost: each replica keeps counting in its own memory (Redis is an optimisation).
    const limiter = cache.redis
      ? new RateLimiterRedis({
          ...opts,
          keyPrefix: `${cache.redis.prefix}:${keyPrefix}`,
          storeClient: cache.redis.client,
          insuranceLimiter: new RateLimiterMemory(opts),
        })
      : new RateLimiterMemory(opts);
    (cache.redis ? own : memory).set(keyPrefix, limiter);
    return limiter;
  };
}

export interface SourceBudgetOptions {
  cache: Cache;
  source: string;
  windows: readonly LimitWindow[];
  maxWaitMs: number;
  /** The part of each window one client may take (rules §47); at least one start per window. */
  clientShare?: number;
  /** The part of each window the background fill may take; users may take all of it. */
  backgroundShare?: number;
  /** Told of every request the budget lets start (budget-metrics.ts counts them). */
  onStart?: (source: string, work: Work) => void;
}

/** Starts per kind of work in the last minutes, for the admin status. */
export type BudgetUse = Record<Work, number>;

/**
 * A source's request budget shared by every replica, kept by rate-limiter-flexible (Redis in
 * production): every request takes a start in each window; background work also takes one of
 * the background's share of each window, so users always keep at least the rest; a request made
 * for a client first takes one of that client's share (past it: ClientShareExceeded at once). A
 * pause the source asked for (Retry-After) blocks every replica until it ends.
 */
export class SourceBudget {
  private readonly total: RateLimiterAbstract[];
  private readonly background: RateLimiterAbstract[];
  private readonly clients: Array<{ limiter: RateLimiterAbstract; share: number; max: number }>;
  private readonly pause: RateLimiterAbstract;
  private readonly use: CacheNamespace;
  /** Clients with a request of theirs waiting for a slot in this replica. */
  private readonly waiting = new Set<string>();

  constructor(private readonly opts: SourceBudgetOptions) {
    const limiter = limiterFactory(opts.cache, `budget:${opts.source}`);
    const part = (max: number, share = 1) => Math.max(1, Math.floor(max * share));
    this.total = opts.windows.map((w) => limiter('all', w.max, w.ms));
    this.background = opts.windows.map((w) => limiter('background', part(w.max, opts.backgroundShare), w.ms));
    this.clients = opts.windows.map((w) => {
      const share = part(w.max, opts.clientShare);
      return { limiter: limiter('client', share, w.ms), share, max: w.max };
    });
    // One point: block() puts it past its points until the pause ends.
    this.pause = limiter('pause', 1, SECOND);
    this.use = opts.cache.namespace('source-use');
  }

  /** The part of each window the background fill may take. */
  get backgroundShare(): number {
    return this.opts.backgroundShare ?? 1;
  }

  /** The most one client may start in a window of `max`: its share, at least one. */
  shareOf(window: LimitWindow): number {
    return Math.max(1, Math.floor(window.max * (this.opts.clientShare ?? 1)));
  }

  /**
   * Resolves when this replica may send one request; throws RateLimitWaitTooLong when that is
   * further away than allowed. A client has at most one request waiting for a slot at a time.
   */
  async acquire(): Promise<void> {
    const work = currentWork();
    const client = work === 'user' && (this.opts.clientShare ?? 1) < 1 ? currentClient() : undefined;
    if (client !== undefined) await this.takeClientShare(client);
    const deadline = Date.now() + this.opts.maxWaitMs;
    let waitingAs: string | undefined;
    try {
      for (;;) {
        const wait = await this.waitNeeded(work);
        if (wait === 0) break;
        if (Date.now() + wait > deadline) throw new RateLimitWaitTooLong(this.opts.source, wait);
        if (client !== undefined && waitingAs === undefined) {
          if (this.waiting.has(client)) throw new ClientShareExceeded(this.opts.source, wait);
          this.waiting.add(client);
          waitingAs = client;
        }
        await sleep(wait);
      }
    } finally {
      if (waitingAs !== undefined) this.waiting.delete(waitingAs);
    }
    this.opts.onStart?.(this.opts.source, work);
    await this.use.increment(`${this.opts.source}:${work}:${Math.floor(Date.now() / MINUTE)}`, 3600);
  }

  /** Every replica waits until `untilMs` (epoch ms) before its next request to the source. */
  async pauseUntil(untilMs: number): Promise<void> {
    const seconds = Math.ceil((untilMs - Date.now()) / SECOND);
    if (seconds > 0) await this.pause.block(this.opts.source, seconds);
  }

  /** Starts of users and of the background fill within the last `minutes` (whole minutes). */
  async used(minutes: number): Promise<BudgetUse> {
    const now = Math.floor(Date.now() / MINUTE);
    const sum = async (work: Work) => {
      let total = 0;
      for (let m = now - minutes + 1; m <= now; m++)
        total += (await this.use.get<number>(`${this.opts.source}:${work}:${m}`)) ?? 0;
      return total;
    };
    return { user: await sum('user'), background: await sum('background') };
  }

  /**
   * How long until the current client (a user's work only) may start a request again: 0 when it
   * has some of its share left in every window. Reads without taking anything.
   */
  async clientWait(): Promise<number> {
    const client = (this.opts.clientShare ?? 1) < 1 ? currentClient() : undefined;
    if (client === undefined || currentWork() !== 'user') return 0;
    let wait = 0;
    for (const { limiter, share, max } of this.clients) {
      if (share >= max) continue;
      const used = await limiter.get(`${this.opts.source}:${client}`);
      if (used && used.consumedPoints >= share) wait = Math.max(wait, used.msBeforeNext);
    }
    return wait;
  }

  private async takeClientShare(client: string): Promise<void> {
    for (const { limiter, share, max } of this.clients) {
      if (share >= max) continue;
      const refused = await consume(limiter, `${this.opts.source}:${client}`);
      if (refused > 0) throw new ClientShareExceeded(this.opts.source, refused);
    }
  }

  /** 0 when a start was taken in every window; else how long to wait before trying again. */
  private async waitNeeded(work: Work): Promise<number> {
    const paused = await this.pause.get(this.opts.source);
    if (paused && paused.consumedPoints > 1) return paused.msBeforeNext + 1;
    const limiters = work === 'background' ? [...this.background, ...this.total] : this.total;
    for (const limiter of limiters) {
      // A refused attempt still counts: that only makes this window stricter, never looser.
      const refused = await consume(limiter, this.opts.source);
      if (refused > 0) return refused + 1;
    }
    return 0;
  }
}

/** Takes one point: 0 when taken, else the milliseconds until the window ends. */
async function consume(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (err) {
    if (err instanceof RateLimiterRes) return Math.max(1, err.msBeforeNext);
    throw err;
  }
}
