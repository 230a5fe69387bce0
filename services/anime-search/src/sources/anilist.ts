import { z } from 'zod';
import { parseAnswer, type Source } from './source';

const text = z
  .string()
  .nullish()
  .transform((s) => s ?? null);
const int = z
  .number()
  .int()
  .nullish()
  .transform((n) => n ?? null);

const media = z.object({
  id: z.number().int(),
  idMal: int,
  title: z.object({ romaji: text, english: text, native: text }).nullish(),
  coverImage: z.object({ extraLarge: text, large: text, medium: text }).nullish(),
  status: text,
  format: text,
  popularity: int,
  synonyms: z.array(z.string().nullable()).nullish(),
  episodes: int,
  averageScore: int,
  startDate: z.object({ year: int }).nullish(),
  siteUrl: text,
  description: text,
  genres: z.array(z.string().nullable()).nullish(),
});
export type AnilistMedia = z.infer<typeof media>;

const character = z.object({
  id: z.number().int(),
  name: z
    .object({
      first: text,
      last: text,
      full: text,
      native: text,
      userPreferred: text,
      alternative: z.array(z.string().nullable()).nullish(),
      alternativeSpoiler: z.array(z.string().nullable()).nullish(),
    })
    .nullish(),
  image: z.object({ large: text, medium: text }).nullish(),
  description: text,
});
export type AnilistCharacter = z.infer<typeof character>;

const pageInfo = z.object({ hasNextPage: z.boolean().nullish() });

const MEDIA_FIELDS = /* GraphQL */ `
  id idMal title { romaji english native } synonyms coverImage { extraLarge large medium }
  status format episodes averageScore popularity startDate { year } siteUrl
`;
const SEARCH = /* GraphQL */ `
  query ($search: String, $perPage: Int) {
    Page(page: 1, perPage: $perPage) { media(search: $search, type: ANIME, sort: SEARCH_MATCH) { ${MEDIA_FIELDS} } }
  }
`;
const LIST = /* GraphQL */ `
  query ($page: Int, $perPage: Int, $status: MediaStatus) {
    Page(page: $page, perPage: $perPage) {
      media(type: ANIME, sort: [POPULARITY_DESC], status: $status) { ${MEDIA_FIELDS} }
    }
  }
`;
const DETAIL = /* GraphQL */ `
  query ($id: Int, $idMal: Int) {
    Media(id: $id, idMal: $idMal, type: ANIME) { ${MEDIA_FIELDS} description genres }
  }
`;
const CHARACTERS = /* GraphQL */ `
  query ($id: Int, $page: Int) {
    Media(id: $id, type: ANIME) {
      characters(page: $page, perPage: 25, sort: [ROLE, RELEVANCE]) {
        pageInfo { hasNextPage }
        nodes {
          id name { first last full native userPreferred alternative alternativeSpoiler }
          image { large medium } description
        }
      }
    }
  }
`;
/** An anime has at most this many pages of characters read (25 a page). */
const MAX_CHARACTER_PAGES = 20;

export const SEARCH_PER_PAGE = 20;
/** How many anime one page of a list asks for (the API's most). */
const LIST_PER_PAGE = 50;

/** AniList's GraphQL API (POST JSON), every call through the source's limiter, retries and circuit. */
export function anilistClient(source: Source, url: string) {
  const query = async <S extends z.ZodType>(
    document: string,
    variables: Record<string, unknown>,
    schema: S,
  ): Promise<z.output<S>> => {
    const body = await source.fetchJson(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: document, variables }),
    });
    const answer = parseAnswer(source.name, z.object({ data: z.unknown() }), body);
    return parseAnswer(source.name, schema, answer.data);
  };

  return {
    probe: {
      url,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query: '{ Page(perPage: 1) { pageInfo { total } } }' }),
      },
    },
    searchAnime: async (q: string) =>
      (
        await query(
          SEARCH,
          { search: q, perPage: SEARCH_PER_PAGE },
          z.object({ Page: z.object({ media: z.array(media) }) }),
        )
      ).Page.media,
    /** A page of the most popular anime (or of those airing now), as the index fill reads them. */
    list: async ({ page, ongoing }: { page: number; ongoing: boolean }) =>
      (
        await query(
          LIST,
          { page, perPage: LIST_PER_PAGE, ...(ongoing ? { status: 'RELEASING' } : {}) },
          z.object({ Page: z.object({ media: z.array(media) }) }),
        )
      ).Page.media,
    anime: async (id: number) => (await query(DETAIL, { id }, z.object({ Media: media }))).Media,
    /** The anime whose MyAnimeList id is `malId` (Shikimori's ids are MyAnimeList's). */
    animeByMal: async (malId: number) =>
      (await query(DETAIL, { idMal: malId }, z.object({ Media: media }))).Media,
    /** Every character of the anime, all pages. */
    async characters(animeId: number): Promise<AnilistCharacter[]> {
      const all: AnilistCharacter[] = [];
      for (let page = 1; page <= MAX_CHARACTER_PAGES; page++) {
        const { Media } = await query(
          CHARACTERS,
          { id: animeId, page },
          z.object({ Media: z.object({ characters: z.object({ pageInfo, nodes: z.array(character) }) }) }),
        );
        all.push(...Media.characters.nodes);
        if (!Media.characters.pageInfo.hasNextPage) break;
      }
      return all;
    },
  };
}
export type AnilistClient = ReturnType<typeof anilistClient>;
