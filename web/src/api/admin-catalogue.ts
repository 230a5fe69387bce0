import type {
  AdminAnime,
  AdminCard as AdminCardAnswer,
  AdminCardBody,
  AdminCharacter as AdminCharacterAnswer,
  AdminRank as AdminRankAnswer,
  AdminSeason,
  ClientRoutes,
} from '@acg/contracts';
import { jsonInit, request } from './client';

/**
 * The admin catalogue calls of requirements C7, as the screens use them. The list and write calls go
 * through the typed client (their answers' types from packages/contracts, adapted here to the
 * rows the tables show). `call` stays for the search and import sections, whose external sources'
 * answers are read leniently and whose every status shows the spec's message for it (409 details,
 * 413, 429, 504).
 */

export interface CallResult<T = unknown> {
  ok: boolean;
  status: number;
  statusText: string;
  body: T | undefined;
  /** The body could not be parsed as JSON. */
  unparsable: boolean;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export async function call<T = unknown>(
  method: Method,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<CallResult<T>> {
  const response = await fetch(path, jsonInit(method, body, signal));
  const text = await response.text();
  let parsed: unknown;
  let unparsable = false;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      unparsable = true;
    }
  }
  return {
    ok: response.ok,
    status: response.status,
    statusText: response.statusText,
    body: parsed as T,
    unparsable,
  };
}

/** The error text the server sent: `details.error`, `error` or `message`. */
export function serverError(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as { error?: unknown; message?: unknown; details?: { error?: unknown } };
  if (typeof b.details?.error === 'string' && b.details.error) return b.details.error;
  if (typeof b.error === 'string' && b.error) return b.error;
  if (typeof b.message === 'string' && b.message) return b.message;
  return undefined;
}

// --- reading the lenient shapes ---

type Raw = Record<string, unknown>;
const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const obj = (v: unknown): Raw => (typeof v === 'object' && v !== null ? (v as Raw) : {});
const list = (v: unknown, ...keys: string[]): Raw[] => {
  if (Array.isArray(v)) return v.map(obj);
  const o = obj(v);
  for (const k of keys) if (Array.isArray(o[k])) return (o[k] as unknown[]).map(obj);
  return [];
};

export interface Franchise {
  id: number;
  title: string;
}
/** An anime row as the tables show it (the answer's nested Franchise flattened). */
export interface Anime {
  id: number;
  title: string;
  shikimoriId: number | null;
  anilistId: number | null;
  franchiseId: number | null;
  franchiseTitle: string | null;
}
export type AdminCharacter = AdminCharacterAnswer;
export type AdminRank = AdminRankAnswer;
export type Season = AdminSeason;
/** A card row as the card table shows it (the answer's nested Character, Rank, Season flattened). */
export interface AdminCard {
  id: number;
  characterId: number;
  characterName: string;
  rankId: number | null;
  rankCode: string;
  seasonId: number | null;
  seasonTitle: string | null;
  limited: boolean;
  imageUrl: string | null;
}

export const toAnime = (a: AdminAnime): Anime => ({
  id: a.id,
  title: a.title,
  shikimoriId: a.shikimoriId,
  anilistId: a.anilistId,
  franchiseId: a.franchise_id,
  franchiseTitle: a.Franchise?.title ?? null,
});
export const toCard = (c: AdminCardAnswer): AdminCard => ({
  id: c.id,
  characterId: c.character_id,
  characterName: c.Character.name,
  rankId: c.rank_id,
  rankCode: c.Rank.code,
  seasonId: c.season_id,
  seasonTitle: c.Season?.title ?? null,
  limited: c.limited,
  imageUrl: c.imageUrl,
});

/** Requirements C7: the franchise list, and the anime list in the character screen, are kept 5 minutes. */
export const CLIENT_CACHE_MS = 5 * 60 * 1000;

// --- lists ---

export const fetchFranchises = (): Promise<Franchise[]> => request('GET /admin/franchises');
export const fetchAnimes = async (): Promise<Anime[]> => (await request('GET /admin/animes')).map(toAnime);
export const fetchCharacters = (animeId?: number | null, limit?: number): Promise<AdminCharacter[]> =>
  // The additive page size (the card form's suggestions need only the first few hundred).
  request('GET /admin/characters', { query: { animeId: animeId || undefined, limit } });
export const fetchRanks = (): Promise<AdminRank[]> => request('GET /admin/ranks');
export const fetchSeasons = (): Promise<Season[]> => request('GET /admin/seasons');
export const fetchCards = async (): Promise<AdminCard[]> => (await request('GET /admin/cards')).map(toCard);

