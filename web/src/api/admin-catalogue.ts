/**
 * The admin catalogue calls of spec 2 §7, as the screens use them. Answers are read leniently
 * (only the fields a screen shows, numbers or numeric strings), since the list calls return the
 * spec's entities with their mixed naming. Every call keeps the status so a screen can show the
 * spec's message for it (409 details, 413, 429, 504).
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
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
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

/** A failed call as an Error carrying its result. */
export class CallError extends Error {
  constructor(readonly result: CallResult) {
    super(serverError(result.body) ?? `HTTP ${result.status}`);
    this.name = 'CallError';
  }
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

async function must<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const result = await call<T>(method, path, body, signal);
  if (!result.ok) throw new CallError(result);
  return result.body as T;
}

// --- reading the lenient shapes ---

type Raw = Record<string, unknown>;
const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const pick = (o: Raw, ...keys: string[]): unknown => {
  for (const k of keys) if (o[k] !== undefined) return o[k];
  return undefined;
};
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
export interface Anime {
  id: number;
  title: string;
  shikimoriId: number | null;
  anilistId: number | null;
  franchiseId: number | null;
  franchiseTitle: string | null;
}
export interface AdminCharacter {
  id: number;
  name: string;
  altname: string | null;
  shikimoriId: number | null;
  anilistId: number | null;
  description: string | null;
  imageUrl: string | null;
}
export interface AdminRank {
  id: number;
  code: string;
  title: string;
  imageUrl: string | null;
  threshold: number | null;
}
export interface Season {
  id: number;
  title: string;
  startDate: string;
  endDate: string;
}
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

const toFranchise = (r: Raw): Franchise => ({ id: num(r.id) ?? 0, title: str(r.title) ?? '' });
const toAnime = (r: Raw): Anime => {
  const franchise = obj(pick(r, 'Franchise', 'franchise'));
  return {
    id: num(r.id) ?? 0,
    title: str(r.title) ?? '',
    shikimoriId: num(pick(r, 'shikimoriId', 'shikimori_id')),
    anilistId: num(pick(r, 'anilistId', 'anilist_id')),
    franchiseId: num(pick(r, 'franchise_id', 'franchiseId')) ?? num(franchise.id),
    franchiseTitle: str(franchise.title),
  };
};
const toCharacter = (r: Raw): AdminCharacter => ({
  id: num(r.id) ?? 0,
  name: str(r.name) ?? '',
  altname: str(r.altname),
  shikimoriId: num(pick(r, 'shikimoriId', 'shikimori_id')),
  anilistId: num(pick(r, 'anilistId', 'anilist_id')),
  description: str(r.description),
  imageUrl: str(r.imageUrl),
});
const toRank = (r: Raw): AdminRank => ({
  id: num(r.id) ?? 0,
  code: str(r.code) ?? '',
  title: str(r.title) ?? '',
  imageUrl: str(r.imageUrl),
  threshold: num(r.threshold),
});
const toSeason = (r: Raw): Season => ({
  id: num(r.id) ?? 0,
  title: str(r.title) ?? '',
  startDate: str(pick(r, 'startDate', 'start_date')) ?? '',
  endDate: str(pick(r, 'endDate', 'end_date')) ?? '',
});
const toCard = (r: Raw): AdminCard => {
  const character = obj(pick(r, 'Character', 'character'));
  const rank = obj(pick(r, 'Rank', 'rank'));
  const season = obj(pick(r, 'Season', 'season'));
  return {
    id: num(r.id) ?? 0,
    characterId: num(pick(r, 'character_id', 'characterId')) ?? num(character.id) ?? 0,
    characterName: str(character.name) ?? str(r.characterName) ?? '',
    rankId: num(pick(r, 'rank_id', 'rankId')) ?? num(rank.id),
    rankCode: str(rank.code) ?? str(r.rankCode) ?? '',
    seasonId: num(pick(r, 'season_id', 'seasonId')) ?? num(season.id),
    seasonTitle: str(season.title) ?? str(r.seasonTitle),
    limited: r.limited === true,
    imageUrl: str(r.imageUrl),
  };
};

// --- a small client cache (spec 2 §7: franchise list, and anime list in the character screen) ---

export const CLIENT_CACHE_MS = 5 * 60 * 1000;
const cache = new Map<string, { at: number; value: Promise<unknown> }>();
export function cached<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = cache.get(key);
  if (hit && now - hit.at < CLIENT_CACHE_MS) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { at: now, value });
  value.catch(() => cache.delete(key));
  return value;
}
export const invalidate = (key: string) => cache.delete(key);

// --- lists ---

export const fetchFranchises = (fresh = false): Promise<Franchise[]> => {
  if (fresh) invalidate('franchises');
  return cached('franchises', async () =>
    list(await must('GET', '/admin/franchises'), 'franchises').map(toFranchise),
  );
};
export const fetchAnimes = async (): Promise<Anime[]> =>
  list(await must('GET', '/admin/animes'), 'animes').map(toAnime);
/** The anime list as the character screen reads it: cached for 5 minutes. */
export const fetchAnimesCached = (): Promise<Anime[]> => cached('animes', fetchAnimes);
export const fetchCharacters = async (animeId?: number | null, limit?: number): Promise<AdminCharacter[]> => {
  const params = new URLSearchParams();
  if (animeId) params.set('animeId', String(animeId));
  // The additive page size (the card form's suggestions need only the first few hundred).
  if (limit) params.set('limit', String(limit));
  const query = params.size > 0 ? `?${params}` : '';
  return list(await must('GET', `/admin/characters${query}`), 'characters').map(toCharacter);
};
export const fetchRanks = async (): Promise<AdminRank[]> =>
  list(await must('GET', '/admin/ranks'), 'ranks').map(toRank);
