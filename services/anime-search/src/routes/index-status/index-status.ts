import { type AnimeIndexStatus, animeIndexStatusSchema } from '@acg/contracts';
import type { HttpServer } from '@acg/platform';
import type { AnimeSearchContext } from '../../context';

/**
 * GET /api/admin/anime-search/status (issue 24), admin only (the route table): the index's size
 * and freshness and each source's budget used by members vs the background fill.
 */
export function registerIndexStatusRoutes(app: HttpServer, ctx: AnimeSearchContext): void {
  app.get(
    '/api/admin/anime-search/status',
    { schema: { response: { 200: animeIndexStatusSchema } } },
    async (): Promise<AnimeIndexStatus> => {
      const use = async (name: 'shikimori' | 'anilist') => ({
        available: ctx.sources[name].available,
        lastMinute: await ctx.budgets[name].used(1),
        lastHour: await ctx.budgets[name].used(60),
      });
      return {
        index: { ...(await ctx.index.stats(ctx.refreshMs)), refreshHours: ctx.refreshMs / 3_600_000 },
        sources: { shikimori: await use('shikimori'), anilist: await use('anilist') },
        backgroundShare: ctx.budgets.shikimori.backgroundShare,
      };
    },
  );
}
