import {
  metricsRegistry,
  type RunningService,
  registerMetrics,
  type ServiceDeps,
  serviceDatabase,
  startService,
} from '@acg/platform';
import type { Pool } from 'pg';
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
import { budgetMetrics } from './sources/budget-metrics';
import { createClientLines } from './sources/client-lines';
import { shikimoriClient } from './sources/shikimori';
import { Source } from './sources/source';

export const SERVICE = 'anime-search';

/** The anime index's schema (issue 24): drizzle tables and migrations (pg_trgm, unaccent). */
export const animeSearchDatabase = serviceDatabase(SERVICE, import.meta.dirname, tables);

export interface AnimeSearchService extends RunningService {
  sources: AnimeSearchContext['sources'];
  context: AnimeSearchContext;
}

const HOUR = 3_600_000;
/** Connections to the index opened at start. */
const POOL_WARM = 4;
/** How often the searches counted in memory are written to the index. */
const SEARCH_COUNT_FLUSH_MS = 1000;

/** Opens `n` of the pool's connections and returns them to it (idle, ready for the next queries). */
async function warm(pool: Pool, n: number): Promise<void> {
  const clients = await Promise.all(Array.from({ length: n }, () => pool.connect()));
  for (const client of clients) client.release();
}

function sourcesOf(deps: ServiceDeps<AnimeSearchConfig>) {
  const { config, cache, logger } = deps;
  const windows = {
    shikimori: limitWindows({
      perSecond: config.SHIKIMORI_PER_SECOND,
      perMinute: config.SHIKIMORI_PER_MINUTE,
    }),
    anilist: limitWindows({ perMinute: config.ANILIST_PER_MINUTE }),
  };
  const metrics = budgetMetrics(windows);
  const budget = (source: keyof typeof windows) =>
    new SourceBudget({
      cache,
      source,
      windows: windows[source],
      onStart: metrics.onStart,
      maxWaitMs: config.SOURCE_MAX_WAIT_MS,
      clientShare: config.SOURCE_CLIENT_SHARE,
      backgroundShare: config.BACKGROUND_SHARE,
    });
  const budgets = { shikimori: budget('shikimori'), anilist: budget('anilist') };
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
  return { budgets, sources, metrics: metrics.metrics };
}

/**
 * Anime search, detail, status and the admin look-ups. Member searches and pages are answered
 * from the anime index (PostgreSQL), which the sources fill: on a weak search within the
 * request's budget, and in the background under the background's share of their limits.
 */
export async function start(deps: ServiceDeps<AnimeSearchConfig>): Promise<AnimeSearchService> {
  const { config, cache, logger, database } = deps;
  if (!database) throw new Error('anime-search needs its database (the anime index)');
  const { budgets, sources, metrics } = sourcesOf(deps);
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
  // Open a few connections now: the first searches side by side after a start do not each wait
  // for a new connection to PostgreSQL (tens of milliseconds on a busy machine).
  await warm(database.pool, POOL_WARM);
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
    lines: createClientLines({
      running: config.SEARCH_CLIENT_RUNNING,
      waiting: config.SEARCH_CLIENT_WAITING,
    }),
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
          bus: deps.bus,
          shikimori,
          anilist,
          logger,
          intervalMs: config.INDEX_FILL_INTERVAL_MS,
          refreshMs,
        })
      : undefined;
  const running = await startService(SERVICE, deps, async (app) => {
    registerMetrics(metricsRegistry(app), ...metrics);
    registerStatusRoutes(app, sources);
    registerAnimeSearchRoutes(app, ctx);
    registerAnimeDetailsRoutes(app, ctx);
    registerAdminLookupRoutes(app, ctx);
    registerIndexStatusRoutes(app, ctx);
    const served = serveAnimeTitles(deps.bus, ctx, logger);
    const counting = setInterval(() => {
      index.flushSearches().catch((err) => logger.warn({ err }, 'searches not counted yet'));
    }, SEARCH_COUNT_FLUSH_MS);
    return [
      async () => {
        await Promise.all(served.map((s) => s.stop()));
        clearInterval(counting);
        await index.flushSearches().catch((err) => logger.warn({ err }, 'searches not counted'));
        await fill?.stop();
        sources.shikimori.shutdown();
        sources.anilist.shutdown();
      },
    ];
  });
  return { ...running, sources, context: ctx };
}