export const fetchSeasons = async (): Promise<Season[]> =>
  list(await must('GET', '/admin/seasons'), 'seasons').map(toSeason);
export const fetchCards = async (): Promise<AdminCard[]> =>
  list(await must('GET', '/admin/cards'), 'cards').map(toCard);

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
  const body = obj(await must('GET', '/api/admin/cache/stats'));
  const namespaces = obj(body.application_cache).namespaces ?? body.namespaces;
  const rows: Raw[] = Array.isArray(namespaces)
    ? namespaces.map(obj)
    : Object.entries(obj(namespaces)).map(([name, v]) => ({ name, ...obj(v) }));
  return rows.map((r) => ({
    name: str(r.name) ?? '',
    keys: num(r.keys) ?? 0,
    hits: num(r.hits) ?? 0,
    misses: num(r.misses) ?? 0,
    hitRate: num(pick(r, 'hit_rate', 'hitRate')) ?? 0,
  }));
}

// --- writes ---

export const createFranchise = async (title: string): Promise<Franchise> => {
  const created = toFranchise(obj(await must('POST', '/admin/franchises', { title })));
  invalidate('franchises');
  return created;
};
export const renameFranchise = async (id: number, title: string) => {
  await must('PATCH', `/admin/franchises/${id}`, { title });
  invalidate('franchises');
};
export const deleteFranchise = async (id: number) => {
  await must('DELETE', `/admin/franchises/${id}`);
  invalidate('franchises');
};
export const searchFranchises = async (q: string, signal?: AbortSignal): Promise<Franchise[]> =>
  list(
    await must('GET', `/admin/franchises/search?q=${encodeURIComponent(q)}`, undefined, signal),
    'franchises',
  ).map(toFranchise);
export interface FranchiseExists {
  exists: boolean;
  exactMatch: Franchise | null;
  similar: Franchise[];
}
export async function checkFranchiseExists(title: string, signal?: AbortSignal): Promise<FranchiseExists> {
  const body = obj(
    await must('GET', `/admin/franchises/check-exists?title=${encodeURIComponent(title)}`, undefined, signal),
  );
  return {
    exists: body.exists === true,
    exactMatch: body.exactMatch ? toFranchise(obj(body.exactMatch)) : null,
    similar: list(body.similar).map(toFranchise),
  };
}

export interface AnimeInput {
  title: string;
  shikimoriId: number | null;
  anilistId: number | null;
  franchise_id: number | null;
}
export const createAnime = async (input: AnimeInput) => {
  const created = toAnime(obj(await must('POST', '/admin/animes', input)));
  invalidate('animes');
  return created;
};
export const deleteAnime = async (id: number) => {
  await must('DELETE', `/admin/animes/${id}`);
  invalidate('animes');
};
export interface AnimeExists {
  exists: boolean;
  exactMatch: { id: number; title: string; franchiseTitle: string | null } | null;
}
export async function checkAnimeExists(
  q: { shikimoriId?: number | null; title?: string },
  signal?: AbortSignal,
): Promise<AnimeExists> {
  const params = new URLSearchParams();
  if (q.shikimoriId) params.set('shikimoriId', String(q.shikimoriId));
  if (q.title) params.set('title', q.title);
  const body = obj(await must('GET', `/admin/animes/check-exists?${params}`, undefined, signal));
  const match = body.exactMatch ? obj(body.exactMatch) : null;
  return {
    exists: body.exists === true,
    exactMatch: match
      ? {
          id: num(match.id) ?? 0,
          title: str(match.title) ?? '',
          franchiseTitle: str(obj(match.franchise).title),
        }
      : null,
  };
}
export interface QuickAdd {
  franchiseId: number | null;
  createFranchise: boolean;
  shikimoriId?: number;
  anilistId?: number;
  title?: string;
}
export async function quickAddAnime(input: QuickAdd): Promise<CallResult> {
  const result = await call('POST', '/admin/animes/quick-add', input);
  if (result.ok) invalidate('animes');
  return result;
}

export interface CharacterInput {
  name: string;
  shikimoriId: number | null;
  anilistId: number | null;
  description: string;
  imageUrl: string;
}
export const createCharacter = async (input: CharacterInput) =>
  toCharacter(obj(await must('POST', '/admin/characters', input)));
export const updateCharacter = (id: number, fields: Partial<CharacterInput> & { altname?: string }) =>
  must('PATCH', `/admin/characters/${id}`, fields);
export const deleteCharacter = (id: number) => must('DELETE', `/admin/characters/${id}`);
export const deleteCharacters = (ids: number[]) => must('POST', '/admin/characters/delete-bulk', { ids });

export interface CardInput {
  character_id: number;
  rank_id: number;
  limited: boolean;
  season_id?: number | null;
  imageUrl?: string;
}
export const createCard = (input: CardInput) => must('POST', '/admin/cards', input);
export const createCardsBulk = (cards: CardInput[]) => must('POST', '/admin/cards/bulk', { cards });
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
export const deleteCard = (id: number) => must('DELETE', `/admin/cards/${id}`);
export const changeCardRank = (id: number, rank_id: number) =>
  must('PATCH', `/admin/cards/${id}`, { rank_id });

export const createSeason = (input: { title: string; startDate: string; endDate: string }) =>
  must('POST', '/admin/seasons', input);
export const deleteSeason = (id: number) => must('DELETE', `/admin/seasons/${id}`);

export { list as readList, num as readNumber, obj as readObject, str as readString };
