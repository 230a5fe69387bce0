import { distance } from 'fastest-levenshtein';

const normalize = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const words = (s: string) => new Set(s.split(' ').filter(Boolean));

/**
 * Title similarity from 0 to 1, as the admin screens match names (requirements C6): identical after
 * normalising, or the same set of words, is 1; otherwise the larger of the word overlap
 * (Jaccard) and the edit-distance similarity (Levenshtein, fastest-levenshtein).
 */
export function titleSimilarity(a: string, b: string): number {
  const x = normalize(a);
  const y = normalize(b);
  if (x === '' || y === '') return 0;
  if (x === y) return 1;
  const wx = words(x);
  const wy = words(y);
  const shared = [...wx].filter((w) => wy.has(w)).length;
  const union = new Set([...wx, ...wy]).size;
  if (shared === wx.size && shared === wy.size) return 1;
  const jaccard = union === 0 ? 0 : shared / union;
  const edit = 1 - distance(x, y) / Math.max(x.length, y.length);
  return Math.max(jaccard, edit);
}

/** The best similarity over every pair of title variants (null and empty ones skipped). */
export function bestSimilarity(
  left: ReadonlyArray<string | null>,
  right: ReadonlyArray<string | null>,
): number {
  let best = 0;
  for (const a of left) for (const b of right) if (a && b) best = Math.max(best, titleSimilarity(a, b));
  return best;
}
