import pRetry, { AbortError } from 'p-retry';

/** A failed third-party call: retryable ones (rate limits, 5xx, network) are retried by p-retry. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly source: 'vk' | 'discord',
    readonly status: number,
    readonly code: number | null,
    readonly retryable: boolean,
    /** How long the upstream asked us to wait (rate limits), in milliseconds. */
    readonly retryAfterMs = 0,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

export interface RetryPolicy {
  retries: number;
  /** First backoff; doubled each time (randomised), capped at maxTimeoutMs. */
  minTimeoutMs: number;
  maxTimeoutMs: number;
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs one upstream call with p-retry: rate limits wait what the upstream asked (VK's error 6,
 * Discord's 429 retry_after) on top of the exponential backoff; other non-retryable errors stop
 * at once. A network failure or timeout is retried too.
 */
export function withRetry<T>(policy: RetryPolicy, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return pRetry(
    async () => {
      try {
        return await call(AbortSignal.timeout(policy.timeoutMs));
      } catch (err) {
        if (err instanceof UpstreamError && !err.retryable) throw new AbortError(err);
        throw err;
      }
    },
    {
      retries: policy.retries,
      minTimeout: policy.minTimeoutMs,
      maxTimeout: policy.maxTimeoutMs,
      randomize: true,
      onFailedAttempt: async ({ error }) => {
        if (error instanceof UpstreamError && error.retryAfterMs > 0)
          await sleep(Math.min(error.retryAfterMs, policy.maxTimeoutMs));
      },
    },
  );
}
