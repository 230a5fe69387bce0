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

/** A card as the rank updates order it: its new score and what inventory counts of it. */
export interface RankingCard {
  id: number;
  score: number;
  /** Players holding it now, active or not. */
  owners: number;
  /** Copies of it held in all. */
  copies: number;
}

/**
 * A fixed shuffle of card ids (Fibonacci hashing): the last tie-break, so that a tie is not split
 * by the order the cards were added in (one anime's cards all high, the next one's all low).
 */
export const shuffleKey = (id: number): number => Math.imul(id, 0x9e3779b1) >>> 0;

/**
 * The cards' positions from the most common to the rarest (docs/rules.md, ties): by score; among
 * equal scores, more players holding it now (idle ones too) is more common, then more copies,
 * then the fixed shuffle of ids.
 */
export function commonFirst(list: readonly RankingCard[]): number[] {
  return list
    .map((_, i) => i)
    .sort((i, j) => {
      const a = list[i]!;
      const b = list[j]!;
      return (
        a.score - b.score ||
        b.owners - a.owners ||
        b.copies - a.copies ||
        shuffleKey(a.id) - shuffleKey(b.id) ||
        a.id - b.id
      );
    });
}

/** Smart: each rank about half as common as the one below it (E the most common, X the rarest). */
export const smartWeights = (rankCount: number): number[] =>
  Array.from({ length: rankCount }, (_, i) => 2 ** (rankCount - 1 - i));
/** Percentile: every rank an equal share. */
export const evenWeights = (rankCount: number): number[] => Array.from({ length: rankCount }, () => 1);

/**
 * How many of `n` cards each rank gets for its weight: the largest remainders (the lower rank
 * first on equal remainders); while there are at least as many cards as ranks, every rank gets
 * one at least, taken from the largest.
 */
export function shareCounts(n: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (n <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (n * w) / total);
  const counts = exact.map(Math.floor);
  const byRemainder = exact
    .map((_, i) => i)
    .sort((a, b) => exact[b]! - counts[b]! - (exact[a]! - counts[a]!) || a - b);
  const left = n - counts.reduce((a, b) => a + b, 0);
  for (const i of byRemainder.slice(0, left)) counts[i] = counts[i]! + 1;
  if (n >= weights.length)
    for (const [i, count] of counts.entries())
      if (count === 0) {
        const largest = counts.indexOf(Math.max(...counts));
        counts[largest] = counts[largest]! - 1;
        counts[i] = 1;
      }
  return counts;
}

/**
 * Smart and percentile updates: the cards, most common first (commonFirst), fill the ranks from
 * the lowest by their shares (shareCounts), so a tie is split where a share ends. Each rank's
 * threshold is the lowest score among its cards (0 for the lowest rank; an empty rank takes the
 * threshold below it), so thresholds never decrease and every card's score reaches its rank's
 * threshold; two ranks share a threshold where a tie was split between them.
 */
export function splitRanks(
  list: readonly RankingCard[],
  weights: readonly number[],
): { rankOf: number[]; thresholds: number[] } {
  const order = commonFirst(list);
  const counts = shareCounts(list.length, weights);
  const rankOf: number[] = new Array(list.length).fill(0);
  const thresholds: number[] = [];
  let at = 0;
  for (const [r, count] of counts.entries()) {
    const first = order[at];
    const below = thresholds[r - 1] ?? 0;
    thresholds.push(r === 0 ? 0 : count > 0 && first !== undefined ? round2(list[first]!.score) : below);
    for (const i of order.slice(at, at + count)) rankOf[i] = r;
    at += count;
  }
  return { rankOf, thresholds };
}

/** The largest group of cards with one score (2 decimals): its score and size. */
export function largestTie(scores: readonly number[]): { score: number; cards: number } {
  const sizes = new Map<number, number>();
  for (const s of scores) sizes.set(round2(s), (sizes.get(round2(s)) ?? 0) + 1);
  let best = { score: 0, cards: 0 };
  for (const [score, cards] of sizes) if (cards > best.cards) best = { score, cards };
  return best;
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
