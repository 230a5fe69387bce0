import { join } from 'node:path';
import {
  createDatabase,
  type RunningService,
  type ServiceDeps,
  startHttpService,
  startOutboxRelay,
} from '@acg/platform';
import { catalogueCaches } from './caches';
import type { CatalogueConfig } from './config';
import type { CatalogueContext } from './context';
import * as tables from './db/schema';
import { createCardDrawer } from './draw/draw-card';
import { createDrawPool } from './draw/draw-pool';
import { registerAnimeRoutes } from './routes/anime/anime';
import { registerAnimeCardRoutes } from './routes/anime-cards/anime-cards';
import { registerCharacterRoutes } from './routes/characters/characters';
import { registerRankRoutes } from './routes/ranks/ranks';
import { serveCatalogueRpc } from './routes/rpc/rpc';
import { registerStatsRoutes } from './routes/stats/stats';
import { seedDemoCatalogue } from './seed/demo';

export const SERVICE = 'catalogue';
export const migrationsFolder = join(import.meta.dirname, '..', 'drizzle');

/** Opens the catalogue's database (its own schema) and applies migrations. */
export async function openCatalogueDatabase(url: string, logger: ServiceDeps<unknown>['logger']) {
  const database = createDatabase({ url, schema: SERVICE, migrationsFolder, tables, logger });
  await database.migrate();
  return database;
}

export async function start(deps: ServiceDeps<CatalogueConfig>): Promise<RunningService> {
  const { config, bus, logger } = deps;
  const database = deps.database;
  if (!database) throw new Error('catalogue needs a database');
  const caches = catalogueCaches(deps.cache);
  // Lists cached before the seed (a shared Redis outliving a database) would hide it.
  if (config.SEED_DEMO_CATALOGUE && (await seedDemoCatalogue(database, logger))) await caches.invalidate();
  const ctx: CatalogueContext = { database, bus, caches };

  return startHttpService({
    name: SERVICE,
    host: config.HOST,
    port: config.PORT,
    internalSecret: config.INTERNAL_SECRET,
    deps,
    setup: async (app) => {
      const relay = startOutboxRelay({ database, table: tables.outbox, bus, logger });
      relay.kick();
      registerStatsRoutes(app, {
        database,
        bus,
        cache: caches.stats,
        cacheSeconds: config.STATS_CACHE_SECONDS,
      });
      registerRankRoutes(app, ctx);
      registerAnimeRoutes(app, ctx);
      registerCharacterRoutes(app, ctx);
      registerAnimeCardRoutes(app, ctx);
      const drawCard = createCardDrawer(database, createDrawPool(database, caches.cards));
      const subscriptions = serveCatalogueRpc(bus, database, drawCard);
      return [() => relay.stop(), ...subscriptions.map((s) => () => s.stop())];
    },
  });
}
