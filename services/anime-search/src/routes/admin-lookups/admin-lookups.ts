import {
  type AnimeSource,
  anilistAnimeResultSchema,
  anilistCharactersAnswerSchema,
  animeQuerySchema,
  combinedSearchAnswerSchema,
  id,
  shikimoriAnimeResultSchema,
  shikimoriCharacterSchema,
} from '@acg/contracts';
import { type HttpServer, UnavailableError } from '@acg/platform';
import { z } from 'zod';
import type { AnimeSearchContext } from '../../context';
import {
  anilistCharacter,
  anilistResult,
  combine,
  shikimoriCharacter,
  shikimoriCharacterFromRole,
  shikimoriResult,
} from '../../domain/admin-results';
import { sourceFailure } from '../errors';

const attempt = async <T>(source: AnimeSource, what: string, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    throw sourceFailure(source, err, what);
  }
};

/**
 * The look-ups of the admin catalogue (requirements C7) this service owns: the anime searches of
 * search-and-add and the character lists of the import screen. Admin only (the route table).
 */
export function registerAdminLookupRoutes(app: HttpServer, ctx: AnimeSearchContext): void {
  const { lookups, shikimori } = ctx;
  const abs = shikimori.absolute;

  app.get(
    '/admin/shikimori/search/anime',
    { schema: { querystring: animeQuerySchema, response: { 200: z.array(shikimoriAnimeResultSchema) } } },
    async (req) =>
      (await attempt('shikimori', 'Anime', () => lookups.shikimoriSearch(req.query.q))).map((a) =>
        shikimoriResult(a, abs),
      ),
  );

  app.get(
    '/admin/anilist/search/anime',
    { schema: { querystring: animeQuerySchema, response: { 200: z.array(anilistAnimeResultSchema) } } },
    async (req) =>
      (await attempt('anilist', 'Anime', () => lookups.anilistSearch(req.query.q))).map(anilistResult),
  );

  app.get(
    '/admin/search/anime/combined',
    { schema: { querystring: animeQuerySchema, response: { 200: combinedSearchAnswerSchema } } },
    async (req) => {
      const [s, a] = await Promise.allSettled([
        lookups.shikimoriSearch(req.query.q),
        lookups.anilistSearch(req.query.q),
      ]);
      const unavailable: AnimeSource[] = [];
      if (s.status === 'rejected') unavailable.push('shikimori');
      if (a.status === 'rejected') unavailable.push('anilist');
      if (unavailable.length === 2)
        throw new UnavailableError('Neither Shikimori nor AniList answered', { unavailable });
      const fromShiki = s.status === 'fulfilled' ? s.value.map((x) => shikimoriResult(x, abs)) : [];
      const fromAni = a.status === 'fulfilled' ? a.value.map(anilistResult) : [];
      return { shikimori: fromShiki, anilist: fromAni, matches: combine(fromShiki, fromAni), unavailable };
    },
  );

  app.get(
    '/admin/anilist/characters/:anilistId',
    { schema: { params: z.object({ anilistId: id() }), response: { 200: anilistCharactersAnswerSchema } } },
    async (req) => ({
      characters: (
        await attempt('anilist', 'Anime', () => lookups.anilistCharacters(req.params.anilistId))
      ).map(anilistCharacter),
    }),
  );

  app.get(
    '/admin/shikimori/anime/:shikimoriId/characters',
    {
      schema: {
        params: z.object({ shikimoriId: id() }),
        response: { 200: z.array(shikimoriCharacterSchema) },
      },
    },
    async (req) =>
      (await attempt('shikimori', 'Anime', () => lookups.shikimoriCharacters(req.params.shikimoriId))).map(
        (c) => shikimoriCharacterFromRole(c, abs),
      ),
  );

  app.get(
    '/admin/shikimori/characters/:id',
    {
      schema: {
        params: z.object({ id: id() }),
        // The import screen sends type=character; it is the only type there is.
        querystring: z.object({ type: z.literal('character').optional() }),
        response: { 200: shikimoriCharacterSchema },
      },
    },
    async (req) =>
      shikimoriCharacter(
        await attempt('shikimori', 'Character', () => lookups.shikimoriCharacter(req.params.id)),
        abs,
      ),
  );
}
