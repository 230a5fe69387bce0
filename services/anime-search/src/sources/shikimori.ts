import { z } from 'zod';
import { parseAnswer, type Source } from './source';

/** The fields of Shikimori's REST API v1 we read; anything else is ignored. */
const imageSet = z.object({ original: z.string().nullish(), preview: z.string().nullish() }).partial();
const nullableText = z
  .string()
  .nullish()
  .transform((s) => s ?? null);

export const shikimoriAnimeItem = z.object({
  id: z.number().int(),
  name: z.string(),
  russian: nullableText,
  image: imageSet.nullish(),
  url: nullableText,
  kind: nullableText,
  score: z.union([z.string(), z.number()]).nullish(),
  status: nullableText,
  episodes: z.number().int().nullish(),
  episodes_aired: z.number().int().nullish(),
  aired_on: nullableText,
});
export type ShikimoriAnimeItem = z.infer<typeof shikimoriAnimeItem>;

export const shikimoriAnimeDetail = shikimoriAnimeItem.extend({
  english: z.array(z.string().nullable()).nullish(),
  japanese: z.array(z.string().nullable()).nullish(),
  synonyms: z.array(z.string().nullable()).nullish(),
  description: nullableText,
  genres: z.array(z.object({ name: z.string(), russian: z.string().nullish() })).nullish(),
});
export type ShikimoriAnimeDetail = z.infer<typeof shikimoriAnimeDetail>;

const characterBrief = z.object({
  id: z.number().int(),
  name: z.string(),
  russian: nullableText,
  image: imageSet.nullish(),
  url: nullableText,
});
const roleEntry = z.object({ roles: z.array(z.string()).nullish(), character: characterBrief.nullish() });
export const shikimoriCharacterDetail = characterBrief.extend({
  altname: nullableText,
  japanese: nullableText,
});
export type ShikimoriCharacterDetail = z.infer<typeof shikimoriCharacterDetail>;
export type ShikimoriCharacterBrief = z.infer<typeof characterBrief>;

/** How many anime one search asks for. */
export const SEARCH_LIMIT = 20;
/** How many anime one page of a list asks for (the API's most). */
export const LIST_LIMIT = 50;

/** Shikimori's REST API v1 (`{base}/api`), every call through the source's limiter, retries and circuit. */
export function shikimoriClient(source: Source, baseUrl: string, userAgent: string) {
  const base = baseUrl.replace(/\/+$/, '');
  const headers = { accept: 'application/json', 'user-agent': userAgent };
  const get = async <S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> =>
    parseAnswer(source.name, schema, await source.fetchJson(`${base}/api${path}`, { headers }));

  return {
    base,
    /** Absolute URL of a path the API sends relative to the site. */
    absolute: (path: string | null | undefined) =>
      !path ? null : /^https?:\/\//.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`,
    probe: { url: `${base}/api/animes?limit=1`, init: { headers } },
    searchAnime: (q: string) =>
      get(`/animes?search=${encodeURIComponent(q)}&limit=${SEARCH_LIMIT}`, z.array(shikimoriAnimeItem)),
    anime: (id: number) => get(`/animes/${id}`, shikimoriAnimeDetail),
    /** A page of the most popular anime (or of those airing now), as the index fill reads them. */
    list: ({ page, ongoing }: { page: number; ongoing: boolean }) =>
      get(
        `/animes?order=popularity&limit=${LIST_LIMIT}&page=${page}${ongoing ? '&status=ongoing' : ''}`,
        z.array(shikimoriAnimeItem),
      ),
    async characters(animeId: number): Promise<ShikimoriCharacterBrief[]> {
      const roles = await get(`/animes/${animeId}/roles`, z.array(roleEntry));
      return roles.flatMap((r) => (r.character ? [r.character] : []));
    },
    character: (id: number) => get(`/characters/${id}`, shikimoriCharacterDetail),
  };
}
export type ShikimoriClient = ReturnType<typeof shikimoriClient>;
