import { join } from 'node:path';
import {
  type RunningService,
  type ServiceDatabaseSpec,
  type ServiceDeps,
  startHttpService,
} from '@acg/platform';
import type { AnimeSearchConfig } from './config';
import type { AnimeSearchContext } from './context';
import { tables } from './db/schema';
import { startFill } from './index/fill';
import { createAnimeIndex } from './index/repository';
import { createUpstream } from './index/upstream';
import { createLookups } from './lookups';
import { registerAdminLookupRoutes } from './routes/admin-lookups/admin-lookups';
import { registerAnimeDetailsRoutes } from './routes/anime-details/anime-details';
import { registerAnimeSearchRoutes } from './routes/anime-search/anime-search';
import { registerIndexStatusRoutes } from './routes/index-status/index-status';
import { serveAnimeTitles } from './routes/rpc/anime-title';
import { registerStatusRoutes } from './routes/status/status';
import { anilistClient } from './sources/anilist';
import { limitWindows, SourceBudget } from './sources/budget';
import { shikimoriClient } from './sources/shikimori';
import { Source } from './sources/source';

export const SERVICE = 'anime-search';

/** The anime index's schema (issue 24): drizzle tables and migrations (pg_trgm, unaccent). */
export const animeSearchDatabase: ServiceDatabaseSpec = {
  schema: SERVICE,
  migrationsFolder: join(import.meta.dirname, '..', 'drizzle'),
  tables,
};

export interface AnimeSearchService extends RunningService {
  sources: AnimeSearchContext['sources'];
  context: AnimeSearchContext;
}

const HOUR = 3_600_000;

function sourcesOf(deps: ServiceDeps<AnimeSearchConfig>) {
  const { config, cache, logger } = deps;
  const budget = (source: string, limits: { perSecond?: number; perMinute: number }) =>
    new SourceBudget({
      cache,
      source,
      windows: limitWindows(limits),
      maxWaitMs: config.SOURCE_MAX_WAIT_MS,
      clientShare: config.SOURCE_CLIENT_SHARE,
      backgroundShare: config.BACKGROUND_SHARE,
    });
  const budgets = {
    shikimori: budget('shikimori', {
      perSecond: config.SHIKIMORI_PER_SECOND,
      perMinute: config.SHIKIMORI_PER_MINUTE,
    }),
    anilist: budget('anilist', { perMinute: config.ANILIST_PER_MINUTE }),
  };
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
    shikimori: new Source({ ...common, name: 'shikimori', limiter: budgets.shikimori }),
    anilist: new Source({ ...common, name: 'anilist', limiter: budgets.anilist }),
  };
  return { budgets, sources };
}

/**
 * Anime search, detail, status and the admin look-ups. Member searches and pages are answered
 * from the anime index (PostgreSQL), which the sources fill: on a weak search within the
 * request's budget, and in the background under the background's share of their limits.
 */
export async function start(deps: ServiceDeps<AnimeSearchConfig>): Promise<AnimeSearchService> {
  const { config, cache, logger, database } = deps;
  if (!database) throw new Error('anime-search needs its database (the anime index)');
  const { budgets, sources } = sourcesOf(deps);
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
  const index = createAnimeIndex(database);
  const upstream = createUpstream({
    index,
    cache,
    shikimori,
    anilist,
    searchFreshMs: config.SEARCH_CACHE_SECONDS * 1000,
  });
  const refreshMs = config.INDEX_REFRESH_HOURS * HOUR;
  const ctx: AnimeSearchContext = {
    lookups: createLookups(cache, shikimori, anilist, {
      searchSeconds: config.SEARCH_CACHE_SECONDS,
      detailSeconds: config.DETAIL_CACHE_SECONDS,
    }),
    shikimori,
    anilist,
    sources,
    budgets,
    index,
    upstream,
    searchBudgetMs: config.SEARCH_BUDGET_MS,
    detailMaxAgeMs: config.DETAIL_MAX_AGE_HOURS * HOUR,
    refreshMs,
  };
  const fill =
    config.INDEX_FILL_INTERVAL_MS > 0
      ? startFill({
          index,
          upstream,
          cache,
          shikimori,
          anilist,
          logger,
          intervalMs: config.INDEX_FILL_INTERVAL_MS,
          refreshMs,
        })
      : undefined;
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
      registerIndexStatusRoutes(app, ctx);
      const served = serveAnimeTitles(deps.bus, ctx, logger);
      return [
        async () => {
          await Promise.all(served.map((s) => s.stop()));
          await fill?.stop();
          sources.shikimori.shutdown();
          sources.anilist.shutdown();
        },
      ];
    },
  });
  return { ...running, sources, context: ctx };
}
