import {
  metricsRegistry,
  type RunningService,
  registerMetrics,
  type ServiceDeps,
  serviceDatabase,
  startDatabaseService,
} from '@acg/platform';
import type { TradesConfig } from './config';
import * as tables from './db/schema';
import { createTradeFlow, SERVICE } from './domain/trade-flow';
import { tradeMetrics } from './metrics';
import { registerAdminTradeRoutes } from './routes/admin/admin';
import { serveTradesRpc } from './routes/rpc/rpc';
import { registerTradeRoutes } from './routes/trades/trades';
import { startSweepScheduler } from './sweep/scheduler';
import { createSweep } from './sweep/sweep';

export { SERVICE };

/** Trades' database: its own schema, its migrations and drizzle tables. */
export const tradesDatabase = serviceDatabase(SERVICE, import.meta.dirname, tables);

export async function start(deps: ServiceDeps<TradesConfig>): Promise<RunningService> {
  const { config, bus, logger } = deps;
  return startDatabaseService(SERVICE, deps, tables.outbox, async (app, { database, relay }) => {
    registerMetrics(metricsRegistry(app), tradeMetrics(database));
    const flow = createTradeFlow({
      database,
      bus,
      relay,
      logger,
      ttlHours: config.TRADE_TTL_HOURS,
      inventoryTimeoutMs: config.INVENTORY_TIMEOUT_MS,
    });
    const sweep = createSweep({
      database,
      bus,
      relay,
      flow,
      logger,
      recoveryAfterSeconds: config.TRADE_RECOVERY_AFTER_SECONDS,
      inventoryTimeoutMs: config.INVENTORY_TIMEOUT_MS,
    });
    await app.register(async (scope) => registerTradeRoutes(scope, { database, flow }));
    registerAdminTradeRoutes(app, { database, flow, sweep, relay });
    const served = serveTradesRpc(bus, flow);
    const scheduler = config.TRADE_SWEEP_ENABLED
      ? startSweepScheduler(sweep, config.TRADE_SWEEP_SCHEDULE, logger)
      : null;
    // Heal what a crash of the previous process left, without waiting for the schedule.
    if (config.TRADE_SWEEP_ENABLED)
      setImmediate(() => void sweep.runOnce().catch((err) => logger.warn({ err }, 'startup sweep failed')));
    return [async () => scheduler?.stop(), () => relay.stop(), ...served.map((s) => () => s.stop())];
  });
}
