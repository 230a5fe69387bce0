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
import { type HttpServer, RateLimitError, text, UnavailableError } from '@acg/platform';
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

type Caller = { identity: { language: string } };

const attempt = async <T>(
  req: Caller,
  source: AnimeSource,
  what: 'anime' | 'character',
  run: () => Promise<T>,
): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    throw sourceFailure(source, err, req.identity.language, what);
  }
};

/**
 * Neither source answered the combined search: a 429 when both only lacked budget (the caller
 * waits the shorter of the two), else a 503 naming them.
 */
function neitherAnswered(req: Caller, shikimori: unknown, anilist: unknown): Error {
  const failures = [
    sourceFailure('shikimori', shikimori, req.identity.language),
    sourceFailure('anilist', anilist, req.identity.language),
  ];
  const busy = failures.filter((f): f is RateLimitError => f instanceof RateLimitError);
  if (busy.length === 2)
    return busy.reduce((a, b) => ((a.retryAfterSeconds ?? 0) <= (b.retryAfterSeconds ?? 0) ? a : b));
  return new UnavailableError(text('animeSearch.noSource'), {
    unavailable: ['shikimori', 'anilist'],
  });
}

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
      (await attempt(req, 'shikimori', 'anime', () => lookups.shikimoriSearch(req.query.q))).map((a) =>
        shikimoriResult(a, abs),
      ),
  );

  app.get(
    '/admin/anilist/search/anime',
    { schema: { querystring: animeQuerySchema, response: { 200: z.array(anilistAnimeResultSchema) } } },
    async (req) =>
      (await attempt(req, 'anilist', 'anime', () => lookups.anilistSearch(req.query.q))).map(anilistResult),
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
      if (s.status === 'rejected' && a.status === 'rejected') throw neitherAnswered(req, s.reason, a.reason);
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
        await attempt(req, 'anilist', 'anime', () => lookups.anilistCharacters(req.params.anilistId))
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
      (
        await attempt(req, 'shikimori', 'anime', () => lookups.shikimoriCharacters(req.params.shikimoriId))
      ).map((c) => shikimoriCharacterFromRole(c, abs)),
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
        await attempt(req, 'shikimori', 'character', () => lookups.shikimoriCharacter(req.params.id)),
        abs,
      ),
  );
}
