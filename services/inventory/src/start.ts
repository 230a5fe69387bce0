import { type RunningService, type ServiceDeps, serviceDatabase, startDatabaseService } from '@acg/platform';
import { createCardExists } from './cards/card-exists';
import type { InventoryConfig } from './config';
import { startReadModelConsumers } from './consumers/read-models';
import { startWishAlertConsumer } from './consumers/wish-alerts';
import * as tables from './db/schema';
import { registerAdminInventoryRoutes } from './routes/admin/admin-inventory';
import { registerCollectorRoutes } from './routes/collectors/collectors';
import { registerInventoryRoutes } from './routes/inventory/inventory';
import { registerLikeRoutes } from './routes/likes/likes';
import { serveInventoryRpc } from './routes/rpc/rpc';
import { registerTradeRoutes } from './routes/trades/trades';
import { registerWishlistRoutes } from './routes/wishlist/wishlist';

export const SERVICE = 'inventory';

/** Inventory's database: its own schema, its migrations and drizzle tables. */
export const inventoryDatabase = serviceDatabase(SERVICE, import.meta.dirname, tables);

export async function start(deps: ServiceDeps<InventoryConfig>): Promise<RunningService> {
  const { config, bus } = deps;
  return startDatabaseService(SERVICE, deps, tables.outbox, async (app, { database, relay }) => {
    const cardExists = createCardExists({ database, bus, timeoutMs: config.CATALOGUE_TIMEOUT_MS });
    registerInventoryRoutes(app, database);
    registerLikeRoutes(app, { database, relay, cardExists });
    registerAdminInventoryRoutes(app, database);
    registerTradeRoutes(app, database);
    registerCollectorRoutes(app, database);
    registerWishlistRoutes(app, {
      database,
      bus,
      limit: config.WISHLIST_LIMIT,
      seriesTimeoutMs: config.CATALOGUE_TIMEOUT_MS,
    });
    const served = serveInventoryRpc(bus, database, relay);
    const consumers = [
      ...(await startReadModelConsumers(bus, database)),
      await startWishAlertConsumer(bus, database, relay),
    ];
    return [() => relay.stop(), ...[...served, ...consumers].map((s) => () => s.stop())];
  });
}
