import type { Anime } from '@acg/contracts';
import transliterate from '@sindresorhus/transliterate';
import { toRomaji } from 'wanakana';
import { anilistStatus, decoded, type Language, realImage } from '../domain/anime';
import { descriptionFromAnilist, descriptionFromShikimori } from '../domain/descriptions';
import type { AnilistMedia } from '../sources/anilist';
import type { ShikimoriAnimeDetail, ShikimoriAnimeItem } from '../sources/shikimori';

/** What the index keeps of each site's answer: decoded text, absolute URLs, no placeholder posters. */
export interface IndexedShikimori {
  id: number;
  name: string;
  russian: string | null;
  english?: string[];
  japanese?: string[];
  synonyms?: string[];
  kind: string | null;
  year: number | null;
  status: string | null;
  episodes: number | null;
  score: number | null;
  poster: string | null;
  url: string | null;
  description?: string | null;
  genres?: Array<{ name: string; russian: string | null }>;
}

export interface IndexedAnilist {
  id: number;
  idMal: number | null;
  romaji: string | null;
  english: string | null;
  native: string | null;
  synonyms?: string[];
  format: string | null;
  year: number | null;
  status: string | null;
  episodes: number | null;
  /** Out of 100, as AniList gives it. */
  score: number | null;
  popularity: number | null;
  cover: string | null;
  url: string | null;
  description?: string | null;
  genres?: string[];
}

export { decoded };

const texts = (list: ReadonlyArray<string | null> | null | undefined): string[] =>
  (list ?? []).map(decoded).filter((t): t is string => t !== null);
const positive = (n: number | null | undefined) => (typeof n === 'number' && n > 0 ? n : null);
const yearOf = (date: string | null | undefined) => {
  const year = Number(date?.slice(0, 4));
  return Number.isInteger(year) && year > 1900 ? year : null;
};

/** A Shikimori list item or detail as the index keeps it (`absolute` resolves the site's paths). */
export function indexedShikimori(
  a: ShikimoriAnimeItem | ShikimoriAnimeDetail,
  absolute: (path: string | null | undefined) => string | null,
): IndexedShikimori {
  const score = typeof a.score === 'string' ? Number.parseFloat(a.score) : a.score;
  const record: IndexedShikimori = {
    id: a.id,
    name: decoded(a.name) ?? String(a.id),
    russian: decoded(a.russian),
    kind: a.kind,
    year: yearOf(a.aired_on),
    status: a.status,
    episodes: positive(a.episodes) ?? positive(a.episodes_aired),
    score: positive(score),
    // Shikimori's "missing" placeholder is no poster: stored as missing, the other site's cover stands in.
    poster: realImage(absolute(a.image?.original ?? a.image?.preview)),
    url: absolute(a.url),
  };
  if ('genres' in a) {
    const d = a as ShikimoriAnimeDetail & { synonyms?: Array<string | null> | null };
    Object.assign(record, {
      english: texts(d.english),
      japanese: texts(d.japanese),
      synonyms: texts(d.synonyms),
      description: descriptionFromShikimori(d.description),
      genres: (d.genres ?? []).map((g) => ({ name: g.name, russian: g.russian ?? null })),
    });
  }
  return record;
}

/** An AniList media as the index keeps it; `detail` when it carries description and genres. */
export function indexedAnilist(m: AnilistMedia, detail: boolean): IndexedAnilist {
  const record: IndexedAnilist = {
    id: m.id,
    idMal: m.idMal,
    romaji: decoded(m.title?.romaji),
    english: decoded(m.title?.english),
    native: decoded(m.title?.native),
    format: m.format ?? null,
    year: m.startDate?.year ?? null,
    status: anilistStatus(m.status),
    episodes: positive(m.episodes),
    score: positive(m.averageScore),
    popularity: m.popularity ?? null,
    cover: m.coverImage?.extraLarge ?? m.coverImage?.large ?? m.coverImage?.medium ?? null,
    url: m.siteUrl,
    synonyms: texts(m.synonyms),
  };
  if (detail)
    Object.assign(record, {
      description: descriptionFromAnilist(m.description),
      genres: (m.genres ?? []).filter((g): g is string => !!g),
    });
  return record;
}

/** The index key joining both sites' entries of one anime (see db/schema.ts). */
export const keyOfShikimori = (id: number) => `mal:${id}`;
export const keyOfAnilist = (m: { id: number; idMal: number | null }) =>
  m.idMal !== null ? `mal:${m.idMal}` : `al:${m.id}`;

/** Cyrillic (and Latin with accents) in Latin letters, kana in romaji; kanji stay as they are. */
export function latin(text: string): string {
  return transliterate(toRomaji(text.normalize('NFKC')));
}

/** Every title the index searches an anime by: each language, synonyms, and their Latin forms. */
export function titlesOf(s: IndexedShikimori | null, a: IndexedAnilist | null): string[] {
  const titles = [
    s?.name,
    s?.russian,
    ...(s?.english ?? []),
    ...(s?.japanese ?? []),
    ...(s?.synonyms ?? []),
    a?.romaji,
    a?.english,
    a?.native,
    ...(a?.synonyms ?? []),
  ]
    .filter((t): t is string => !!t)
    .map((t) => t.normalize('NFKC').trim())
    .filter((t) => t !== '');
  const all = new Set(titles);
  for (const t of titles) {
    const l = latin(t).trim();
    if (l !== '' && l !== t) all.add(l);
  }
  return [...all];
}

/** An indexed anime as the member pages show it, in the reader's language. */
export function toAnime(s: IndexedShikimori | null, a: IndexedAnilist | null, language: Language): Anime {
  const sources: Anime['sources'] = [];
  if (s) sources.push('shikimori');
  if (a) sources.push('anilist');
  const anilistTitle = a?.romaji ?? a?.english ?? a?.native ?? `AniList ${a?.id}`;
  const english = s?.english?.[0] ?? a?.english ?? null;
  const pageId = s ? String(s.id) : a?.idMal != null ? String(a.idMal) : `al-${a?.id}`;
  const genres = s?.genres?.length
    ? s.genres.map((g) => (language === 'ru' && g.russian ? g.russian : g.name))
    : (a?.genres ?? []);
  return {
    id: pageId,
    title: s ? (language === 'ru' && s.russian ? s.russian : s.name) : anilistTitle,
    englishTitle: english ?? (s && language === 'ru' ? s.name : null),
    image: s?.poster ?? a?.cover ?? null,
    rating: s?.score ?? (a?.score ? a.score / 10 : null),
    episodes: s?.episodes ?? a?.episodes ?? null,
    status: s?.status ?? a?.status ?? null,
    url: s?.url ?? a?.url ?? null,
    description: s?.description ?? a?.description ?? null,
    genres,
    source: s ? 'shikimori' : 'anilist',
    sources,
  };
}
