import type { Anime, AnimeCards, AnimeSearchAnswer, ApiStatus } from '@acg/contracts';
import * as z from 'zod/mini';
import { getJson } from './http';

const nullableString = z.nullable(z.string());
const sourceSchema = z.enum(['shikimori', 'anilist']);
/** The sources that did not answer a search (its answer's, or a refusal's `details.unavailable`). */
export const unavailableSourcesSchema = z.array(sourceSchema);
const animeSchema = z.object({
  id: z.string(),
  title: z.string(),
  englishTitle: nullableString,
  image: nullableString,
  rating: z.nullable(z.number()),
  episodes: z.nullable(z.number()),
  status: nullableString,
  url: nullableString,
  description: nullableString,
  genres: z.array(z.string()),
  source: sourceSchema,
}) satisfies z.ZodMiniType<Anime>;

const searchAnswer = z.object({
  results: z.array(animeSchema),
  unavailable: unavailableSourcesSchema,
}) satisfies z.ZodMiniType<AnimeSearchAnswer>;

const status = z.object({
  services: z.object({
    shikimori: z.object({ available: z.boolean() }),
    anilist: z.object({ available: z.boolean() }),
  }),
}) satisfies z.ZodMiniType<ApiStatus>;

const animeCards = z.object({
  cards: z.array(
    z.object({
      id: z.number(),
      collected: z.boolean(),
      characterName: z.string(),
      rank: z.string(),
      Rank: z.object({ code: z.string(), color: z.string() }),
    }),
  ),
  userProgress: z.object({ total: z.number(), collected: z.number() }),
});
export type AnimeCardsAnswer = Pick<AnimeCards, 'userProgress'> & z.infer<typeof animeCards>;

/** Spec 1 §9: a search gives up after 15 s. */
export const SEARCH_TIMEOUT_MS = 15_000;

/** GET /api/status: the two status dots. */
export const getApiStatus = (signal?: AbortSignal) => getJson('/api/status', status, signal);

/** GET /api/anime/search?q=: aborted by the caller's signal or after SEARCH_TIMEOUT_MS. */
export const searchAnime = (q: string, signal: AbortSignal) =>
  getJson(
    `/api/anime/search?q=${encodeURIComponent(q)}`,
    searchAnswer,
    AbortSignal.any([signal, AbortSignal.timeout(SEARCH_TIMEOUT_MS)]),
  );

export const getAnimeDetails = (animeId: string, signal?: AbortSignal) =>
  getJson(`/api/anime/${encodeURIComponent(animeId)}/details`, animeSchema, signal);

export const getAnimeCards = (animeId: string, signal?: AbortSignal) =>
  getJson(`/api/anime/${encodeURIComponent(animeId)}/cards`, animeCards, signal);
