import transliterate from '@sindresorhus/transliterate';
import { distance } from 'fastest-levenshtein';

/**
 * Matching import rows against the catalogue's characters (issue 28): by either site's id, else
 * by every name both sides go by, normalised so that spellings of one name meet: case, spaces
 * and punctuation, Cyrillic and accented letters in Latin (`Эйн` → `ein`, `Ōkami` → `okami`),
 * Japanese long vowels written either way (`ou`, `oo`, `ō`, `uu`), `y`/`i`, `j`/`dz`, doubled letters.
 */

/** A name match below this is not offered. */
export const NAME_MATCH_THRESHOLD = 0.8;
/** Characters of other anime need a closer name: a shared first name is not the same person. */
export const OTHER_ANIME_THRESHOLD = 0.9;
/** Fuzzy comparisons against other anime's characters per row (those sharing a word with it). */
const MAX_FUZZY_OTHERS = 300;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The words of a name as matching compares them. */
export function nameWords(name: string): string[] {
  const text = name.normalize('NFKC').trim();
  if (!text) return [];
  // Japanese script is compared as written (without spaces and middle dots): it has one spelling.
  if (CJK.test(text)) {
    const compact = text.replace(/[\s・·=＝]/gu, '').toLowerCase();
    return compact ? [compact] : [];
  }
  return transliterate(text)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(foldWord)
    .filter(Boolean);
}

/** One Latin word with the spelling differences of romanised Japanese and Russian folded away. */
function foldWord(word: string): string {
  return word
    .replace(/y/g, 'i')
    .replace(/dz|j/g, 'z')
    .replace(/sh/g, 's')
    .replace(/ou/g, 'o')
    .replace(/oh(?=[^aeiou]|$)/g, 'o')
    .replace(/(.)\1+/g, '$1');
}

/** A name's key: its folded words in order, joined. Equal keys are the same name. */
export const nameKey = (name: string): string => nameWords(name).join(' ');

/** 0..1: equal keys or the same words in any order → 1, else the better of word overlap and edit similarity. */
export function nameScore(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const x = a.join(' ');
  const y = b.join(' ');
  if (x === y) return 1;
  const setA = new Set(a);
  const setB = new Set(b);
  const shared = [...setA].filter((w) => setB.has(w)).length;
  if (shared === setA.size && shared === setB.size) return 1;
  const overlap = shared / (setA.size + setB.size - shared);
  const cx = a.join('');
  const cy = b.join('');
  const edit = 1 - distance(cx, cy) / Math.max(cx.length, cy.length);
  return Math.max(overlap, edit);
}

/**
 * Every name a stored character goes by: its name, each comma-separated part of `altname`, and
 * the whole `altname` too (a name may itself hold a comma).
 */
