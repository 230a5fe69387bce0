import { type Anime, animeSchema, bundledLanguageOf, parseAnimeExternalId, safeString } from '@acg/contracts';
import { type HttpServer, NotFoundError } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AnimeSearchContext } from '../../context';
import { fromAnilist, fromShikimori } from '../../domain/anime';
import { ClientShareExceeded } from '../../sources/client-share';
import { SourceNotFound } from '../../sources/source';
import { asCaller, sourceFailure } from '../errors';

/**
 * GET /api/anime/{animeId}/details (requirements M7). `al-<n>` is asked of AniList. A plain number is
 * a Shikimori id: asked of Shikimori; when Shikimori does not answer, AniList's entry with that
 * MyAnimeList id stands in (Shikimori's ids are MyAnimeList's); when Shikimori has no such
 * anime, the number is tried as an AniList id, as the catalogue's cards route reads it.
 */
export function registerAnimeDetailsRoutes(app: HttpServer, ctx: AnimeSearchContext): void {
  const { lookups, shikimori } = ctx;
  app.get(
    '/api/anime/:animeId/details',
    {
      schema: {
        params: z.object({ animeId: safeString().max(32) }),
        response: { 200: animeSchema },
      },
    },
    (req): Promise<Anime> => asCaller(req, () => details(req, req.params.animeId)),
  );

  async function details(req: FastifyRequest, animeId: string): Promise<Anime> {
    {
      const parsed = parseAnimeExternalId(animeId);
      if (!parsed) throw new NotFoundError('Anime not found', { animeId });
      if (parsed.service === 'anilist') {
        try {
          return fromAnilist(await lookups.anilistAnime(parsed.id));
        } catch (err) {
          throw sourceFailure('anilist', err, req.identity.language);
        }
      }
      try {
        return fromShikimori(
          await lookups.shikimoriAnime(parsed.id),
          bundledLanguageOf(req.identity.language),
          shikimori.absolute,
        );
      } catch (err) {
        if (err instanceof SourceNotFound) {
          try {
            return fromAnilist(await lookups.anilistAnime(parsed.id));
          } catch (second) {
            throw second instanceof SourceNotFound
              ? sourceFailure('shikimori', err, req.identity.language)
              : sourceFailure('anilist', second, req.identity.language);
          }
        }
        // Over the caller's share: no second source is asked (asCaller answers 429).
        if (err instanceof ClientShareExceeded) throw err;
        req.log.warn({ err }, 'Shikimori detail failed; asking AniList by MyAnimeList id');
        try {
          return fromAnilist(await lookups.anilistAnimeByMal(parsed.id), { asShikimori: parsed.id });
        } catch {
          throw sourceFailure('shikimori', err, req.identity.language);
        }
      }
    }
  }
}
