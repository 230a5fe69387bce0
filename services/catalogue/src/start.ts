import { join } from 'node:path';
import {
  createDatabase,
  type RunningService,
  type ServiceDeps,
  startHttpService,
  startOutboxRelay,
} from '@acg/platform';
import type { CatalogueConfig } from './config';
import * as tables from './db/schema';
import { registerCatalogueRoutes } from './routes/catalogue/catalogue';
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
  const { config, bus, cache } = deps;
  const database = deps.database as NonNullable<typeof deps.database>;
  if (!database) throw new Error('catalogue needs a database');
  if (config.SEED_DEMO_CATALOGUE) await seedDemoCatalogue(database, deps.logger);

  return startHttpService({
    name: SERVICE,
    host: config.HOST,
    port: config.PORT,
    internalSecret: config.INTERNAL_SECRET,
    deps,
    setup: async (app) => {
      const relay = startOutboxRelay({ database, table: tables.outbox, bus, logger: deps.logger });
      registerStatsRoutes(app, {
        database,
        bus,
        cache: cache.namespace('stats'),
        cacheSeconds: config.STATS_CACHE_SECONDS,
      });
      registerCatalogueRoutes(app, { database, bus, cache });
      const subscriptions = serveCatalogueRpc(bus, database);
      return [() => relay.stop(), ...subscriptions.map((s) => () => s.stop())];
    },
  });
}
