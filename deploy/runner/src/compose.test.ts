import { fileURLToPath } from 'node:url';
import { builtServices, GATEWAY_PORT, type ServiceName, type ServiceSpec, system } from '@acg/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { composeProblems, loadCompose, upstreamVariable } from './compose-check';

const composePath = fileURLToPath(new URL('../../../docker-compose.yml', import.meta.url));

type Container = {
  environment: Record<string, string | number>;
  depends_on: Record<string, { condition: string }>;
  healthcheck: { test: string[] };
  command: string[];
  ports?: string[];
};
type ComposeDoc = { services: Record<string, Container> };

let compose: ComposeDoc;
beforeAll(() => {
  compose = loadCompose(composePath) as ComposeDoc;
});

/** A compose variable reference, as the file writes it: ${NAME:?set NAME}. */
const variable = (name: string) => `\${${name}:?set ${name}}`;
/** A deep copy of the real file to break one thing in. */
const copy = (): ComposeDoc => structuredClone(compose);
const container = (doc: ComposeDoc, name: string): Container => {
  const found = doc.services[name];
  if (!found) throw new Error(`no container ${name} in docker-compose.yml`);
  return found;
};
const withSystem = (changes: Partial<Record<ServiceName, Partial<ServiceSpec>>>) =>
  Object.fromEntries(
    Object.entries(system).map(([name, spec]) => [name, { ...spec, ...changes[name as ServiceName] }]),
  ) as Record<ServiceName, ServiceSpec>;

