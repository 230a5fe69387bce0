import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@acg/platform';
import pRetry from 'p-retry';

/** A failure worth another try: Discord's own (5xx), a rate limit (429) or the network. */
export class RetryableError extends Error {
  constructor(
    message: string,
    /** Discord's Retry-After, in milliseconds. */
    readonly retryAfterMs = 0,
  ) {
    super(message);
  }
}

export interface DiscordRetryOptions {
  /** Tries after the first. */
  retries?: number;
  /** Wait before the first retry, doubling after each (default 500 ms). */
  minDelayMs?: number;
  /** The longest wait, also the cap on Discord's Retry-After (default 5 s). */
  maxDelayMs?: number;
}

/**
 * Runs a call to Discord with exponential backoff (p-retry) while it fails with a RetryableError,
 * waiting at least what Discord's Retry-After asks (both capped); any other error ends it at once
 * (p-retry's AbortError). Each retry is logged with `retrying`.
 */
export function withDiscordRetries<T>(
  work: () => Promise<T>,
  opts: DiscordRetryOptions & { retries: number; logger: Logger; retrying: string },
): Promise<T> {
  const maxDelayMs = opts.maxDelayMs ?? 5000;
  return pRetry(work, {
    retries: opts.retries,
    minTimeout: opts.minDelayMs ?? 500,
    maxTimeout: maxDelayMs,
    factor: 2,
    async onFailedAttempt({ error, attemptNumber, retriesLeft, retryDelay }) {
      if (retriesLeft === 0) return;
      opts.logger.warn({ attempt: attemptNumber, reason: error.message }, opts.retrying);
      // Discord's Retry-After beyond the backoff delay (both capped).
      const asked = error instanceof RetryableError ? Math.min(error.retryAfterMs, maxDelayMs) : 0;
      if (asked > retryDelay) await sleep(asked - retryDelay);
    },
  });
}
