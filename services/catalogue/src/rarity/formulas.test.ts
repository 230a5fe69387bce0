import { describe, expect, it } from 'vitest';
import {
  correlation,
  evenWeights,
  forceFix,
  largestTie,
  likeBuckets,
  median,
  type RankingCard,
  rankFor,
  rarityScore,
  shareCounts,
  smartWeights,
  splitRanks,
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
  it('force-fix moves a threshold not above the one below to the next existing score', () => {
    expect(forceFix([0, 30, 30, 10, null], [5, 30, 31, 40, 40])).toEqual({
      thresholds: [0, 30, 31, 40, 40.01],
      uniqueScores: 4,
    });
  });
});

describe('shares of the ranks', () => {
  it('gives each rank its weighted share by largest remainders, and one card at least to every rank', () => {
    // 61 cards over 9 ranks weighted 256…1 (of 511): 30.56, 15.28, 7.64, 3.82, 1.91, 0.96, 0.48,
    // 0.24, 0.12 → floors 30+15+7+3+1 = 56, the 5 largest remainders (S, A, B, C, E) one more
    // each, then SS, SSS and X one each, taken from E.
    expect(shareCounts(61, smartWeights(9))).toEqual([28, 15, 8, 4, 2, 1, 1, 1, 1]);
    expect(shareCounts(8, evenWeights(4))).toEqual([2, 2, 2, 2]);
    expect(shareCounts(10, evenWeights(4))).toEqual([3, 3, 2, 2]);
    // Fewer cards than ranks: the highest ranks may stay empty.
    expect(shareCounts(3, smartWeights(4))).toEqual([2, 1, 0, 0]);
    expect(shareCounts(0, smartWeights(3))).toEqual([0, 0, 0]);
  });
});

describe('smart and percentile ranks, ties split (rules: how ties are split)', () => {
  const cardsOf = (scores: number[], extra: (id: number) => Partial<RankingCard> = () => ({})) =>
    scores.map((score, i) => ({ id: i + 1, score, owners: 0, copies: 0, ...extra(i + 1) }));

  it('percentile ranks of distinct scores are equal shares, each threshold its lowest score', () => {
    const list = cardsOf(Array.from({ length: 100 }, (_, i) => i + 1));
    const { rankOf, thresholds } = splitRanks(list, evenWeights(4));
    expect(thresholds).toEqual([0, 26, 51, 76]);
    expect(rankOf.slice(0, 3)).toEqual([0, 0, 0]);
    expect(rankOf[25]).toBe(1);
    expect(rankOf[99]).toBe(3);
  });

  it('spreads the demo catalogue over every rank: 58 cards nobody holds, 3 held by the one active player', () => {
    // One active player: held 100·(1−2/3) = 33.33, not held 100·(1−1/3) = 66.67.
    const scores = Array.from({ length: 61 }, (_, i) => (i < 3 ? 33.33 : 66.67));
    const plain = splitRanks(cardsOf(scores), smartWeights(9));
    // The tied cards that land in X and SSS by the fixed order alone…
    const inX = plain.rankOf.indexOf(8) + 1;
    const inSSS = plain.rankOf.indexOf(7) + 1;
    // …are the most common of the tie once idle players hold one and the other has copies out.
    const list = cardsOf(scores, (id) => (id === inX ? { owners: 4 } : id === inSSS ? { copies: 9 } : {}));
    const { rankOf, thresholds } = splitRanks(list, smartWeights(9));
    const perRank = Array.from({ length: 9 }, (_, r) => rankOf.filter((x) => x === r).length);
    expect(perRank).toEqual([28, 15, 8, 4, 2, 1, 1, 1, 1]);
    expect(rankOf.slice(0, 3)).toEqual([0, 0, 0]);
    expect(rankOf[inX - 1]).toBe(0);
    expect(rankOf[inSSS - 1]).toBe(0);
    // The tie is split: every rank above E starts at its score; no score is below its rank's threshold.
    expect(thresholds).toEqual([0, ...Array(8).fill(66.67)]);
    for (const [i, r] of rankOf.entries()) expect(list[i]!.score).toBeGreaterThanOrEqual(thresholds[r]!);
  });

  it('does not depend on the order the cards come in, nor give a tie by order of ids', () => {
    const list = cardsOf(Array.from({ length: 40 }, () => 50));
    const forward = splitRanks(list, smartWeights(4)).rankOf;
    const reversed = [...list].reverse();
    const backward = splitRanks(reversed, smartWeights(4)).rankOf.reverse();
    expect(backward).toEqual(forward);
    // The 3 rarest of 40 tied cards are not simply the 3 highest ids.
    const top = forward.flatMap((r, i) => (r === 3 ? [i + 1] : []));
    expect(top).toHaveLength(3);
    expect(top).not.toEqual([38, 39, 40]);
    expect(largestTie(list.map((c) => c.score))).toEqual({ score: 50, cards: 40 });
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