describe('docker-compose.yml', () => {
  it('matches system.ts', () => {
    expect(composeProblems(compose)).toEqual([]);
  });

  it('has a container per built service, on its port, behind the gateway', () => {
    expect(builtServices().length).toBeGreaterThan(0);
    const gatewayEnv = container(compose, 'gateway').environment;
    for (const spec of builtServices()) {
      expect(String(container(compose, spec.name).environment.PORT)).toBe(String(spec.port));
      expect(gatewayEnv[upstreamVariable(spec.name)]).toBe(`http://${spec.name}:${spec.port}`);
    }
    expect(String(gatewayEnv.PORT)).toBe(String(GATEWAY_PORT));
  });

  it('resolves the shared anchors into every service', () => {
    for (const spec of builtServices()) {
      const c = container(compose, spec.name);
      expect(c.environment.HOST).toBe('0.0.0.0');
      expect(c.healthcheck.test.join(' ')).toContain('/readyz');
    }
  });

  it('commits no secret', () => {
    for (const c of Object.values(compose.services)) {
      for (const [key, value] of Object.entries(c.environment ?? {})) {
        // No default: required (`:?`), or to be set even if empty for an optional feature (`?`).
        if (/SECRET|PASSWORD/.test(key)) expect(String(value), key).toMatch(/^\$\{[A-Z_]+:?\?/);
      }
    }
  });
});

describe('composeProblems', () => {
  it('reports a built service without a container', () => {
    const doc = copy();
    delete doc.services.catalogue;
    expect(composeProblems(doc)).toContain('catalogue: built service has no container');
  });

  it('reports a container on the wrong port', () => {
    const doc = copy();
    container(doc, 'auth').environment.PORT = 4999;
    expect(composeProblems(doc)).toContain('auth: PORT must be 4101, found 4999');
  });

  it('reports missing infrastructure variables and start-up order', () => {
    const doc = copy();
    const auth = container(doc, 'auth');
    delete auth.environment.DATABASE_URL;
    auth.environment.NATS_URL = 'nats://localhost:4222';
    delete auth.depends_on.redis;
    expect(composeProblems(doc)).toEqual(
      expect.arrayContaining([
        'auth: DATABASE_URL is missing',
        'auth: NATS_URL must point at the nats container',
        'auth: must depend on redis with condition service_healthy',
      ]),
    );
  });

  it('reports a database variable given to a service without a database', () => {
    const problems = composeProblems(
      compose,
      withSystem({ catalogue: { database: false, needs: ['redis', 'nats'] } }),
    );
    expect(problems).toContain('catalogue: has DATABASE_URL but does not need postgres');
  });

  it('reports a process without its memory settings (memory-env.ts)', () => {
    const doc = copy();
    delete container(doc, 'image-proxy').environment.MALLOC_MMAP_THRESHOLD_;
    expect(composeProblems(doc)).toEqual([
      'image-proxy: MALLOC_MMAP_THRESHOLD_ must be 65536 (memory-env.ts), found nothing',
    ]);
    // The gateway's own too (its 8 MiB semi-spaces, rules §53).
    const gateway = copy();
    delete container(gateway, 'gateway').environment.NODE_OPTIONS;
    expect(composeProblems(gateway)).toEqual([
      'gateway: NODE_OPTIONS must be --max-semi-space-size=8 --max-old-space-size=256 (memory-env.ts), found nothing',
    ]);
  });

  it('reports a container running the TypeScript sources instead of the compiled entry', () => {
    const doc = copy();
    container(doc, 'bot').command = ['pnpm', 'exec', 'tsx', 'services/bot/src/main.ts'];
    expect(composeProblems(doc)).toContain(
      'bot: command must be "node bot/main.mjs", found "pnpm exec tsx services/bot/src/main.ts"',
    );
  });

  it('reports a readiness probe that does not ask /readyz', () => {
    const doc = copy();
    container(doc, 'catalogue').healthcheck.test = ['CMD', 'true'];
    expect(composeProblems(doc)).toContain('catalogue: healthcheck must probe /readyz');
  });

  it('reports containers for unknown or unbuilt services', () => {
    const doc = copy();
    doc.services.payments = structuredClone(container(doc, 'catalogue'));
    expect(composeProblems(doc, withSystem({ trades: { built: false } }))).toEqual(
      expect.arrayContaining(['payments: no such service in system.ts', 'trades: service is not built yet']),
    );
  });

  it('reports wrong, missing and stale gateway upstreams', () => {
    const doc = copy();
    const env = container(doc, 'gateway').environment;
    env.UPSTREAM_CATALOGUE_URL = 'http://catalogue:4101';
    delete env.UPSTREAM_AUTH_URL;
    env.UPSTREAM_TRADES_URL = 'http://trades:4104';
    env.UPSTREAM_PAYMENTS_URL = 'http://payments:1';
    expect(composeProblems(doc, withSystem({ trades: { built: false } }))).toEqual(
      expect.arrayContaining([
        'gateway: UPSTREAM_CATALOGUE_URL must be http://catalogue:4102, found http://catalogue:4101',
        'gateway: UPSTREAM_AUTH_URL must be http://auth:4101, found nothing',
        'gateway: UPSTREAM_TRADES_URL points at trades, which is not built',
        'gateway: UPSTREAM_PAYMENTS_URL names no service of system.ts',
      ]),
    );
  });

  it('reports an unpublished gateway and infrastructure without JetStream', () => {
    const doc = copy();
    container(doc, 'gateway').ports = [];
    container(doc, 'nats').command = ['nats-server'];
    expect(composeProblems(doc)).toEqual(
      expect.arrayContaining([
        'gateway: port 3000 must be published as 3000',
        'nats: must run with JetStream (-js)',
      ]),
    );
  });

  it('follows system.ts: a newly built service needs its container and upstream', () => {
    const doc = copy();
    delete doc.services.trades;
    delete container(doc, 'gateway').environment.UPSTREAM_TRADES_URL;
    const problems = composeProblems(doc);
    expect(problems).toEqual(
      expect.arrayContaining([
        'trades: built service has no container',
        'gateway: UPSTREAM_TRADES_URL must be http://trades:4104, found nothing',
      ]),
    );
  });

  it('reports a service connecting to PostgreSQL as another role than its own', () => {
    const doc = copy();
    container(doc, 'catalogue').environment.DATABASE_URL =
      `postgres://postgres:${variable('POSTGRES_PASSWORD')}@postgres:5432/acg`;
    container(doc, 'inventory').environment.DATABASE_URL =
      `postgres://inventory:${variable('POSTGRES_PASSWORD_AUTH')}@postgres:5432/acg`;
    expect(composeProblems(doc)).toEqual(
      expect.arrayContaining([
        'catalogue: DATABASE_URL must connect as its own role catalogue, found postgres',
        'inventory: DATABASE_URL must use the password of role inventory (POSTGRES_PASSWORD_INVENTORY)',
      ]),
    );
  });

  it('connects every built service with a database as its own role', () => {
    const postgres = container(compose, 'postgres').environment;
    for (const spec of builtServices().filter((s) => s.database)) {
      const url = String(container(compose, spec.name).environment.DATABASE_URL);
      expect(new URL(url.replace(/\$\{[^}]+\}/, 'x')).username).toBe(spec.name);
      expect(String(postgres.ACG_SERVICE_ROLES).split(' ')).toContain(spec.name);
    }
  });

  it('reports a role the postgres container does not create, and the role script not mounted', () => {
    const doc = copy();
    const postgres = doc.services.postgres as Container & { volumes: string[] };
    postgres.environment.ACG_SERVICE_ROLES = 'auth inventory trades';
    delete postgres.environment.POSTGRES_PASSWORD_INVENTORY;
    postgres.volumes = postgres.volumes.filter((v) => !v.includes('init-roles'));
    expect(composeProblems(doc, withSystem({ trades: { built: false } }))).toEqual(
      expect.arrayContaining([
        'postgres: ACG_SERVICE_ROLES must list catalogue',
        'postgres: ACG_SERVICE_ROLES lists trades, which is not a built service with a database',
        'postgres: POSTGRES_PASSWORD_INVENTORY is missing',
        'postgres: must mount ./deploy/postgres/init-roles.sh into /docker-entrypoint-initdb.d',
      ]),
    );
  });

  it('names the gateway variable of a hyphenated service', () => {
    expect(upstreamVariable('anime-search')).toBe('UPSTREAM_ANIME_SEARCH_URL');
  });
});
