import {
  createOutageLog,
  isOutage,
  type RunningService,
  type ServiceDeps,
  serviceDatabase,
  startDatabaseService,
  systemAuditEvent,
} from '@acg/platform';
import { schedule } from 'node-cron';
import { catalogueCaches } from './caches';
import type { CatalogueConfig } from './config';
import type { CatalogueContext } from './context';
import * as tables from './db/schema';
import { createCardDrawer } from './draw/draw-card';
import { createDrawPool } from './draw/draw-pool';
import { createCatalogueEditor } from './editing/catalogue-editor';
import { createRarityJob } from './rarity/rarity-job';
import { fillMissingSearchKeys } from './repository/search-keys';
import { registerAdminCatalogueRoutes } from './routes/admin/admin-catalogue';
import { registerRarityRoutes } from './routes/admin/rarity';
import { registerAnimeRoutes } from './routes/anime/anime';
import { registerAnimeCardRoutes } from './routes/anime-cards/anime-cards';
import { registerCharacterRoutes } from './routes/characters/characters';
import { registerFeaturedRoutes } from './routes/featured/featured';
import { registerRankRoutes } from './routes/ranks/ranks';
import { serveCacheAdministration } from './routes/rpc/cache-admin';
import { serveCatalogueRpc } from './routes/rpc/rpc';
import { registerStatsRoutes } from './routes/stats/stats';

export const SERVICE = 'catalogue';

/** The catalogue's database: its own schema, its migrations and drizzle tables. */
export const catalogueDatabase = serviceDatabase(SERVICE, import.meta.dirname, tables);

export async function start(deps: ServiceDeps<CatalogueConfig>): Promise<RunningService> {
  const { config, bus, logger } = deps;
  return startDatabaseService(SERVICE, deps, tables.outbox, async (app, { database, relay }) => {
    const caches = catalogueCaches(deps.cache);
    const ctx: CatalogueContext = { database, bus, caches };
    relay.kick();
    // Characters written before search keys existed get theirs (not awaited: search falls back meanwhile).
    fillMissingSearchKeys(database).then(
      (n) => n > 0 && logger.info({ characters: n }, 'search keys filled'),
      (err) => logger.warn({ err }, 'search keys not filled; search falls back to primary names'),
    );
    registerStatsRoutes(app, {
      database,
      bus,
      cache: caches.stats,
      cacheSeconds: config.STATS_CACHE_SECONDS,
    });
    registerRankRoutes(app, ctx);
    registerAnimeRoutes(app, ctx);
    registerCharacterRoutes(app, ctx, config.CHARACTERS_LOCAL_CACHE_BYTES);
    registerAnimeCardRoutes(app, ctx);
    registerFeaturedRoutes(app, ctx);
    const editor = createCatalogueEditor({ database, caches, onEventsWritten: () => relay.kick() });
    // Its own scope: the admin check hook applies to these routes only.
    await app.register(async (scope) => registerAdminCatalogueRoutes(scope, { ...ctx, editor }));
    const rarity = createRarityJob({
      database,
      bus,
      caches,
      logger,
      activeDays: config.RARITY_ACTIVE_DAYS,
      onEventsWritten: () => relay.kick(),
    });
    await app.register(async (scope) => registerRarityRoutes(scope, rarity));
    // The scheduled recalculation; replicas race for the database lock and one runs (rules §37).
    const rarityOutage = createOutageLog(logger, 'scheduled rarity recalculation');
    const scheduled = config.RARITY_SCHEDULE.trim()
      ? schedule(
          config.RARITY_SCHEDULE,
          async () => {
            try {
              await rarity.run({
                type: 'auto',
                method: 'scores',
                audit: (r) =>
                  systemAuditEvent(SERVICE, {
                    action: 'rarity.recalculated',
                    category: 'cards',
                    description: `Scheduled rarity recalculation: ${r.rarityScores.updated} of ${r.rarityScores.total} scores changed`,
                    targetType: 'card',
                  }),
              });
              rarityOutage.ok();
            } catch (err) {
              if (isOutage(err)) rarityOutage.failed(err);
              else logger.warn({ err }, 'scheduled rarity recalculation did not run');
            }
          },
          { name: 'rarity', noOverlap: true },
        )
      : undefined;
    const drawCard = createCardDrawer(database, createDrawPool(database, caches.cards));
    const subscriptions = [
      ...serveCatalogueRpc(bus, database, drawCard),
      ...serveCacheAdministration(bus, deps.cache),
    ];
    return [
      async () => {
        await scheduled?.destroy();
      },
      () => relay.stop(),
      ...subscriptions.map((s) => () => s.stop()),
    ];
  });
}
