import { join } from 'node:path';
import {
  type RunningService,
  type ServiceDatabaseSpec,
  type ServiceDeps,
  startHttpService,
  startOutboxRelay,
} from '@acg/platform';
import { createCardExists } from './cards/card-exists';
import type { InventoryConfig } from './config';
import { startReadModelConsumers } from './consumers/read-models';
import * as tables from './db/schema';
import { registerAdminInventoryRoutes } from './routes/admin/admin-inventory';
import { registerCollectorRoutes } from './routes/collectors/collectors';
import { registerInventoryRoutes } from './routes/inventory/inventory';
import { registerLikeRoutes } from './routes/likes/likes';
import { serveInventoryRpc } from './routes/rpc/rpc';
import { registerTradeRoutes } from './routes/trades/trades';

export const SERVICE = 'inventory';

/** Inventory's database: its own schema, its migrations and drizzle tables. */
export const inventoryDatabase: ServiceDatabaseSpec = {
  schema: SERVICE,
  migrationsFolder: join(import.meta.dirname, '..', 'drizzle'),
  tables,
};

export async function start(deps: ServiceDeps<InventoryConfig>): Promise<RunningService> {
  const { config, bus, logger } = deps;
  const database = deps.database;
  if (!database) throw new Error('inventory needs a database');
  return startHttpService({
    name: SERVICE,
    host: config.HOST,
    port: config.PORT,
    internalSecret: config.INTERNAL_SECRET,
    deps,
    setup: async (app) => {
      const relay = startOutboxRelay({ database, table: tables.outbox, bus, logger });
      const cardExists = createCardExists({ database, bus, timeoutMs: config.CATALOGUE_TIMEOUT_MS });
      registerInventoryRoutes(app, database);
      registerLikeRoutes(app, { database, relay, cardExists });
      registerAdminInventoryRoutes(app, database);
      registerTradeRoutes(app, database);
      registerCollectorRoutes(app, database);
      const served = serveInventoryRpc(bus, database, relay);
      const consumers = await startReadModelConsumers(bus, database);
      return [() => relay.stop(), ...[...served, ...consumers].map((s) => () => s.stop())];
    },
  });
}