export interface CacheNamespace {
  name: string;
  keys: number;
  hits: number;
  misses: number;
  hitRate: number;
}
export const CARD_CACHE_NAMESPACES = ['cards', 'characters', 'ranks', 'seasons', 'animes'] as const;
/** GET /api/admin/cache/stats: application_cache.namespaces. */
export async function fetchCacheStats(): Promise<CacheNamespace[]> {
  const { namespaces } = (await request('GET /api/admin/cache/stats')).application_cache;
  return namespaces.map((n) => ({
    name: n.name,
    keys: n.keys,
    hits: n.hits,
    misses: n.misses,
    hitRate: n.hit_rate,
  }));
}

// --- writes ---

export const createFranchise = (title: string): Promise<Franchise> =>
  request('POST /admin/franchises', { body: { title } });
export const renameFranchise = (id: number, title: string) =>
  request('PATCH /admin/franchises/:id', { params: { id }, body: { title } });
export const deleteFranchise = (id: number) => request('DELETE /admin/franchises/:id', { params: { id } });
export const searchFranchises = (q: string, signal?: AbortSignal): Promise<Franchise[]> =>
  request('GET /admin/franchises/search', { query: { q } }, signal);
export type FranchiseExists = ClientRoutes['GET /admin/franchises/check-exists']['response'];
export const checkFranchiseExists = (title: string, signal?: AbortSignal): Promise<FranchiseExists> =>
  request('GET /admin/franchises/check-exists', { query: { title } }, signal);

export type AnimeInput = ClientRoutes['POST /admin/animes']['body'];
export const createAnime = async (input: AnimeInput): Promise<Anime> =>
  toAnime(await request('POST /admin/animes', { body: input }));
export const deleteAnime = (id: number) => request('DELETE /admin/animes/:id', { params: { id } });
export interface AnimeExists {
  exists: boolean;
  exactMatch: { id: number; title: string; franchiseTitle: string | null } | null;
}
export async function checkAnimeExists(
  q: { shikimoriId?: number | null; title?: string },
  signal?: AbortSignal,
): Promise<AnimeExists> {
  const answer = await request(
    'GET /admin/animes/check-exists',
    { query: { shikimoriId: q.shikimoriId || undefined, title: q.title || undefined } },
    signal,
  );
  const match = answer.exactMatch;
  return {
    exists: answer.exists,
    exactMatch: match
      ? { id: match.id, title: match.title, franchiseTitle: match.franchise?.title ?? null }
      : null,
  };
}
export type QuickAdd = ClientRoutes['POST /admin/animes/quick-add']['body'];
/** POST /admin/animes/quick-add, every status kept (the search section shows the spec's message for each). */
export const quickAddAnime = (input: QuickAdd): Promise<CallResult> =>
  call('POST', '/admin/animes/quick-add', input);

export type CharacterInput = ClientRoutes['POST /admin/characters']['body'];
export const createCharacter = (input: CharacterInput) => request('POST /admin/characters', { body: input });
export const updateCharacter = (id: number, fields: ClientRoutes['PATCH /admin/characters/:id']['body']) =>
  request('PATCH /admin/characters/:id', { params: { id }, body: fields });
export const deleteCharacter = (id: number) => request('DELETE /admin/characters/:id', { params: { id } });
export const deleteCharacters = (ids: number[]) =>
  request('POST /admin/characters/delete-bulk', { body: { ids } });

export type CardInput = AdminCardBody;
export const createCard = (input: CardInput) => request('POST /admin/cards', { body: input });
export const createCardsBulk = (cards: CardInput[]) => request('POST /admin/cards/bulk', { body: { cards } });
export const addCardsForAnime = (anime_id: number, rank_id: number, season_id: number | null) =>
  call<{ added?: number; skipped?: number; error?: string }>('POST', '/admin/cards/bulk-add-anime', {
    anime_id,
    rank_id,
    season_id,
  });
export const addCardsForAllAnime = (rank_id: number, season_id: number | null) =>
  call<{ total_anime?: number; total_added?: number; total_skipped?: number; error?: string }>(
    'POST',
    '/admin/cards/bulk-add-all-anime',
    { rank_id, season_id },
  );
export const deleteCard = (id: number) => request('DELETE /admin/cards/:id', { params: { id } });
export const changeCardRank = (id: number, rank_id: number) =>
  request('PATCH /admin/cards/:id', { params: { id }, body: { rank_id } });

export const createSeason = (input: { title: string; startDate: string; endDate: string }) =>
  request('POST /admin/seasons', { body: input });
export const deleteSeason = (id: number) => request('DELETE /admin/seasons/:id', { params: { id } });

export { list as readList, num as readNumber, obj as readObject, str as readString };
export const updateSeason = (id: number, body: { title?: string; startDate?: string; endDate?: string }) =>
  request('PATCH /admin/seasons/:id', { params: { id }, body });
