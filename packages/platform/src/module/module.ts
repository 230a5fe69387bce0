import type { z } from 'zod';
import { busMetrics } from '../bus/metrics';
import type { BaseConfig } from '../config';
import { loadConfig } from '../config';
import type { Tables } from '../db';
import { registerMetrics } from '../http/metrics';
import { metricsRegistry } from '../http/server';
import type { RunningService, ServiceDeps } from '../http/service';
import { tracedBus } from '../tracing/bus';

/** The variables every service reads, besides its own: its port among them. */
export type ServiceBaseConfig = BaseConfig & { PORT: number };

/** A service's database: the schema it owns and the migrations drizzle-kit generated for it. */
export interface ServiceDatabaseSpec {
  /** The PostgreSQL schema (the service's name). */
  schema: string;
  migrationsFolder: string;
  /** The drizzle tables, for `db.query.<table>`. */
  tables?: Tables;
}

/** The infrastructure a service runs on, as the runner opened it; `config` comes from the module. */
export type ServiceInfra = Omit<ServiceDeps<unknown>, 'config'>;

/** A service's configuration, loaded: the base variables to open its infrastructure with, and its start. */
export interface ConfiguredService {
  readonly config: ServiceBaseConfig;
  start(infra: ServiceInfra): Promise<RunningService>;
}

/**
 * What every service package exports from its index.ts (as `module`): everything a runner needs
 * to run it as a process of its own (runService) or beside the others in one process (the
 * embedded runner). The service's own config type stays inside: `configure` validates the
 * environment with the service's schema and binds the typed config to its start().
 */
export interface ServiceModule {
  /** As in system.ts: also its log name, cache scope and (with a database) schema. */
  readonly name: string;
  readonly configSchema: z.ZodObject;
  /** Absent for a service without a database (image-proxy, bot). */
  readonly database?: ServiceDatabaseSpec;
  /** Reads the service's config from an environment; throws ConfigError listing every problem. */
  configure(env: Record<string, string | undefined>): ConfiguredService;
}

export interface ServiceDefinition<S extends ServiceConfigSchema> {
  name: string;
  configSchema: S;
  database?: ServiceDatabaseSpec;
  start(deps: ServiceDeps<z.output<S>>): Promise<RunningService>;
}

/** A service's config schema: the base variables (baseConfigSchema.extend) and a PORT. */
export type ServiceConfigSchema = z.ZodObject & z.ZodType<ServiceBaseConfig>;

/**
 * Declares a service module. The typed config is erased here, where the schema that produced it
 * and the start() that consumes it meet, so the runners hold a plain list of modules.
 */
export function defineService<S extends ServiceConfigSchema>(def: ServiceDefinition<S>): ServiceModule {
  return {
    name: def.name,
    configSchema: def.configSchema,
    database: def.database,
    configure(env) {
      const config = loadConfig(def.configSchema, env);
      // The service's view of the bus names its spans after it (rules §71; the bus as is while
      // tracing is off), and its use of the bus is counted in its /metrics (rules §69).
      const traced = (infra: ServiceInfra): ServiceInfra =>
        infra.bus ? { ...infra, bus: tracedBus(infra.bus, def.name) } : infra;
      return { config, start: (infra) => def.start(countedInfra(traced(infra), config)) };
    },
  };
}

/**
 * A service's infrastructure with its use of the bus counted (bus/metrics.ts): the counters go
 * into its server's /metrics as soon as the server exists.
 */
function countedInfra<C>(infra: ServiceInfra, config: C): ServiceDeps<C> {
  // A start refused before it needs the bus (a check of its config or build) may come without one.
  if (!infra.bus) return { ...infra, config };
  const counted = busMetrics();
  return {
    ...infra,
    config,
    bus: counted.wrap(infra.bus),
    onServer(app) {
      registerMetrics(metricsRegistry(app), ...counted.metrics);
      infra.onServer?.(app);
    },
  };
}
