import { RateLimitError } from '@acg/platform';
import { describe, expect, it } from 'vitest';
import { createFairQueue } from './fair-queue';

/** A task that runs until released, recording when it started. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    task: async () => {
      log.push(name);
      await done;
      return name;
    },
    release: () => release(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the fair decode queue', () => {
  it('runs one decode per client at a time and gives a free slot to another client first', async () => {
    const q = createFairQueue({ slots: 2, maxWaitingPerClient: 5 });
    const log: string[] = [];
    const big = [1, 2, 3].map((i) => gate(log, `big${i}`));
    const runs = big.map((g) => q.run('ip:hammer', 39.7, g.task));
    await tick();
    // The hammering client holds one slot; the other slot stays free.
    expect(log).toEqual(['big1']);
    expect([q.running, q.waiting]).toEqual([1, 2]);
    const small = gate(log, 'small');
    const smallRun = q.run('user:7', 0.1, small.task);
    await tick();
    expect(log).toEqual(['big1', 'small']);
    small.release();
    expect(await smallRun).toBe('small');
    for (const g of big) g.release();
    expect(await Promise.all(runs)).toEqual(['big1', 'big2', 'big3']);
  });

  it('weighs by megapixels: after a large decode, a client waits behind one that used less', async () => {
    const q = createFairQueue({ slots: 1, maxWaitingPerClient: 5 });
    const log: string[] = [];
    const first = gate(log, 'a-large');
    const a = [q.run('a', 40, first.task)];
    await tick();
    const a2 = gate(log, 'a-second');
    const b1 = gate(log, 'b-first');
    const c1 = gate(log, 'c-first');
    a.push(q.run('a', 40, a2.task));
    const b = q.run('b', 1, b1.task);
    const c = q.run('c', 1, c1.task);
    first.release();
    await tick();
    b1.release();
    await tick();
    c1.release();
    await tick();
    a2.release();
    await Promise.all([...a, b, c]);
    // 'a' asked first for its second decode, but it had used 40 megapixels: b and c go first.
    expect(log).toEqual(['a-large', 'b-first', 'c-first', 'a-second']);
  });

  it('refuses past the share with 429 and Retry-After; a failing decode frees its slot', async () => {
    const q = createFairQueue({ slots: 1, maxWaitingPerClient: 1, retryAfterSeconds: 2 });
    const log: string[] = [];
    const g = gate(log, 'one');
    const one = q.run('ip:x', 1, g.task);
    const two = q.run('ip:x', 1, async () => 'two');
    const three = q.run('ip:x', 1, async () => 'three');
    await expect(three).rejects.toBeInstanceOf(RateLimitError);
    await expect(three).rejects.toMatchObject({ status: 429, retryAfterSeconds: 2 });
    // Worded in the caller's language when the caller says how.
    await expect(
      q.run(
        'ip:x',
        1,
        async () => 'four',
        () => 'Слишком много',
      ),
    ).rejects.toMatchObject({
      message: 'Слишком много',
    });
    g.release();
    expect([await one, await two]).toEqual(['one', 'two']);
    await expect(q.run('ip:y', 1, async () => Promise.reject(new Error('bad bytes')))).rejects.toThrow(
      'bad bytes',
    );
    expect(await q.run('ip:y', 1, async () => 'after')).toBe('after');
    expect([q.running, q.waiting]).toEqual([0, 0]);
  });
});
