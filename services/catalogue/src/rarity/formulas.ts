/**
 * Rarity and rank formulas (docs/rules.md §37). Pure functions over plain numbers, so each rule
 * has a unit test; the recalculation job feeds them the inventory's per-card figures.
 */

export const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A card's rarityScore, 0–100, higher is rarer: 100 × (1 − (a + 1) / (P + 2)) where `a` is the
 * number of active players holding it and `P` the number of active players. Only active,
 * distinct players count (an abandoned account or a pile of copies does not make a card
 * common); the +1/+2 (Laplace) keeps a card nobody holds below 100 and a tiny game from
 * swinging to the extremes.
 */
export function rarityScore(activeOwners: number, activePlayers: number): number {
  const a = Math.max(0, Math.min(activeOwners, activePlayers));
  return round2(100 * (1 - (a + 1) / (Math.max(0, activePlayers) + 2)));
}

export interface RankThreshold {
  id: number;
  code: string;
  /** Ranks sorted by this, E (lowest) first. */
  sortOrder: number;
  threshold: number | null;
}

/** The highest rank whose threshold the score reaches; undefined when no rank has a threshold. */
export function rankFor(score: number, ranks: readonly RankThreshold[]): RankThreshold | undefined {
  let best: RankThreshold | undefined;
  for (const rank of [...ranks].sort((a, b) => a.sortOrder - b.sortOrder))
    if (rank.threshold !== null && score >= rank.threshold) best = rank;
  return best;
}

/**
 * The threshold that leaves about `share` of the cards below it: the first score above the
 * card at that share, so cards with equal scores stay together in one rank (a tie never splits,
 * and when every card scores the same, no card climbs). Past the highest score: unreachable.
 */
export function cutAt(sorted: readonly number[], share: number): number {
  const n = sorted.length;
  if (n === 0) return 0;
  const idx = Math.ceil(share * n);
  if (idx <= 0) return sorted[0]!;
  const below = sorted[Math.min(idx, n) - 1]!;
  const next = sorted.find((s, j) => j >= idx && s > below);
  return round2(next ?? below + 0.01);
}

/**
 * Percentile thresholds: the k ranks split the cards into k about equal shares by score; the
 * lowest rank starts at 0.
 */
export function percentileThresholds(scores: readonly number[], rankCount: number): number[] {
  const sorted = [...scores].sort((a, b) => a - b);
  const raw = Array.from({ length: rankCount }, (_, i) => (i === 0 ? 0 : cutAt(sorted, i / rankCount)));
  return forceFix(raw, scores).thresholds;
}

/**
 * Smart thresholds: each rank is about half as common as the one below it (E the most common,
 * X the rarest), which is what a collectible game needs; then made strictly increasing over the
 * scores that exist (forceFix), so no rank is left unreachable while cards differ.
 */
export function smartThresholds(scores: readonly number[], rankCount: number): number[] {
  const weights = Array.from({ length: rankCount }, (_, i) => 2 ** (rankCount - 1 - i));
  const total = weights.reduce((a, b) => a + b, 0);
  const sorted = [...scores].sort((a, b) => a - b);
  let cumulative = 0;
  const thresholds = weights.map((w, i) => {
    const at = i === 0 ? 0 : cutAt(sorted, cumulative / total);
    cumulative += w;
    return at;
  });
  return forceFix(thresholds, scores).thresholds;
}

/**
 * Thresholds made strictly increasing from the lowest rank up: a threshold not above the one
 * below it moves to the next score that exists above that one (or the one below + 0.01 when no
 * card scores higher). `uniqueScores` is how many distinct scores the cards have.
 */
export function forceFix(
  thresholds: ReadonlyArray<number | null>,
  scores: readonly number[],
): { thresholds: number[]; uniqueScores: number } {
  const unique = [...new Set(scores.map(round2))].sort((a, b) => a - b);
  const out: number[] = [];
  for (const [i, t] of thresholds.entries()) {
    const previous = out[i - 1];
    let value = t ?? (previous === undefined ? 0 : previous);
    if (previous !== undefined && value <= previous) {
      const next = unique.find((s) => s > previous);
      value = next ?? round2(previous + 0.01);
    }
    out.push(round2(Math.max(0, value)));
  }
  return { thresholds: out, uniqueScores: unique.length };
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Pearson's correlation, 2 decimals; 0 when either side does not vary. */
export function correlation(xs: readonly number[], ys: readonly number[]): number {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return 0;
  const mx = mean(xs.slice(0, n));
  const my = mean(ys.slice(0, n));
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? 0 : round2(sxy / Math.sqrt(sxx * syy));
}

/** The likes buckets of requirements C9: 0, 1–5, 6–20, 21–50, over 50. */
export function likeBuckets(likes: readonly number[]) {
  const b = { noLikes: 0, lowLikes: 0, mediumLikes: 0, highLikes: 0, veryHighLikes: 0 };
  for (const n of likes) {
    if (n <= 0) b.noLikes++;
    else if (n <= 5) b.lowLikes++;
    else if (n <= 20) b.mediumLikes++;
    else if (n <= 50) b.highLikes++;
    else b.veryHighLikes++;
  }
  return b;
}
