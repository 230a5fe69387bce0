import { describe, expect, it } from 'vitest';
import { pickDistinct, seededRandom } from './random';

describe('seeded random source', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(Array.from({ length: 5 }, c)).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('picks distinct indexes below n, at most n of them', () => {
    const random = seededRandom(1);
    const picks = pickDistinct(random, 100, 30);
    expect(new Set(picks).size).toBe(30);
    expect(picks.every((i) => Number.isInteger(i) && i >= 0 && i < 100)).toBe(true);
    expect(pickDistinct(random, 5, 30).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(pickDistinct(random, 0, 3)).toEqual([]);
  });
});
