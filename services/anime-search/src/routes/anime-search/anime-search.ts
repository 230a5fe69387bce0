import {
  type AnimeSearchAnswer,
  type AnimeSource,
  animeQuerySchema,
  animeSearchAnswerSchema,
  bundledLanguageOf,
} from '@acg/contracts';
import { type HttpServer, text, UnavailableError } from '@acg/platform';
import type { AnimeSearchContext } from '../../context';
import { fromShikimori, mergeResults } from '../../domain/anime';
import { ClientShareExceeded } from '../../sources/client-share';
import { asCaller } from '../errors';

/**
 * GET /api/anime/search?q= (requirements M7): both sources asked at once; when one does not answer,
 * the other's results come with `unavailable` naming it; when neither answers, a 503 `{error}`.
 * A caller past its share of the sources' budgets (issue 27) gets 429 with Retry-After.
 */
export function registerAnimeSearchRoutes(app: HttpServer, ctx: AnimeSearchContext): void {
  const { lookups, shikimori } = ctx;
  app.get(
    '/api/anime/search',
    { schema: { querystring: animeQuerySchema, response: { 200: animeSearchAnswerSchema } } },
    async (req): Promise<AnimeSearchAnswer> => {
      const { q } = req.query;
      // Asked as the caller's client: each takes only its share of the sources' budgets.
      const [fromShiki, fromAni] = await asCaller(req, async () => {
        const answers = await Promise.allSettled([lookups.shikimoriSearch(q), lookups.anilistSearch(q)]);
        // Over the share with one source: the other source's results, with that one marked
        // unavailable (nothing of its budget was spent). Only when the caller is over its share
        // with both is it a 429 (asCaller): a fan typing a few searches in a row still sees
        // results, a client hammering gets refused; a source that is down beside one over the
        // share is the outage it is (503 below).
        const overShare = (a: PromiseSettledResult<unknown>) =>
          a.status === 'rejected' && a.reason instanceof ClientShareExceeded;
        if (answers.every(overShare)) throw (answers[0] as PromiseRejectedResult).reason;
        return answers;
      });
      const unavailable: AnimeSource[] = [];
      if (fromShiki.status === 'rejected') {
        unavailable.push('shikimori');
        req.log.warn({ err: fromShiki.reason }, 'Shikimori search failed');
      }
      if (fromAni.status === 'rejected') {
        unavailable.push('anilist');
        req.log.warn({ err: fromAni.reason }, 'AniList search failed');
      }
      if (unavailable.length === 2)
        throw new UnavailableError(text('animeSearch.searchUnavailable'), {
          unavailable,
        });
      const language = bundledLanguageOf(req.identity.language);
      const shikiResults =
        fromShiki.status === 'fulfilled'
          ? fromShiki.value.map((a) => fromShikimori(a, language, shikimori.absolute))
          : undefined;
      const results = mergeResults(shikiResults, fromAni.status === 'fulfilled' ? fromAni.value : undefined);
      return { results, unavailable };
    },
  );
}
