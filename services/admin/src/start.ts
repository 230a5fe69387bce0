import { join } from 'node:path';
import {
  type RunningService,
  type ServiceDatabaseSpec,
  type ServiceDeps,
  startHttpService,
  startOutboxRelay,
} from '@acg/platform';
import type { AdminConfig } from './config';
import { startAuditConsumers } from './consumers/audit';
import * as tables from './db/schema';
import { registerLogRoutes } from './routes/logs/logs';

export const SERVICE = 'admin';

/** Admin's database: its own schema, its migrations and drizzle tables. */
export const adminDatabase: ServiceDatabaseSpec = {
  schema: SERVICE,
  migrationsFolder: join(import.meta.dirname, '..', 'drizzle'),
  tables,
};

export async function start(deps: ServiceDeps<AdminConfig>): Promise<RunningService> {
  const { config, bus, logger } = deps;
  const database = deps.database;
  if (!database) throw new Error('admin needs a database');
  return startHttpService({
    name: SERVICE,
    host: config.HOST,
    port: config.PORT,
    internalSecret: config.INTERNAL_SECRET,
    deps,
    setup: async (app) => {
      const relay = startOutboxRelay({ database, table: tables.outbox, bus, logger });
      registerLogRoutes(app, { database, timeZone: config.AUDIT_TIME_ZONE });
      const consumers = await startAuditConsumers(bus, database);
      return [() => relay.stop(), ...consumers.map((s) => () => s.stop())];
    },
  });
}
