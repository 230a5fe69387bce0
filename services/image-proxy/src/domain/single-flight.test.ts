import { describe, expect, it } from 'vitest';
import { createSingleFlight } from './single-flight';

describe('single flight', () => {
  it('shares one computation between concurrent callers of a key', async () => {
    const flights = createSingleFlight<string>();
    let computed = 0;
    // The computation finishes only once every caller has asked.
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const compute = async () => {
      computed++;
      await finished;
      return 'card';
    };
    const pending = [flights.run('1', compute), flights.run('1', compute), flights.run('1', compute)];
    finish();
    const results = await Promise.all(pending);
    expect(results).toEqual(['card', 'card', 'card']);
    expect(computed).toBe(1);
    expect(flights.inFlight).toBe(0);
  });

  it('computes different keys separately and again once settled', async () => {
    const flights = createSingleFlight<number>();
    let computed = 0;
    const compute = async () => ++computed;
    await Promise.all([flights.run('a', compute), flights.run('b', compute)]);
    expect(computed).toBe(2);
    expect(await flights.run('a', compute)).toBe(3);
  });

  it('does not remember a failure', async () => {
    const flights = createSingleFlight<string>();
    const failing = flights.run('x', async () => Promise.reject(new Error('catalogue down')));
    const sharing = flights.run('x', async () => 'never called');
    await expect(failing).rejects.toThrow('catalogue down');
    await expect(sharing).rejects.toThrow('catalogue down');
    expect(await flights.run('x', async () => 'recovered')).toBe('recovered');
  });
});
