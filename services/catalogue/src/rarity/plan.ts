import { createHash } from 'node:crypto';
import { forceFix } from './formulas';
import type { CardRow, RankRow } from './inputs';
import type { RarityMethod } from './steps';

/** The rank updates an administrator previews, applies and may undo. */
export type RankUpdate = 'smart' | 'percentile' | 'force-fix';
export const RANK_UPDATES: readonly RankUpdate[] = ['smart', 'percentile', 'force-fix'];
export const isRankUpdate = (v: unknown): v is RankUpdate => RANK_UPDATES.includes(v as RankUpdate);

/**
 * What a run or a rank update would write, computed from the catalogue and inventory as they are
 * now, without writing: the new scores of the cards whose score changes, every rank's new
 * threshold, and the cards whose rank changes. `scores` are all the cards' scores after it, in
 * the order of `list`.
 */
export interface Plan {
  method: RarityMethod | 'force-fix';
  list: CardRow[];
  rankList: RankRow[];
  scores: number[];
  changedScores: Array<{ id: number; score: number }>;
  thresholds: Array<{ id: number; threshold: number }>;
  rankChanges: Array<{ id: number; rankId: number }>;
  /** Force-fix: how many distinct scores the cards have. */
  uniqueScores?: number;
}

/** Force-fix (requirements C2.7): the thresholds strictly increasing over the scores that exist; no card moves. */
export function forceFixPlan(list: CardRow[], rankList: RankRow[]): Plan {
  const scores = list.map((c) => c.rarityScore);
  const fixed = forceFix(
    rankList.map((r) => r.threshold),
    scores,
  );
  return {
    method: 'force-fix',
    list,
    rankList,
    scores,
    changedScores: [],
    thresholds: rankList.map((r, i) => ({ id: r.id, threshold: fixed.thresholds[i]! })),
    rankChanges: [],
    uniqueScores: fixed.uniqueScores,
  };
}

/**
 * The preview's token: a digest of what the plan would write and of what it writes over (the
 * thresholds and the moved cards' ranks now). Applying with a token computes the plan again and
 * writes only when the token is the same, so what is applied is what the administrator saw.
 */
export function tokenOf(plan: Plan): string {
  const rankNow = new Map(plan.list.map((c) => [c.id, c.rankId]));
  return createHash('sha256')
    .update(
      JSON.stringify([
        plan.method,
        plan.rankList.map((r) => [r.id, r.threshold]),
        plan.thresholds.map((t) => [t.id, t.threshold]),
        plan.changedScores.map((c) => [c.id, c.score]),
        plan.rankChanges.map((c) => [c.id, rankNow.get(c.id), c.rankId]),
      ]),
    )
    .digest('base64url');
}
