import { evenWeights, rarityScore, round2, smartWeights, splitRanks } from './formulas';
import type { CardRow, RankRow } from './inputs';

export type RarityMethod = 'scores' | 'smart' | 'percentile';

/**
 * Step 2, compute scores: every card's score from the active players holding it, and the cards
 * whose stored score (to 2 decimals) differs from it.
 */
export function scoreCards(
  list: readonly CardRow[],
  activeOwners: ArrayLike<number>,
  activePlayers: number,
): { scores: number[]; changed: Array<{ id: number; score: number }> } {
  const scores = list.map((c) => rarityScore(activeOwners[c.id] ?? 0, activePlayers));
  const changed = list.flatMap((c, i) =>
    round2(c.rarityScore) === scores[i] ? [] : [{ id: c.id, score: scores[i]! }],
  );
  return { scores, changed };
}

/** What inventory counts of each card besides its active owners (indexed by card id). */
export interface TieFigures {
  owners: ArrayLike<number>;
  copies: ArrayLike<number>;
}

/**
 * Steps 3 and 4, choose thresholds and assign ranks: with `smart` or `percentile`, the cards fill
 * the ranks by their shares, most common first (splitRanks: a tie is split where a share ends),
 * each rank's threshold the lowest score in it; the cards whose rank changes. With `scores`, or
 * without ranks, nothing (the ranks stay as they are).
 */
export function planRanks(
  method: RarityMethod,
  list: readonly CardRow[],
  scores: readonly number[],
  figures: TieFigures,
  rankList: readonly RankRow[],
): {
  thresholds: Array<{ id: number; threshold: number }>;
  rankChanges: Array<{ id: number; rankId: number }>;
} {
  if (method === 'scores' || rankList.length === 0) return { thresholds: [], rankChanges: [] };
  const weights = method === 'smart' ? smartWeights(rankList.length) : evenWeights(rankList.length);
  const ranking = list.map((c, i) => ({
    id: c.id,
    score: scores[i]!,
    owners: figures.owners[c.id] ?? 0,
    copies: figures.copies[c.id] ?? 0,
  }));
  const { rankOf, thresholds } = splitRanks(ranking, weights);
  return {
    thresholds: rankList.map((r, i) => ({ id: r.id, threshold: thresholds[i]! })),
    rankChanges: list.flatMap((c, i) => {
      const target = rankList[rankOf[i]!]!;
      return target.id !== c.rankId ? [{ id: c.id, rankId: target.id }] : [];
    }),
  };
}
