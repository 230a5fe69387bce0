/**
 * Name matching of the character import (requirements C4, C5): AniList characters against Shikimori
 * characters of the same anime.
 */

export const AUTO_MATCH_THRESHOLD = 0.7;

const normalize = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
const words = (s: string) =>
  normalize(s)
    .split(/[\s,.\-·・'"()]+/u)
    .filter(Boolean);
const compact = (s: string) => normalize(s).replace(/[\s・·]/gu, '');

/** Levenshtein distance over code points. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= y.length; j++) {
      row[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    }
    prev = row;
  }
  return prev[y.length] ?? 0;
}

/** 1 − distance / longer length, over the normalized texts. */
export function editSimilarity(a: string, b: string): number {
  const x = normalize(a);
  const y = normalize(b);
  const longest = Math.max([...x].length, [...y].length);
  return longest === 0 ? 1 : 1 - editDistance(x, y) / longest;
}

/** Word overlap: |A ∩ B| / |A ∪ B| of the word sets. */
export function jaccard(a: string, b: string): number {
  const x = new Set(words(a));
  const y = new Set(words(b));
  if (x.size === 0 && y.size === 0) return 1;
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared / (x.size + y.size - shared);
}

const sameWordSet = (a: string, b: string) => {
  const x = new Set(words(a));
  const y = new Set(words(b));
  return x.size > 0 && x.size === y.size && [...x].every((w) => y.has(w));
};

/**
 * The similarity of two names, 0..1: identical after trim and lowercase → 1; the same set of
 * words (any order) → 1; otherwise the larger of the Jaccard word overlap and the edit-distance
 * similarity.
 */
export function nameSimilarity(a: string, b: string): number {
  if (!a.trim() || !b.trim()) return 0;
  if (normalize(a) === normalize(b)) return 1;
  if (sameWordSet(a, b)) return 1;
  return Math.max(jaccard(a, b), editSimilarity(a, b));
}

export interface AnilistCharacter {
  anilistId: number;
  name: string;
  altname: string | null;
  alternative: string[];
  alternativeSpoiler: string[];
  full: string | null;
  userPreferred: string | null;
  first: string | null;
  last: string | null;
  native: string | null;
  image: string | null;
  description: string | null;
}
export interface ShikimoriCharacter {
  shikimoriId: number;
  name: string;
  altname: string | null;
  japanese: string | null;
  url: string | null;
}

const splitNames = (s: string | null | undefined) =>
  (s ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);

/**
 * Every name an AniList character goes by (name, full, preferred, alternatives). AniList's
 * `altname` is its alternatives joined with commas: it is read only when the list is absent, so
 * an alternative holding a comma ("Spike, the Cowboy") is not listed again as its parts.
 */
export const anilistNames = (c: AnilistCharacter): string[] =>
  dedupe([
    c.name,
    c.full ?? '',
    c.userPreferred ?? '',
    ...(c.alternative.length > 0 ? c.alternative : splitNames(c.altname)),
    ...(c.first && c.last ? [`${c.first} ${c.last}`] : []),
  ]);
/** Every name a Shikimori character goes by (name and the comma-separated altname). */
export const shikimoriNames = (c: ShikimoriCharacter): string[] => dedupe([c.name, ...splitNames(c.altname)]);

/** Case-insensitive de-duplication, first spelling kept, blanks dropped. */
export function dedupe(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const n of names) {
    const t = n.trim();
    if (!t || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out;
}

/** A shared Japanese name: AniList's native name equals Shikimori's japanese (spaces aside). */
export const sharesJapanese = (a: AnilistCharacter, s: ShikimoriCharacter): boolean =>
  !!a.native?.trim() && !!s.japanese?.trim() && compact(a.native) === compact(s.japanese);

/** The similarity of two characters: 1 for a shared Japanese name, else the best over their names. */
export function characterSimilarity(a: AnilistCharacter, s: ShikimoriCharacter): number {
  if (sharesJapanese(a, s)) return 1;
  let best = 0;
  for (const x of anilistNames(a))
    for (const y of shikimoriNames(s)) {
      best = Math.max(best, nameSimilarity(x, y));
      if (best === 1) return 1;
    }
  return best;
}

export interface Match {
  shikimoriId: number;
  score: number;
}

/**
 * Automatic matches: every pair at or above the threshold, best first, each Shikimori character
 * given to one AniList character at most (requirements C5: an id used by one row is not offered to
 * another).
 */
export function autoMatch(
  anilist: readonly AnilistCharacter[],
  shikimori: readonly ShikimoriCharacter[],
  threshold = AUTO_MATCH_THRESHOLD,
): Map<number, Match> {
  const pairs: { a: number; s: number; score: number }[] = [];
  for (const a of anilist)
    for (const s of shikimori) {
      const score = characterSimilarity(a, s);
      if (score >= threshold) pairs.push({ a: a.anilistId, s: s.shikimoriId, score });
    }
  pairs.sort((x, y) => y.score - x.score || x.a - y.a || x.s - y.s);
  const out = new Map<number, Match>();
  const used = new Set<number>();
  for (const p of pairs) {
    if (out.has(p.a) || used.has(p.s)) continue;
    out.set(p.a, { shikimoriId: p.s, score: p.score });
    used.add(p.s);
  }
  return out;
}

export interface ImportItem {
  name: string;
  anilistId: number;
  shikimoriId?: number;
  altname: string;
  imageUrl: string | null;
  description: string | null;
  /** The catalogue character this row is linked to instead of creating one (issue 28). */
  linkTo?: number;
}

/** The import item (requirements C3): altname merges every name variant of both, de-duplicated, comma-joined. */
export function importItem(a: AnilistCharacter, s: ShikimoriCharacter | undefined): ImportItem {
  const variants = dedupe([
    ...anilistNames(a),
    ...(a.native ? [a.native] : []),
    ...(s ? shikimoriNames(s) : []),
    ...(s?.japanese ? [s.japanese] : []),
  ]).filter((n) => n.toLowerCase() !== a.name.trim().toLowerCase());
  return {
    name: a.name.trim(),
    anilistId: a.anilistId,
    ...(s ? { shikimoriId: s.shikimoriId } : {}),
    altname: variants.join(', '),
    imageUrl: a.image,
    description: a.description,
  };
}

/** Splits a list into batches (requirements C9: 50 characters per import call). */
export const batches = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
