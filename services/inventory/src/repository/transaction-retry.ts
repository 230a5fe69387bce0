import pRetry from 'p-retry';

/** PostgreSQL's deadlock and serialization failures: the transaction is retried whole. */
const RETRYABLE = new Set(['40P01', '40001']);

/** The retryable SQLSTATE of `err` or of an error it wraps (drizzle keeps pg's error as `cause`). */
export const retryableCode = (err: unknown): string | undefined => {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  // A cause chain is short; the bound only guards against a cycle.
  for (let depth = 0; e && depth < 10; depth++, e = e.cause as typeof e)
    if (typeof e.code === 'string' && RETRYABLE.has(e.code)) return e.code;
  return undefined;
};

/** Attempts in all before a deadlock or serialization failure is given up and thrown. */
export const TRANSACTION_ATTEMPTS = 5;

/**
 * Runs a whole transaction again after a deadlock or a serialization failure (p-retry): up to
 * TRANSACTION_ATTEMPTS attempts, a short randomised backoff between them (5 ms doubling, at most
 * 100 ms) so two transactions that collided do not collide again in step. Any other error is
 * thrown at once.
 */
export function retryTransaction<T>(run: () => Promise<T>): Promise<T> {
  return pRetry(run, {
    retries: TRANSACTION_ATTEMPTS - 1,
    minTimeout: 5,
    maxTimeout: 100,
    factor: 2,
    randomize: true,
    shouldRetry: ({ error }) => retryableCode(error) !== undefined,
  });
}
