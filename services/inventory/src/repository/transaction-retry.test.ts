import { describe, expect, it } from 'vitest';
import { retryableCode, retryTransaction } from './transaction-retry';

/** An error as drizzle throws it: pg's error, with its SQLSTATE, as the cause. */
const pgFailure = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('pg'), { code }) });

/** A transaction that fails with `failure` its first `failures` times, then answers 'done'. */
function flaky(failures: number, failure: () => Error) {
  let calls = 0;
  return {
    run: async () => {
      calls++;
      if (calls <= failures) throw failure();
      return 'done';
    },
    calls: () => calls,
  };
}

describe('retryTransaction', () => {
  it('runs a transaction again after a deadlock, up to five attempts in all', async () => {
    const fourDeadlocks = flaky(4, () => pgFailure('40P01'));
    await expect(retryTransaction(fourDeadlocks.run)).resolves.toBe('done');
    expect(fourDeadlocks.calls()).toBe(5);

    const fiveFailures = flaky(5, () => pgFailure('40001'));
    const err = await retryTransaction(fiveFailures.run).catch((e: unknown) => e);
    expect(fiveFailures.calls()).toBe(5);
    // The last failure itself is thrown, cause and code intact.
    expect(retryableCode(err)).toBe('40001');
    expect((err as Error).message).toBe('Failed query');
  });

  it('throws any other failure at once', async () => {
    const uniqueViolation = flaky(1, () => pgFailure('23505'));
    await expect(retryTransaction(uniqueViolation.run)).rejects.toThrow('Failed query');
    expect(uniqueViolation.calls()).toBe(1);
    const refused = flaky(1, () => new Error('Not enough copies'));
    await expect(retryTransaction(refused.run)).rejects.toThrow('Not enough copies');
    expect(refused.calls()).toBe(1);
  });

  it('waits briefly between attempts, never long', async () => {
    const started = Date.now();
    await retryTransaction(flaky(4, () => pgFailure('40P01')).run);
    // Four waits of 5, 10, 20 and 40 ms, each randomised up to twice that, capped at 100 ms.
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(70);
    expect(took).toBeLessThan(1000);
  });
});

describe('retryableCode', () => {
  it("finds PostgreSQL's deadlock or serialization code on the error or a cause", () => {
    expect(retryableCode(Object.assign(new Error('x'), { code: '40P01' }))).toBe('40P01');
    expect(retryableCode(pgFailure('40001'))).toBe('40001');
    expect(retryableCode(pgFailure('23505'))).toBeUndefined();
    expect(retryableCode(new Error('x'))).toBeUndefined();
    expect(retryableCode(undefined)).toBeUndefined();
    const cyclic: { code?: string; cause?: unknown } = {};
    cyclic.cause = cyclic;
    expect(retryableCode(cyclic)).toBeUndefined();
  });
});
