import { correlation, likeBuckets, mean, median, round2 } from './formulas';
import type { CardFigures, CardRow, RankRow } from './inputs';

/** The positions in `list` of the cards of a rank. */
const positionsOf = (list: readonly CardRow[], rankId: number) =>
  list.flatMap((c, i) => (c.rankId === rankId ? [i] : []));

/** Rank analysis (requirements C3), 2 decimals: score statistics, cards per rank, ownership. */
export function rankAnalysis(figures: CardFigures, list: readonly CardRow[], rankList: readonly RankRow[]) {
  const scores = list.map((c) => c.rarityScore);
  const owners = list.map((c) => figures.owners[c.id] ?? 0);
  const totalOwned = owners.reduce((a, b) => a + b, 0);
  return {
    totalCards: list.length,
    rarityScoreStats: {
      mean: round2(mean(scores)),
      median: round2(median(scores)),
      min: round2(scores.length ? Math.min(...scores) : 0),
      max: round2(scores.length ? Math.max(...scores) : 0),
    },
    rankDistribution: rankList.map((r) => {
      const mine = positionsOf(list, r.id);
      return {
        code: r.code,
        title: r.title,
        threshold: r.threshold,
        cardCount: mine.length,
        percentage: list.length ? round2((100 * mine.length) / list.length) : 0,
        avgOwnership: round2(mean(mine.map((i) => owners[i]!))),
      };
    }),
    ownershipAnalysis: {
      totalOwned,
      avgOwnershipPerCard: list.length ? round2(totalOwned / list.length) : 0,
      correlation: correlation(scores, owners),
    },
  };
}

/** Likes analysis (requirements C3), 2 decimals, top 10 liked. */
export function likesAnalysis(figures: CardFigures, list: readonly CardRow[], rankList: readonly RankRow[]) {
  const likes = list.map((c) => figures.likes[c.id] ?? 0);
  const owners = list.map((c) => figures.owners[c.id] ?? 0);
  const scores = list.map((c) => c.rarityScore);
  const totalLikes = likes.reduce((a, b) => a + b, 0);
  const top = list
    .map((c, i) => ({
      id: c.id,
      likes: likes[i]!,
      uniqueOwners: owners[i]!,
      rarityScore: round2(scores[i]!),
    }))
    .filter((c) => c.likes > 0)
    .sort((a, b) => b.likes - a.likes || a.id - b.id)
    .slice(0, 10)
    .map((c) => ({ ...c, likesPerOwner: c.uniqueOwners ? round2(c.likes / c.uniqueOwners) : c.likes }));
  return {
    totalLikes,
    cardsWithLikes: likes.filter((n) => n > 0).length,
    totalCards: list.length,
    averageLikesPerCard: list.length ? round2(totalLikes / list.length) : 0,
    maxLikes: likes.length ? Math.max(...likes) : 0,
    likeDistribution: likeBuckets(likes),
    correlationAnalysis: {
      likesVsRarityScore: correlation(likes, scores),
      likesVsOwnership: correlation(likes, owners),
      rarityScoreVsOwnership: correlation(scores, owners),
    },
    topLikedCards: top,
    rankAnalysis: rankList.map((r) => {
      const mine = positionsOf(list, r.id);
      return {
        code: r.code,
        cardCount: mine.length,
        averageLikes: round2(mean(mine.map((i) => likes[i]!))),
        averageRarityScore: round2(mean(mine.map((i) => scores[i]!))),
        averageOwnership: round2(mean(mine.map((i) => owners[i]!))),
      };
    }),
  };
}
