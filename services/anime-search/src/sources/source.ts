import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@acg/platform';
import CircuitBreaker from 'opossum';
import pRetry, { AbortError } from 'p-retry';
import type { z } from 'zod';
import { RateLimitWaitTooLong, type SourceBudget } from './budget';
import { ClientShareExceeded } from './client-share';

/** How long a failed call says the source is failing (opossum's rolling window). */
const FAILING_MS = 10_000;

/** The source answered, but not with something we can use (4xx other than 429, garbage, HTML). */
export class SourceAnswerError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Reads an answer with its schema; an answer of another shape is the source's fault, not ours. */
export function parseAnswer<S extends z.ZodType>(source: string, schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new SourceAnswerError(`${source} answered in an unexpected shape`);
  return parsed.data;
}

/** The source has no such thing (404): an answer, not a failure of the source. */
export class SourceNotFound extends Error {}

/** Worth another try: a 429, a 5xx or the network. */
class RetryableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs = 0,
  ) {
    super(message);
  }
}

export interface SourceOptions {
  name: 'shikimori' | 'anilist';
  limiter: SourceBudget;
  logger: Logger;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  /** Longest wait for Retry-After (also the cap of the backoff). */
  maxWaitMs: number;
  circuitResetMs: number;
  circuitVolumeThreshold: number;
}

/** Epoch ms until which the answer's headers ask us to wait, if they do. */
function pauseAsked(res: Response, now: number): number | undefined {
  const retryAfter = res.headers.get('retry-after');
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return now + Math.max(0, seconds) * 1000;
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return date;
  }
  if (res.headers.get('x-ratelimit-remaining') === '0') {
    const reset = Number(res.headers.get('x-ratelimit-reset'));
    if (Number.isFinite(reset) && reset > 0) return reset * 1000;
  }
  return undefined;
}

/**
 * One external source: every request takes a slot of the shared rate limit, is retried with
 * exponential backoff on 429, 5xx and network failures (waiting at least what Retry-After asks),
 * and runs inside a circuit breaker (opossum) whose state says whether the source is available.
 * A 404, a refused request and our own rate-limit wait do not count against the circuit.
 */
export class Source {
  readonly breaker: CircuitBreaker<[() => Promise<unknown>], unknown>;
  private lastFailureAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly opts: SourceOptions) {
    this.breaker = new CircuitBreaker((task: () => Promise<unknown>) => task(), {
      name: opts.name,
      // Each request has its own timeout; a whole call with retries may take longer.
      timeout: false,
      resetTimeout: opts.circuitResetMs,
      volumeThreshold: opts.circuitVolumeThreshold,
      errorThresholdPercentage: 50,
      errorFilter: (err: unknown) =>
        err instanceof SourceNotFound ||
        err instanceof RateLimitWaitTooLong ||
        err instanceof ClientShareExceeded ||
        err instanceof SourceAnswerError,
    });
    this.breaker.on('failure', () => {
      this.lastFailureAt = Date.now();
    });
    this.breaker.on('success', () => {
      this.lastFailureAt = Number.NEGATIVE_INFINITY;
    });
    this.breaker.on('open', () =>
      opts.logger.warn({ source: opts.name }, 'circuit opened: source unavailable'),
    );
    this.breaker.on('close', () =>
      opts.logger.info({ source: opts.name }, 'circuit closed: source available'),
    );
  }

  get name() {
    return this.opts.name;
  }

  /**
   * True when its last call failed, within the circuit's rolling window: a caller past its share
   * of this source then hears that the source is down, not that it searched too much (its share
   * went on the failing calls).
   */
  get failing(): boolean {
    return Date.now() - this.lastFailureAt < FAILING_MS;
  }

  /** Closed or half-open (a trial request is allowed). */
  get available(): boolean {
    return !this.breaker.opened;
  }

  /**
   * Asks `url` periodically while the circuit is closed; a failure opens it, so the status
   * shows a source that went down even when nobody searched.
   */
  startProbe(url: string, init: RequestInit, intervalMs: number): void {
    this.breaker.healthCheck(async () => {
      if (!this.breaker.closed) return;
      await this.withRetries(url, init).catch((err: unknown) => {
        // Our own budget being spent says nothing about the source.
        if (!(err instanceof RateLimitWaitTooLong)) throw err;
      });
    }, intervalMs);
  }

  /** Fetches and parses JSON through the limiter, the retries and the circuit. */
  fetchJson<T = unknown>(url: string, init: RequestInit = {}): Promise<T> {
    return this.breaker.fire(() => this.withRetries<T>(url, init)) as Promise<T>;
  }

  shutdown(): void {
    this.breaker.shutdown();
  }

  private withRetries<T>(url: string, init: RequestInit): Promise<T> {
    const { retries, retryDelayMs, maxWaitMs, logger, name } = this.opts;
    let lastFailure: RetryableError | undefined;
    return pRetry((attempt) => this.once<T>(url, init, attempt > 1 ? lastFailure : undefined), {
      retries,
      minTimeout: retryDelayMs,
      maxTimeout: maxWaitMs,
      factor: 2,
      shouldRetry: ({ error }) => error instanceof RetryableError,
      async onFailedAttempt({ error, attemptNumber, retriesLeft, retryDelay }) {
        if (error instanceof RetryableError) lastFailure = error;
        if (retriesLeft === 0 || !(error instanceof RetryableError)) return;
        logger.warn(
          { source: name, attempt: attemptNumber, reason: error.message },
          'source request failed, retrying',
        );
        const asked = Math.min(error.retryAfterMs, maxWaitMs);
        if (asked > retryDelay) await sleep(asked - retryDelay);
      },
    });
  }

  /** One attempt; `previous` is the failure a retry follows. */
  private async once<T>(url: string, init: RequestInit, previous?: RetryableError): Promise<T> {
    const { limiter, timeoutMs, name } = this.opts;
    try {
      await limiter.acquire();
    } catch (err) {
      // A retry the caller's share cannot pay for ends with the source's own failure: the source
      // is what failed, not the caller (a fan's search of a source that is down is not "too many").
      if (previous && err instanceof ClientShareExceeded) throw new AbortError(previous);
      throw new AbortError(err as Error);
    }
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new RetryableError(`${name} did not answer: ${(err as Error).message}`);
    }
    const now = Date.now();
    const pause = pauseAsked(res, now);
    if (pause !== undefined && (res.status === 429 || res.headers.get('x-ratelimit-remaining') === '0'))
      await limiter.pauseUntil(pause);
    if (res.status === 429 || res.status >= 500) {
      await res.body?.cancel();
      throw new RetryableError(`${name} answered ${res.status}`, pause !== undefined ? pause - now : 0);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      throw new AbortError(new SourceNotFound(`${name}: not found`));
    }
    const text = await res.text();
    if (!res.ok)
      throw new AbortError(
        new SourceAnswerError(`${name} answered ${res.status}: ${text.slice(0, 200)}`, res.status),
      );
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new AbortError(new SourceAnswerError(`${name} answered something that is not JSON`));
    }
  }
}
