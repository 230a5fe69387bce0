import { connectBus } from '../bus';
import type { Bus } from '../bus/types';
import { connectCache } from '../cache';
import type { Cache } from '../cache/types';
import { type BaseConfig, shutdownTimings } from '../config';
import { createDatabase, type Database } from '../db';
import { type RunningService, runMain } from '../http/service';
import { createLogger, type Logger } from '../logger';
import { startTracing, stopTracing } from '../tracing/setup';
import type { ServiceDatabaseSpec, ServiceModule } from './module';

/**
 * Opens a service's own schema in a database server and applies its pending migrations: the
 * one way every runner (a service process, the embedded runner, the seed step) opens it.
 */
export async function openServiceDatabase(
  spec: ServiceDatabaseSpec,
  url: string,
  logger?: Logger,
): Promise<Database> {
  const database = createDatabase({
    url,
    schema: spec.schema,
    migrationsFolder: spec.migrationsFolder,
    tables: spec.tables,
    logger,
  });
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/**
 * The system's cache connection: Redis under `acg` (`acg:<BUS_NAMESPACE>` when several systems
 * share a server) when REDIS_URL is set, else memory; always with the logger, so connection
 * errors are logged. Services get a view of it scoped to their name (`cache.prefixed(name)`).
 */
export function connectSystemCache(
  config: Pick<BaseConfig, 'REDIS_URL' | 'BUS_NAMESPACE'>,
  logger: Logger,
  /** Whose spans its commands are when tracing is on (the process's service). */
  service = 'cache',
): Promise<Cache> {
  return connectCache({
    redisUrl: config.REDIS_URL,
    prefix: config.BUS_NAMESPACE ? `acg:${config.BUS_NAMESPACE}` : 'acg',
    logger,
    service,
  });
}

/** What runService opened for one service; close() releases it (after the service has stopped). */
export interface ServiceProcessInfra {
  logger: Logger;
  bus: Bus;
  /** The service's view of the cache (scoped to its name). */
  cache: Cache;
  database?: Database;
  close(): Promise<void>;
}

/** Opens the infrastructure of a service running as its own process, from its base config. */
export async function openServiceInfra(
  module: ServiceModule,
  config: BaseConfig,
  logger: Logger,
): Promise<ServiceProcessInfra> {
  const closers: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const c of closers.splice(0).reverse())
      await c().catch((err) => logger.warn({ err }, 'close failed'));
  };
  try {
    let database: Database | undefined;
    if (module.database) {
      if (!config.DATABASE_URL) throw new Error(`${module.name} needs DATABASE_URL`);
      const opened = await openServiceDatabase(module.database, config.DATABASE_URL, logger);
      closers.push(() => opened.close());
      database = opened;
    }
    const bus = await connectBus({
      natsUrl: config.NATS_URL,
      namespace: config.BUS_NAMESPACE,
      name: module.name,
      logger,
      drainMs: shutdownTimings(config).drainMs,
    });
    closers.push(() => bus.drain());
    const root = await connectSystemCache(config, logger, module.name);
    closers.push(() => root.close());
    return { logger, bus, cache: root.prefixed(module.name), database, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * A service's main.ts: `await runService(module)`. Loads its config from the environment,
 * creates its logger, opens (and migrates) its own schema when it has a database, connects the
 * bus and its scoped cache, starts it, and shuts it down gracefully on SIGTERM/SIGINT: the
 * service first (in-flight requests, consumers, relay), then bus, cache and database.
 */
export async function runService(
  module: ServiceModule,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  let configured: ReturnType<ServiceModule['configure']>;
  try {
    configured = module.configure(env);
  } catch (err) {
    createLogger(module.name).fatal({ err }, 'invalid configuration');
    process.exit(1);
  }
  const { config } = configured;
  // Tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (rules §71), before anything that makes spans.
  startTracing(env);
  const logger = createLogger(module.name, config.LOG_LEVEL);
  await runMain(
    async () => {
      const infra = await openServiceInfra(module, config, logger);
      let running: RunningService;
      try {
        const { bus, cache, database } = infra;
        running = await configured.start({ logger, bus, cache, database });
      } catch (err) {
        await infra.close();
        throw err;
      }
      return {
        beginDrain: () => running.beginDrain?.(),
        async close() {
          await running.close();
          await infra.close();
          await stopTracing();
        },
      };
    },
    logger,
    shutdownTimings(config),
  );
}
