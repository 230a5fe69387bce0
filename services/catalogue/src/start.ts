import { join } from 'node:path';
import {
  type RunningService,
  type ServiceDatabaseSpec,
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

export const SERVICE = 'catalogue';

/** The catalogue's database: its own schema, its migrations and drizzle tables. */
export const catalogueDatabase: ServiceDatabaseSpec = {
  schema: SERVICE,
  migrationsFolder: join(import.meta.dirname, '..', 'drizzle'),
  tables,
};

export async function start(deps: ServiceDeps<CatalogueConfig>): Promise<RunningService> {
  const { config, bus, logger } = deps;
  const database = deps.database;
  if (!database) throw new Error('catalogue needs a database');
  const caches = catalogueCaches(deps.cache);
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
