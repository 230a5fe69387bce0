/** Counts events in a sliding window: how many in the last `windowMs`, and when a slot frees up. */
export class SlidingWindow {
  private readonly times: number[] = [];

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private prune(now: number) {
    while (this.times.length > 0 && this.times[0]! <= now - this.windowMs) this.times.shift();
  }

  /** Records the event when under the limit; otherwise returns the ms until one is allowed. */
  take(now = Date.now()): { ok: true; remaining: number } | { ok: false; retryAfterMs: number } {
    this.prune(now);
    if (this.times.length >= this.limit) {
      const oldest = this.times[0] ?? now;
      return { ok: false, retryAfterMs: Math.max(1, oldest + this.windowMs - now) };
    }
    this.times.push(now);
    return { ok: true, remaining: this.limit - this.times.length };
  }

  /** Whether an event would be allowed now, without recording one. */
  peek(now = Date.now()): { remaining: number; resetAt: number } {
    this.prune(now);
    return {
      remaining: Math.max(0, this.limit - this.times.length),
      resetAt: (this.times[0] ?? now) + this.windowMs,
    };
  }
}
