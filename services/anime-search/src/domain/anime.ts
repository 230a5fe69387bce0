import type { Anime } from '@acg/contracts';
import { decodeHTML } from 'entities';
import type { AnilistMedia } from '../sources/anilist';
import type { ShikimoriAnimeDetail, ShikimoriAnimeItem } from '../sources/shikimori';
import { descriptionFromAnilist, descriptionFromShikimori } from './descriptions';

export type Language = 'en' | 'ru';

/**
 * Text as it is shown and kept: HTML entities decoded (Shikimori sends `&nbsp;`, `&amp;` and
 * `&quot;`), the no-break space and other odd spacing as plain spaces, trimmed; empty is null.
 */
export function decoded(text: string | null | undefined): string | null {
  if (!text) return null;
  const plain = decodeHTML(text)
    .replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, ' ')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
  return plain === '' ? null : plain;
}

/** AniList's MediaStatus in Shikimori's words, so the page shows one vocabulary. */
const ANILIST_STATUS: Record<string, string> = {
  FINISHED: 'released',
  RELEASING: 'ongoing',
  NOT_YET_RELEASED: 'anons',
  CANCELLED: 'cancelled',
  HIATUS: 'hiatus',
};
export const anilistStatus = (status: string | null) =>
  status === null ? null : (ANILIST_STATUS[status] ?? status.toLowerCase());

const score = (value: string | number | null | undefined): number | null => {
  const n = typeof value === 'string' ? Number.parseFloat(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
};
const episodes = (n: number | null | undefined) => (typeof n === 'number' && n > 0 ? n : null);
/**
 * Shikimori's "missing" placeholder (`/assets/globals/missing_original.jpg` and its
 * `missing_preview`, `missing_x96`, `missing_x48` sizes) is no picture.
 */
export const realImage = (url: string | null | undefined): string | null =>
  url && !/\/missing_[a-z0-9]+\.(jpe?g|png)(\?|$)/i.test(url) ? url : null;

const anilistCover = (m: AnilistMedia): string | null =>
  m.coverImage?.extraLarge ?? m.coverImage?.large ?? m.coverImage?.medium ?? null;

/** A Shikimori anime as a search result or detail. `absolute` turns the site's relative paths into URLs. */
export function fromShikimori(
  a: ShikimoriAnimeItem | ShikimoriAnimeDetail,
  language: Language,
  absolute: (path: string | null | undefined) => string | null,
): Anime {
  const detail = 'genres' in a ? (a as ShikimoriAnimeDetail) : undefined;
  const english = detail?.english?.find((t): t is string => !!t) ?? null;
  return {
    id: String(a.id),
    title: (language === 'ru' ? decoded(a.russian) : null) ?? decoded(a.name) ?? a.name,
    englishTitle: decoded(english) ?? (language === 'ru' ? (decoded(a.name) ?? a.name) : null),
    image: realImage(absolute(a.image?.original ?? a.image?.preview)),
    rating: score(a.score),
    episodes: episodes(a.episodes) ?? episodes(a.episodes_aired),
    status: a.status,
    url: absolute(a.url),
    description: descriptionFromShikimori(detail?.description),
    genres: (detail?.genres ?? []).map((g) => (language === 'ru' && g.russian ? g.russian : g.name)),
    source: 'shikimori',
  };
}

/**
 * An AniList anime. Its page id is `al-<n>`, unless `asShikimori` says the page is the
 * Shikimori id's (an AniList answer standing in for Shikimori's, matched by MyAnimeList id).
 */
export function fromAnilist(m: AnilistMedia, opts: { asShikimori?: number } = {}): Anime {
  const title = m.title?.romaji ?? m.title?.english ?? m.title?.native ?? `AniList ${m.id}`;
  return {
    id: opts.asShikimori !== undefined ? String(opts.asShikimori) : `al-${m.id}`,
    title,
    englishTitle: m.title?.english ?? null,
    image: m.coverImage?.extraLarge ?? m.coverImage?.large ?? m.coverImage?.medium ?? null,
    rating: m.averageScore ? m.averageScore / 10 : null,
    episodes: episodes(m.episodes),
    status: anilistStatus(m.status),
    url: m.siteUrl,
    description: descriptionFromAnilist(m.description),
    genres: (m.genres ?? []).filter((g): g is string => !!g),
    source: 'anilist',
  };
}

/**
 * The member search's results: Shikimori's first (their ids are the pages' ids), then the
 * AniList results Shikimori did not list. The same anime is recognised by its MyAnimeList id
 * (Shikimori's ids are MyAnimeList's). When Shikimori did not answer, AniList results with a
 * MyAnimeList id keep the Shikimori id as their page id, so links stay the same.
 */
export function mergeResults(shikimori: Anime[] | undefined, anilist: AnilistMedia[] | undefined): Anime[] {
  const seen = new Set((shikimori ?? []).map((a) => a.id));
  // A Shikimori title without a poster takes AniList's cover of the same title (MyAnimeList id).
  const covers = new Map(
    (anilist ?? []).flatMap((m) =>
      m.idMal !== null && anilistCover(m) ? [[String(m.idMal), anilistCover(m)]] : [],
    ),
  );
  const withPosters = (shikimori ?? []).map((a) => (a.image ? a : { ...a, image: covers.get(a.id) ?? null }));
  const extra = (anilist ?? [])
    .filter((m) => m.idMal === null || !seen.has(String(m.idMal)))
    .map((m) => fromAnilist(m, shikimori === undefined && m.idMal !== null ? { asShikimori: m.idMal } : {}));
  return [...withPosters, ...extra];
}
