/**
 * The one description of the system: every process, its port, what it needs.
 * The embedded runner, the distributed runner and docker-compose.yml are derived from
 * (or checked against) this table; see deploy/runner (compose.test.ts, adding-a-service.test.ts).
 */
export type Infra = 'postgres' | 'redis' | 'nats';

export interface ServiceSpec {
  /** Service name; also its PostgreSQL schema, NATS durable prefix and log name. */
  name: ServiceName;
  /** Loopback port in the embedded mode and container port in the distributed one. */
  port: number;
  /** Owns a PostgreSQL schema of the same name. */
  database: boolean;
  /** Infrastructure the process needs in the distributed mode. */
  needs: readonly Infra[];
  /** Whether the service exists yet; routes of a missing service answer 503. */
  built: boolean;
}

export const serviceNames = [
  'auth',
  'catalogue',
  'inventory',
  'trades',
  'anime-search',
  'image-proxy',
  'admin',
  'bot',
] as const;
export type ServiceName = (typeof serviceNames)[number];

export const GATEWAY_PORT = 3000;

export const system: Record<ServiceName, ServiceSpec> = {
  auth: { name: 'auth', port: 4101, database: true, needs: ['postgres', 'redis', 'nats'], built: true },
  catalogue: {
    name: 'catalogue',
    port: 4102,
    database: true,
    needs: ['postgres', 'redis', 'nats'],
    built: true,
  },
  inventory: {
    name: 'inventory',
    port: 4103,
    database: true,
    needs: ['postgres', 'redis', 'nats'],
    built: true,
  },
  trades: { name: 'trades', port: 4104, database: true, needs: ['postgres', 'redis', 'nats'], built: true },
  // Owns the anime index (issue 24); rate-limit budgets are shared in Redis.
  'anime-search': {
    name: 'anime-search',
    port: 4105,
    database: true,
    needs: ['postgres', 'redis', 'nats'],
    built: true,
  },
  'image-proxy': { name: 'image-proxy', port: 4106, database: false, needs: ['redis', 'nats'], built: true },
  admin: { name: 'admin', port: 4107, database: true, needs: ['postgres', 'redis', 'nats'], built: true },
  bot: { name: 'bot', port: 4108, database: false, needs: ['redis', 'nats'], built: true },
};

export const builtServices = (): ServiceSpec[] => Object.values(system).filter((s) => s.built);
