import { describe, expect, it } from 'vitest';
import { likesAnalysis, rankAnalysis } from './analysis';
import type { CardFigures, CardRow, RankRow } from './inputs';

const E: RankRow = { id: 1, code: 'E', title: 'Common', sortOrder: 0, threshold: 0 };
const D: RankRow = { id: 2, code: 'D', title: 'Uncommon', sortOrder: 1, threshold: 25 };
const list: CardRow[] = [
  { id: 1, rarityScore: 10, rankId: E.id },
  { id: 2, rarityScore: 20, rankId: E.id },
  { id: 3, rarityScore: 30, rankId: D.id },
];
const figures: CardFigures = {
  activeOwners: Int32Array.from([0, 1, 1, 1]),
  owners: Int32Array.from([0, 1, 2, 3]),
  copies: Int32Array.from([0, 1, 2, 3]),
  likes: Int32Array.from([0, 0, 5, 5]),
};

describe('rank analysis', () => {
  it('gives the score statistics, each rank’s share and ownership', () => {
    expect(rankAnalysis(figures, list, [E, D])).toEqual({
      totalCards: 3,
      rarityScoreStats: { mean: 20, median: 20, min: 10, max: 30 },
      rankDistribution: [
        { code: 'E', title: 'Common', threshold: 0, cardCount: 2, percentage: 66.67, avgOwnership: 1.5 },
        { code: 'D', title: 'Uncommon', threshold: 25, cardCount: 1, percentage: 33.33, avgOwnership: 3 },
      ],
      ownershipAnalysis: { totalOwned: 6, avgOwnershipPerCard: 2, correlation: 1 },
    });
  });

  it('answers zeros for an empty catalogue', () => {
    const empty = rankAnalysis(figures, [], [E]);
    expect(empty).toMatchObject({
      totalCards: 0,
      rarityScoreStats: { min: 0, max: 0 },
      rankDistribution: [{ code: 'E', cardCount: 0, percentage: 0 }],
      ownershipAnalysis: { totalOwned: 0, avgOwnershipPerCard: 0 },
    });
  });
});

describe('likes analysis', () => {
  it('counts likes, ranks the most liked (ties by id) and relates likes to owners', () => {
    const result = likesAnalysis(figures, list, [E, D]);
    expect(result).toMatchObject({
      totalLikes: 10,
      cardsWithLikes: 2,
      totalCards: 3,
      averageLikesPerCard: 3.33,
      maxLikes: 5,
    });
    expect(result.topLikedCards).toEqual([
      { id: 2, likes: 5, uniqueOwners: 2, rarityScore: 20, likesPerOwner: 2.5 },
      { id: 3, likes: 5, uniqueOwners: 3, rarityScore: 30, likesPerOwner: 1.67 },
    ]);
    expect(result.rankAnalysis).toEqual([
      { code: 'E', cardCount: 2, averageLikes: 2.5, averageRarityScore: 15, averageOwnership: 1.5 },
      { code: 'D', cardCount: 1, averageLikes: 5, averageRarityScore: 30, averageOwnership: 3 },
    ]);
  });
});
