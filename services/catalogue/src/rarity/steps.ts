import { percentileThresholds, rankFor, rarityScore, round2, smartThresholds } from './formulas';
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

/**
 * Step 3, choose thresholds: with `smart` or `percentile`, each rank's new threshold from the new
 * scores (lowest rank first); with `scores`, none (the ranks stay as they are).
 */
export function chooseThresholds(
  method: RarityMethod,
  scores: readonly number[],
  rankList: readonly RankRow[],
): Array<{ id: number; threshold: number }> {
  if (method === 'scores' || rankList.length === 0) return [];
  const values =
    method === 'smart'
      ? smartThresholds(scores, rankList.length)
      : percentileThresholds(scores, rankList.length);
  return rankList.map((r, i) => ({ id: r.id, threshold: values[i]! }));
}

/** Step 4, assign ranks: every card whose score reaches another rank under the new thresholds. */
export function assignRanks(
  list: readonly CardRow[],
  scores: readonly number[],
  rankList: readonly RankRow[],
  thresholds: ReadonlyArray<{ id: number; threshold: number }>,
): Array<{ id: number; rankId: number }> {
  if (thresholds.length === 0) return [];
  const newThreshold = new Map(thresholds.map((t) => [t.id, t.threshold]));
  const withNew = rankList.map((r) => ({ ...r, threshold: newThreshold.get(r.id) ?? r.threshold }));
  return list.flatMap((c, i) => {
    const target = rankFor(scores[i]!, withNew);
    return target && target.id !== c.rankId ? [{ id: c.id, rankId: target.id }] : [];
  });
}