export function storedNames(name: string, altname: string | null): string[] {
  const parts = (altname ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return [name, ...parts, ...(parts.length > 1 ? [altname!.trim()] : [])];
}

/** How alternative names are told apart: as written, case and spacing aside (other scripts stay). */
const listedKey = (n: string) => n.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The de-duplicated alternative names of a character: `existing` (the stored comma-joined list)
 * with `more` added where a name is not there yet (case and spacing aside), so `Spike, the
 * Cowboy` does not land twice, nor as its parts beside itself. The character's own name is never
 * listed as an alternative. Answers the comma-joined list, or null when empty.
 */
export function mergeAltnames(name: string, existing: string | null, more: readonly string[]): string | null {
  const taken = new Set([listedKey(name)]);
  const out: string[] = [];
  const add = (n: string) => {
    const t = n.trim();
    const key = listedKey(t);
    if (!t || taken.has(key)) return;
    // A name holding a comma is stored as its parts: the parts count as taken too.
    const parts = t.split(',').map(listedKey);
    if (parts.length > 1 && parts.every((p) => !p || taken.has(p))) return;
    taken.add(key);
    for (const p of parts) if (p) taken.add(p);
    out.push(t);
  };
  const stored = existing?.trim() ?? '';
  if (stored) for (const part of stored.split(',')) add(part);
  for (const n of more) add(n);
  return out.length > 0 ? out.join(', ') : null;
}

export interface StoredCharacter {
  id: number;
  name: string;
  altname: string | null;
  anilistId: number | null;
  shikimoriId: number | null;
}
export interface Candidate {
  anilistId: number;
  shikimoriId?: number | undefined;
  names: readonly string[];
}
export interface CharacterMatch {
  anilistId: number;
  character: Pick<StoredCharacter, 'id' | 'name' | 'anilistId' | 'shikimoriId'>;
  /** 0..1 */
  score: number;
  by: 'anilistId' | 'shikimoriId' | 'name';
  inAnime: boolean;
}

interface Indexed {
  character: StoredCharacter;
  names: string[][];
  inAnime: boolean;
}

/** The catalogue indexed for matching: by site ids, by name key and by word. */
export class CharacterIndex {
  private readonly byAnilist = new Map<number, Indexed>();
  private readonly byShikimori = new Map<number, Indexed>();
  private readonly byKey = new Map<string, Indexed[]>();
  private readonly byWord = new Map<string, Indexed[]>();
  private readonly ofAnime: Indexed[] = [];

  constructor(characters: readonly StoredCharacter[], animeCharacterIds: ReadonlySet<number>) {
    for (const character of characters) {
      const names = storedNames(character.name, character.altname)
        .map(nameWords)
        .filter((w) => w.length > 0);
      const entry: Indexed = { character, names, inAnime: animeCharacterIds.has(character.id) };
      if (character.anilistId !== null) this.byAnilist.set(character.anilistId, entry);
      if (character.shikimoriId !== null) this.byShikimori.set(character.shikimoriId, entry);
      if (entry.inAnime) this.ofAnime.push(entry);
      for (const words of names) {
        push(this.byKey, words.join(' '), entry);
        for (const w of new Set(words)) push(this.byWord, w, entry);
      }
    }
  }

  /** The best stored character for one row, or undefined when none is close enough. */
  match(candidate: Candidate): Omit<CharacterMatch, 'anilistId'> | undefined {
    const byId = this.byAnilist.get(candidate.anilistId);
    if (byId) return found(byId, 1, 'anilistId');
    const byShiki = candidate.shikimoriId ? this.byShikimori.get(candidate.shikimoriId) : undefined;
    if (byShiki && (byShiki.character.anilistId ?? candidate.anilistId) === candidate.anilistId)
      return found(byShiki, 1, 'shikimoriId');
    return this.matchByName(candidate);
  }

  private matchByName(candidate: Candidate) {
    const words = candidate.names.map(nameWords).filter((w) => w.length > 0);
    const pool = new Set<Indexed>(this.ofAnime);
    for (const w of words) for (const e of this.byKey.get(w.join(' ')) ?? []) pool.add(e);
    // Others sharing a word with the row, rarest words first, up to a bound.
    const shared = [...new Set(words.flat())]
      .map((w) => this.byWord.get(w) ?? [])
      .sort((x, y) => x.length - y.length);
    let others = 0;
    for (const list of shared)
      for (const e of list) {
        if (others >= MAX_FUZZY_OTHERS) break;
        if (!pool.has(e)) {
          pool.add(e);
          others++;
        }
      }
    let best: { entry: Indexed; score: number } | undefined;
    for (const entry of pool) {
      if (!compatible(entry.character, candidate)) continue;
      const score = bestScore(words, entry.names);
      const needed = entry.inAnime ? NAME_MATCH_THRESHOLD : OTHER_ANIME_THRESHOLD;
      if (score < needed) continue;
      // Ties go to the anime's own character, then to the older row.
      if (
        !best ||
        score > best.score ||
        (score === best.score && entry.inAnime && !best.entry.inAnime) ||
        (score === best.score &&
          entry.inAnime === best.entry.inAnime &&
          entry.character.id < best.entry.character.id)
      )
        best = { entry, score };
    }
    return best ? found(best.entry, best.score, 'name') : undefined;
  }
}

/** A stored character holding another id of the same site is another character. */
const compatible = (c: StoredCharacter, candidate: Candidate) =>
  (c.anilistId === null || c.anilistId === candidate.anilistId) &&
  (c.shikimoriId === null || !candidate.shikimoriId || c.shikimoriId === candidate.shikimoriId);

function bestScore(a: readonly string[][], b: readonly string[][]): number {
  let best = 0;
  for (const x of a)
    for (const y of b) {
      best = Math.max(best, nameScore(x, y));
      if (best === 1) return 1;
    }
  return best;
}

const found = (e: Indexed, score: number, by: CharacterMatch['by']) => ({
  character: {
    id: e.character.id,
    name: e.character.name,
    anilistId: e.character.anilistId,
    shikimoriId: e.character.shikimoriId,
  },
  score,
  by,
  inAnime: e.inAnime,
});

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Matches for every row, each stored character given to one row at most (the best-scoring row
 * keeps it; the others are offered as new).
 */
export function matchCandidates(index: CharacterIndex, candidates: readonly Candidate[]): CharacterMatch[] {
  const all = candidates
    .map((c) => {
      const m = index.match(c);
      return m ? { ...m, anilistId: c.anilistId } : undefined;
    })
    .filter((m): m is CharacterMatch => m !== undefined)
    .sort((x, y) => y.score - x.score || x.anilistId - y.anilistId);
  const used = new Set<number>();
  const out: CharacterMatch[] = [];
  for (const m of all) {
    if (used.has(m.character.id)) continue;
    used.add(m.character.id);
    out.push(m);
  }
  return out.sort((x, y) => x.anilistId - y.anilistId);
}
