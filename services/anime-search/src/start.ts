import { type RunningService, type ServiceDeps, startHttpService } from '@acg/platform';
import type { AnimeSearchConfig } from './config';
import type { AnimeSearchContext } from './context';
import { createLookups } from './lookups';
import { registerAdminLookupRoutes } from './routes/admin-lookups/admin-lookups';
import { registerAnimeDetailsRoutes } from './routes/anime-details/anime-details';
import { registerAnimeSearchRoutes } from './routes/anime-search/anime-search';
import { registerStatusRoutes } from './routes/status/status';
import { anilistClient } from './sources/anilist';
import { limitWindows, SharedRateLimiter } from './sources/rate-limiter';
import { shikimoriClient } from './sources/shikimori';
import { Source } from './sources/source';

export const SERVICE = 'anime-search';
/** The shared request budgets of the sources (counters only; not a cache of answers). */
export const RATE_LIMITS_NAMESPACE = 'source-limits';

export interface AnimeSearchService extends RunningService {
  sources: AnimeSearchContext['sources'];
}

/**
 * Anime search, detail, status and the admin look-ups, answered from Shikimori and AniList.
 * No database: answers are cached in the kit cache, rate-limit budgets shared through it.
 */
export async function start(deps: ServiceDeps<AnimeSearchConfig>): Promise<AnimeSearchService> {
  const { config, cache, logger } = deps;
  const limits = cache.namespace(RATE_LIMITS_NAMESPACE);
  const common = {
    logger,
    timeoutMs: config.SOURCE_TIMEOUT_MS,
    retries: config.SOURCE_RETRIES,
    retryDelayMs: config.SOURCE_RETRY_DELAY_MS,
    maxWaitMs: config.SOURCE_MAX_WAIT_MS,
    circuitResetMs: config.CIRCUIT_RESET_MS,
    circuitVolumeThreshold: config.CIRCUIT_VOLUME_THRESHOLD,
  };
  const sources = {
    shikimori: new Source({
      ...common,
      name: 'shikimori',
      limiter: new SharedRateLimiter(
        limits,
        'shikimori',
        limitWindows({ perSecond: config.SHIKIMORI_PER_SECOND, perMinute: config.SHIKIMORI_PER_MINUTE }),
        config.SOURCE_MAX_WAIT_MS,
        Date.now,
        config.SOURCE_CLIENT_SHARE,
      ),
    }),
    anilist: new Source({
      ...common,
      name: 'anilist',
      limiter: new SharedRateLimiter(
        limits,
        'anilist',
        limitWindows({ perMinute: config.ANILIST_PER_MINUTE }),
        config.SOURCE_MAX_WAIT_MS,
        Date.now,
        config.SOURCE_CLIENT_SHARE,
      ),
    }),
  };
  const shikimori = shikimoriClient(
    sources.shikimori,
    config.SHIKIMORI_BASE_URL,
    config.SHIKIMORI_USER_AGENT,
  );
  const anilist = anilistClient(sources.anilist, config.ANILIST_URL);
  if (config.STATUS_PROBE_SECONDS > 0) {
    const every = config.STATUS_PROBE_SECONDS * 1000;
    sources.shikimori.startProbe(shikimori.probe.url, shikimori.probe.init, every);
    sources.anilist.startProbe(anilist.probe.url, anilist.probe.init, every);
  }
  const ctx: AnimeSearchContext = {
    lookups: createLookups(cache, shikimori, anilist, {
      searchSeconds: config.SEARCH_CACHE_SECONDS,
      detailSeconds: config.DETAIL_CACHE_SECONDS,
    }),
    shikimori,
    sources,
  };
  const running = await startHttpService({
    name: SERVICE,
    host: config.HOST,
    port: config.PORT,
    internalSecret: config.INTERNAL_SECRET,
    deps,
    setup: async (app) => {
      registerStatusRoutes(app, sources);
      registerAnimeSearchRoutes(app, ctx);
      registerAnimeDetailsRoutes(app, ctx);
      registerAdminLookupRoutes(app, ctx);
      return [
        async () => {
          sources.shikimori.shutdown();
          sources.anilist.shutdown();
        },
      ];
    },
  });
  return { ...running, sources };
}
