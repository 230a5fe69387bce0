import { describe, expect, it } from 'vitest';
import {
  correlation,
  forceFix,
  likeBuckets,
  median,
  percentileThresholds,
  rankFor,
  rarityScore,
  smartThresholds,
} from './formulas';

const ranks = ['E', 'D', 'C', 'B', 'A'].map((code, i) => ({
  id: i + 1,
  code,
  sortOrder: i,
  threshold: i * 20,
}));

describe('rarityScore', () => {
  it('is higher for cards fewer active players hold, within 0–100', () => {
    expect(rarityScore(0, 98)).toBe(99);
    expect(rarityScore(98, 98)).toBe(1);
    expect(rarityScore(49, 98)).toBe(50);
    expect(rarityScore(10, 98)).toBeGreaterThan(rarityScore(20, 98));
  });
  it('does not let more holders than players, or negative counts, leave the range', () => {
    expect(rarityScore(500, 98)).toBe(1);
    expect(rarityScore(-3, 10)).toBe(rarityScore(0, 10));
    expect(rarityScore(0, 0)).toBe(50);
  });
});

describe('ranks from thresholds', () => {
  it('gives the highest rank whose threshold the score reaches', () => {
    expect(rankFor(0, ranks)?.code).toBe('E');
    expect(rankFor(39.99, ranks)?.code).toBe('D');
    expect(rankFor(40, ranks)?.code).toBe('C');
    expect(rankFor(100, ranks)?.code).toBe('A');
    expect(rankFor(50, [{ id: 1, code: 'E', sortOrder: 0, threshold: null }])).toBeUndefined();
  });
  it('percentile thresholds split the cards into equal shares', () => {
    const scores = Array.from({ length: 100 }, (_, i) => i + 1);
    // ≥ threshold reaches the rank: 25 cards below each cut.
    expect(percentileThresholds(scores, 4)).toEqual([0, 26, 51, 76]);
  });
  it('keeps equal scores together: when every card scores the same, all stay in the lowest rank', () => {
    const same = Array.from({ length: 60 }, () => 50);
    for (const thresholds of [smartThresholds(same, 9), percentileThresholds(same, 9)]) {
      const withThresholds = thresholds.map((threshold, i) => ({
        id: i + 1,
        code: `R${i}`,
        sortOrder: i,
        threshold,
      }));
      expect(new Set(same.map((s) => rankFor(s, withThresholds)?.code))).toEqual(new Set(['R0']));
    }
  });
  it('smart thresholds make each higher rank about half as common, strictly increasing', () => {
    const scores = Array.from({ length: 1000 }, (_, i) => i / 10);
    const t = smartThresholds(scores, 4);
    expect(t[0]).toBe(0);
    for (let i = 1; i < t.length; i++) expect(t[i]!).toBeGreaterThan(t[i - 1]!);
    const counts = t.map(
      (low, i) => scores.filter((s) => s >= low && (i === t.length - 1 || s < t[i + 1]!)).length,
    );
    expect(counts[0]!).toBeGreaterThan(counts[1]!);
    expect(counts[1]!).toBeGreaterThan(counts[2]!);
    expect(counts[2]!).toBeGreaterThan(counts[3]!);
  });
  it('force-fix moves a threshold not above the one below to the next existing score', () => {
    expect(forceFix([0, 30, 30, 10, null], [5, 30, 31, 40, 40])).toEqual({
      thresholds: [0, 30, 31, 40, 40.01],
      uniqueScores: 4,
    });
  });
});

describe('statistics', () => {
  it('median, correlation (2 decimals) and the likes buckets of requirements C9', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(correlation([1, 2, 3, 4], [2, 4, 6, 8])).toBe(1);
    expect(correlation([1, 2, 3, 4], [8, 6, 4, 2])).toBe(-1);
    expect(correlation([1, 1, 1], [1, 2, 3])).toBe(0);
    expect(likeBuckets([0, 1, 5, 6, 20, 21, 50, 51])).toEqual({
      noLikes: 1,
      lowLikes: 2,
      mediumLikes: 2,
      highLikes: 2,
      veryHighLikes: 1,
    });
  });
});
