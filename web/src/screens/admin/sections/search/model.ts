import type { AnilistAnimeResult, CombinedSearchAnswer, ShikimoriAnimeResult } from '@acg/contracts';
import { call, serverError } from '../../../../api/admin-catalogue';

/** Requirements C9: search minimum length, debounce, banner auto-hide. */
export const SEARCH_MIN = 2;
export const SEARCH_DEBOUNCE_MS = 300;
export const BANNER_MS = 5000;

export type Source = 'combined' | 'shikimori' | 'anilist';
export const SOURCES: readonly Source[] = ['combined', 'shikimori', 'anilist'];

export type Results =
  | { source: 'combined'; answer: CombinedSearchAnswer }
  | { source: 'shikimori'; list: ShikimoriAnimeResult[] }
  | { source: 'anilist'; list: AnilistAnimeResult[] };

const PATHS: Record<Source, string> = {
  combined: '/admin/search/anime/combined',
  shikimori: '/admin/shikimori/search/anime',
  anilist: '/admin/anilist/search/anime',
};

export class SearchFailed extends Error {}

/** One anime search; a non-ok answer is SearchFailed (the search error text); an abort rejects with AbortError. */
export async function searchAnime(source: Source, q: string, signal: AbortSignal): Promise<Results> {
  const result = await call('GET', `${PATHS[source]}?q=${encodeURIComponent(q)}`, undefined, signal);
  if (!result.ok) throw new SearchFailed(serverError(result.body) ?? `HTTP ${result.status}`);
  const body = result.body as unknown;
  if (source === 'combined') {
    const b = (body ?? {}) as Partial<CombinedSearchAnswer>;
    return {
      source,
      answer: {
        shikimori: b.shikimori ?? [],
        anilist: b.anilist ?? [],
        matches: b.matches ?? [],
        unavailable: b.unavailable ?? [],
      },
    };
  }
  const list = Array.isArray(body) ? body : [];
  return source === 'shikimori'
    ? { source, list: list as ShikimoriAnimeResult[] }
    : { source, list: list as AnilistAnimeResult[] };
}

/** The title an AniList result goes by. */
export const anilistTitle = (a: AnilistAnimeResult) =>
  a.title.english ?? a.title.romaji ?? a.title.native ?? `#${a.id}`;
/** The title a Shikimori result goes by (Russian first, as the admin screens are Russian). */
export const shikimoriTitle = (s: ShikimoriAnimeResult) => s.russian || s.name;

/** The unmatched single-source results of a combined answer (the matched ones are shown as pairs). */
export function unmatched(answer: CombinedSearchAnswer) {
  const s = new Set(answer.matches.map((m) => m.shikimori.id));
  const a = new Set(answer.matches.map((m) => m.anilist.id));
  return {
    shikimori: answer.shikimori.filter((x) => !s.has(x.id)),
    anilist: answer.anilist.filter((x) => !a.has(x.id)),
  };
}

/** The key of one result's existence check. */
export const shikimoriKey = (id: number) => `s${id}`;
export const anilistKey = (id: number) => `a${id}`;

export interface Banner {
  tone: 'success' | 'error' | 'warning';
  text: string;
}
