import { type Anime, animeSchema, bundledLanguageOf, parseAnimeExternalId, safeString } from '@acg/contracts';
import { type HttpServer, NotFoundError, text } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AnimeSearchContext } from '../../context';
import { fromAnilist, fromShikimori, type Language } from '../../domain/anime';
import { indexedAnilist, indexedShikimori, toAnime } from '../../index/records';
import type { IndexedAnime } from '../../index/repository';
import { asBackground } from '../../sources/budget';
import { ClientShareExceeded } from '../../sources/client-share';
import { SourceNotFound } from '../../sources/source';
import { asCaller, sourceFailure } from '../errors';

const detailAt = (a: IndexedAnime) =>
  Math.max(a.shikimoriDetailAt?.getTime() ?? 0, a.anilistDetailAt?.getTime() ?? 0);
const shown = (a: IndexedAnime, animeId: string, language: Language): Anime => ({
  ...toAnime(a.shikimori, a.anilist, language),
  id: animeId,
});

/**
 * The index's detail when it has one (an old one read again in the background, as background
 * work); else `live` (the source now), with the index's search entry standing in if that fails.
 */
async function fromIndexFirst(
  ctx: AnimeSearchContext,
  req: FastifyRequest,
  animeId: string,
  live: (animeId: string) => Promise<Anime>,
): Promise<Anime> {
  const parsed = parseAnimeExternalId(animeId);
  if (!parsed) throw new NotFoundError(text('animeSearch.detailsNotFound'), { animeId });
  const language = bundledLanguageOf(req.identity.language);
  const indexed = await ctx.index.byPageId(parsed);
  if (indexed && detailAt(indexed) > 0) {
    if (Date.now() - detailAt(indexed) > ctx.detailMaxAgeMs)
      asBackground(() => live(animeId)).catch((err) => req.log.warn({ err }, 'anime detail refresh failed'));
    return shown(indexed, animeId, language);
  }
  try {
    return await live(animeId);
  } catch (err) {
    if (indexed && !(err instanceof ClientShareExceeded)) return shown(indexed, animeId, language);
    throw err;
  }
}

/**
 * GET /api/anime/{animeId}/details (requirements M7; issue 24): from the anime index when it holds
 * the anime's detail; a detail older than DETAIL_MAX_AGE_HOURS is shown and read again in the
 * background; an anime the index has no detail of is asked of its source now (and kept), and
 * when the source cannot answer, the index's search entry stands in. `al-<n>` is asked of AniList. A plain number is
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
    (req): Promise<Anime> =>
      asCaller(req, () => fromIndexFirst(ctx, req, req.params.animeId, (animeId) => details(req, animeId))),
  );

  /** Keeps a detail a source gave in the index (a failure to keep it does not fail the page). */
  const keep = (req: FastifyRequest, write: () => Promise<void>) =>
    write().catch((err) => req.log.warn({ err }, 'anime detail not kept in the index'));

  async function shikimoriDetail(req: FastifyRequest, id: number) {
    const anime = await lookups.shikimoriAnime(id);
    await keep(req, () => ctx.index.addShikimori([indexedShikimori(anime, shikimori.absolute)], true));
    return anime;
  }

  async function anilistDetail(req: FastifyRequest, id: number) {
    const media = await lookups.anilistAnime(id);
    await keep(req, () => ctx.index.addAnilist([indexedAnilist(media, true)], true));
    return media;
  }

  /** The detail asked of its source now (the sites' answers, as before the index). */
  async function details(req: FastifyRequest, animeId: string): Promise<Anime> {
    {
      const parsed = parseAnimeExternalId(animeId);
      if (!parsed) throw new NotFoundError(text('animeSearch.detailsNotFound'), { animeId });
      if (parsed.service === 'anilist') {
        try {
          return fromAnilist(await anilistDetail(req, parsed.id));
        } catch (err) {
          throw sourceFailure('anilist', err, req.identity.language);
        }
      }
      try {
        return fromShikimori(
          await shikimoriDetail(req, parsed.id),
          bundledLanguageOf(req.identity.language),
          shikimori.absolute,
        );
      } catch (err) {
        if (err instanceof SourceNotFound) {
          try {
            return fromAnilist(await anilistDetail(req, parsed.id));
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
          const media = await lookups.anilistAnimeByMal(parsed.id);
          await keep(req, () => ctx.index.addAnilist([indexedAnilist(media, true)], true));
          return fromAnilist(media, { asShikimori: parsed.id });
        } catch {
          throw sourceFailure('shikimori', err, req.identity.language);
        }
      }
    }
  }
}
