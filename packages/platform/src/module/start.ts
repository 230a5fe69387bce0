import { join } from 'node:path';
import type { Database, Tables } from '../db';
import type { OutboxTable } from '../db/outbox';
import { outboxMetrics } from '../db/outbox-metrics';
import { type OutboxRelay, startOutboxRelay } from '../db/relay';
import { registerMetrics } from '../http/metrics';
import type { HttpServer } from '../http/server';
import { metricsRegistry } from '../http/server';
import { type RunningService, type ServiceDeps, type StartOptions, startHttpService } from '../http/service';
import type { ServiceBaseConfig, ServiceDatabaseSpec } from './module';

/**
 * A service's database as its package lays it out: the schema named after the service, the
 * migrations drizzle-kit generated into the package's `drizzle` folder (beside `src`), and the
 * drizzle tables. `srcDir` is the folder of the module that declares it (`import.meta.dirname`
 * of `src/start.ts`).
 */
export function serviceDatabase(schema: string, srcDir: string, tables: Tables): ServiceDatabaseSpec {
  return { schema, migrationsFolder: join(srcDir, '..', 'drizzle'), tables };
}

/** The database the runner opened for a service that cannot run without one. */
export function requireDatabase(name: string, deps: Pick<ServiceDeps<unknown>, 'database'>): Database {
  if (!deps.database) throw new Error(`${name} needs a database`);
  return deps.database;
}

/**
 * Starts a service's HTTP server the way every service does: under its name, on its config's
 * HOST and PORT, verifying the gateway's identity with its INTERNAL_SECRET (startHttpService).
 */
export function startService(
  name: string,
  deps: ServiceDeps<ServiceBaseConfig>,
  setup: StartOptions['setup'],
): Promise<RunningService> {
  const { config } = deps;
  return startHttpService({
    name,
    host: config.HOST,
    port: config.PORT,
    internalSecret: config.INTERNAL_SECRET,
    deps,
    setup,
  });
}

/** What startDatabaseService hands a service's setup besides its server. */
export interface ServiceStore {
  database: Database;
  /** The relay of the service's outbox, started before the setup runs. */
  relay: OutboxRelay;
}

/**
 * startService for a service that owns a database with an outbox: it refuses to start without the
 * database, and its setup gets the database and the outbox relay (started first thing in it). The
 * relay is the setup's to stop: its stop goes among the stoppers it returns, in the service's order.
 */
export function startDatabaseService(
  name: string,
  deps: ServiceDeps<ServiceBaseConfig>,
  outbox: OutboxTable,
  setup: (app: HttpServer, store: ServiceStore) => ReturnType<StartOptions['setup']>,
): Promise<RunningService> {
  const database = requireDatabase(name, deps);
  const { bus, logger } = deps;
  return startService(name, deps, (app) => {
    registerMetrics(metricsRegistry(app), ...outboxMetrics(database, outbox));
    return setup(app, {
      database,
      relay: startOutboxRelay({ database, table: outbox, bus, logger, service: name }),
    });
  });
}
