import { describe, expect, it } from 'vitest';
import { pickWeighted } from './draw';

describe('pickWeighted', () => {
  it('picks by cumulative weight', () => {
    const entries = [
      ['E', 60],
      ['S', 30],
      ['X', 10],
    ] as const;
    expect(pickWeighted(entries, () => 0)).toBe('E');
    expect(pickWeighted(entries, () => 0.59)).toBe('E');
    expect(pickWeighted(entries, () => 0.6)).toBe('S');
    expect(pickWeighted(entries, () => 0.95)).toBe('X');
  });
  it('never picks a zero weight and returns undefined without any weight', () => {
    expect(
      pickWeighted(
        [
          ['E', 0],
          ['S', 1],
        ],
        () => 0,
      ),
    ).toBe('S');
    expect(pickWeighted([['E', 0]], () => 0.5)).toBeUndefined();
    expect(pickWeighted([], () => 0.5)).toBeUndefined();
  });
  it('follows the weights over many draws', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const counts: Record<string, number> = { E: 0, S: 0 };
    for (let i = 0; i < 10_000; i++)
      counts[
        pickWeighted(
          [
            ['E', 3],
            ['S', 1],
          ],
          random,
        )!
      ]!++;
    expect(counts.E! / 10_000).toBeGreaterThan(0.72);
    expect(counts.E! / 10_000).toBeLessThan(0.78);
  });
});
