import { readFileSync } from 'node:fs';
import { GATEWAY_PORT, type Infra, type ServiceName, type ServiceSpec, system } from '@acg/contracts';
import { parse } from 'yaml';
import { PROCESS_MEMORY_ENV } from './memory-env';

/**
 * Checks docker-compose.yml against the one description of the system (system.ts), so the
 * compose file cannot drift from it: every built service has its container, port, infrastructure
 * and readiness probe, and the gateway knows where each of them lives.
 */

/** Compose service names of the infrastructure, and the image each must run. */
export const infraContainers: Record<Infra, { image: RegExp }> = {
  postgres: { image: /^postgres:15(\D|$)/ },
  redis: { image: /^redis:7(\D|$)/ },
  nats: { image: /^nats:2(\D|$)/ },
};
const infraVariable: Record<Infra, string> = {
  postgres: 'DATABASE_URL',
  redis: 'REDIS_URL',
  nats: 'NATS_URL',
};

export const GATEWAY_CONTAINER = 'gateway';
/** system.ts lists services only: the gateway resolves sessions over NATS and rate-limits in Redis. */
export const GATEWAY_NEEDS: readonly Infra[] = ['redis', 'nats'];
export const IMAGE_DOCKERFILE = 'deploy/Dockerfile';
/** A process's entry in the image, relative to its working directory /app (deploy/Dockerfile). */
export const runtimeEntry = (process: string): string => `${process}/main.mjs`;

/** The gateway's variable for a service's address: anime-search -> UPSTREAM_ANIME_SEARCH_URL. */
export const upstreamVariable = (service: string): string =>
  `UPSTREAM_${service.toUpperCase().replace(/-/g, '_')}_URL`;

/** Reads and parses a compose file, resolving YAML anchors and `<<` merge keys as compose does. */
export function loadCompose(path: string): unknown {
  return parse(readFileSync(path, 'utf8'), { merge: true });
}

type Entry = Record<string, unknown>;
const isEntry = (v: unknown): v is Entry => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Compose accepts `environment` as a mapping or as a list of KEY=VALUE strings. */
function environmentOf(container: Entry): Map<string, string> {
  const env = new Map<string, string>();
  const raw = container.environment;
  if (Array.isArray(raw)) {
    for (const item of raw) {
      const [key, ...rest] = String(item).split('=');
      if (key) env.set(key, rest.join('='));
    }
  } else if (isEntry(raw)) {
    for (const [key, value] of Object.entries(raw)) env.set(key, value === null ? '' : String(value));
  }
  return env;
}

/** `command` and `healthcheck.test` may be a string or a list of arguments. */
const words = (raw: unknown): string[] =>
  Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(/\s+/) : [];

/** depends_on as a list (no condition) or a mapping of name -> { condition }. */
function dependenciesOf(container: Entry): Map<string, string | undefined> {
  const raw = container.depends_on;
  if (Array.isArray(raw)) return new Map(raw.map((name) => [String(name), undefined]));
  if (!isEntry(raw)) return new Map();
  return new Map(
    Object.entries(raw).map(([name, v]) => [name, isEntry(v) ? String(v.condition ?? '') : undefined]),
  );
}

/** Host part of a connection URL, tolerating `${VAR}` placeholders in the credentials. */
const hostOf = (url: string): string | undefined =>
  /^[a-z][a-z0-9+.-]*:\/\/(?:.*@)?([^:/@]+)(?::\d+)?(?:\/.*)?$/i.exec(url)?.[1];

function checkProcess(name: string, container: Entry, entry: string, port: number, problems: string[]): void {
  const command = words(container.command).join(' ');
  if (command !== `node ${entry}`) {
    problems.push(`${name}: command must be "node ${entry}", found "${command}"`);
  }
  const build = container.build;
  if (!isEntry(build) || build.dockerfile !== IMAGE_DOCKERFILE) {
    problems.push(`${name}: must be built from ${IMAGE_DOCKERFILE}`);
  }
  const env = environmentOf(container);
  if (env.get('PORT') !== String(port)) {
    problems.push(`${name}: PORT must be ${port}, found ${env.get('PORT') ?? 'nothing'}`);
  }
  if (env.get('HOST') !== '0.0.0.0') problems.push(`${name}: HOST must be 0.0.0.0`);
  if (!env.get('INTERNAL_SECRET')) problems.push(`${name}: INTERNAL_SECRET is missing`);
  const probe = words(isEntry(container.healthcheck) ? container.healthcheck.test : undefined).join(' ');
  if (!probe.includes('/readyz')) problems.push(`${name}: healthcheck must probe /readyz`);
}

/** Where the postgres container runs the role script, and the variable listing the roles. */
export const INIT_ROLES_SCRIPT = './deploy/postgres/init-roles.sh';
export const SERVICE_ROLE_SQL = './deploy/postgres/service-role.sql';
export const ROLES_VARIABLE = 'ACG_SERVICE_ROLES';
/** The postgres container's variable holding a service role's password: POSTGRES_PASSWORD_ANIME_SEARCH. */
export const rolePasswordVariable = (service: string): string =>
  `POSTGRES_PASSWORD_${service.toUpperCase().replace(/-/g, '_')}`;

/** The user of a connection URL, tolerating `${VAR}` placeholders in the password. */
const userOf = (url: string): string | undefined =>
  /^[a-z][a-z0-9+.-]*:\/\/([^:@/]+)(?::[^@]*)?@/i.exec(url)?.[1];

/**
 * Each database-owning service connects as its own role (deploy/postgres/service-role.sql), which
 * can use only its own schema: the postgres container creates one role per such built service,
 * with the password the service's DATABASE_URL uses, and no service connects as another.
 */
function checkDatabaseRoles(containers: Entry, built: ServiceSpec[], problems: string[]): void {
  const postgres = containers.postgres;
  if (!isEntry(postgres)) return;
  const env = environmentOf(postgres);
  const volumes = (Array.isArray(postgres.volumes) ? postgres.volumes : []).map((v) =>
    isEntry(v) ? `${String(v.source)}:${String(v.target)}` : String(v),
  );
  if (!volumes.some((v) => v.startsWith(`${INIT_ROLES_SCRIPT}:/docker-entrypoint-initdb.d/`))) {
    problems.push(`postgres: must mount ${INIT_ROLES_SCRIPT} into /docker-entrypoint-initdb.d`);
  }
  if (!volumes.some((v) => v.startsWith(`${SERVICE_ROLE_SQL}:/etc/acg/service-role.sql`))) {
    problems.push(`postgres: must mount ${SERVICE_ROLE_SQL} at /etc/acg/service-role.sql`);
  }
  const roles = new Set((env.get(ROLES_VARIABLE) ?? '').split(/\s+/).filter(Boolean));
  const owners = built.filter((s) => s.database);
  for (const role of roles) {
    if (!owners.some((s) => s.name === role)) {
      problems.push(
        `postgres: ${ROLES_VARIABLE} lists ${role}, which is not a built service with a database`,
      );
    }
  }
  for (const spec of owners) {
    const variable = rolePasswordVariable(spec.name);
    if (!roles.has(spec.name)) problems.push(`postgres: ${ROLES_VARIABLE} must list ${spec.name}`);
    const password = env.get(variable);
    if (!password) problems.push(`postgres: ${variable} is missing`);
    const container = containers[spec.name];
    const url = isEntry(container) ? environmentOf(container).get('DATABASE_URL') : undefined;
    if (!url) continue;
    if (userOf(url) !== spec.name) {
      problems.push(
        `${spec.name}: DATABASE_URL must connect as its own role ${spec.name}, found ${userOf(url) ?? 'no user'}`,
      );
    } else if (password && !url.includes(`:${password}@`)) {
      problems.push(`${spec.name}: DATABASE_URL must use the password of role ${spec.name} (${variable})`);
    }
  }
}

/** Infrastructure variables and start-up order of a process that needs `needs`. */
function checkNeeds(name: string, container: Entry, needs: readonly Infra[], problems: string[]): void {
  const env = environmentOf(container);
  const deps = dependenciesOf(container);
  for (const infra of Object.keys(infraContainers) as Infra[]) {
    const variable = infraVariable[infra];
    const value = env.get(variable);
    if (!needs.includes(infra)) {
      if (value !== undefined) problems.push(`${name}: has ${variable} but does not need ${infra}`);
      continue;
    }
    if (!value) problems.push(`${name}: ${variable} is missing`);
    else if (hostOf(value) !== infra)
      problems.push(`${name}: ${variable} must point at the ${infra} container`);
    if (deps.get(infra) !== 'service_healthy') {
      problems.push(`${name}: must depend on ${infra} with condition service_healthy`);
    }
  }
}

/** A process's own memory settings (memory-env.ts), as its container must set them. */
function checkMemoryEnv(name: string, container: Entry, problems: string[]): void {
  const environment = isEntry(container.environment) ? container.environment : {};
  for (const [key, value] of Object.entries(PROCESS_MEMORY_ENV[name] ?? {})) {
    if (String(environment[key] ?? '') !== value) {
      problems.push(
        `${name}: ${key} must be ${value} (memory-env.ts), found ${String(environment[key] ?? 'nothing')}`,
      );
    }
  }
}

function checkGateway(container: Entry, built: ServiceSpec[], known: Set<string>, problems: string[]): void {
  checkProcess(GATEWAY_CONTAINER, container, runtimeEntry(GATEWAY_CONTAINER), GATEWAY_PORT, problems);
  checkMemoryEnv(GATEWAY_CONTAINER, container, problems);
  const ports = Array.isArray(container.ports) ? container.ports : [];
  const published = ports.some((p) =>
    isEntry(p)
      ? String(p.target) === String(GATEWAY_PORT) && String(p.published) === String(GATEWAY_PORT)
      : String(p).endsWith(`${GATEWAY_PORT}:${GATEWAY_PORT}`),
  );
  if (!published) problems.push(`gateway: port ${GATEWAY_PORT} must be published as ${GATEWAY_PORT}`);
  checkNeeds(GATEWAY_CONTAINER, container, GATEWAY_NEEDS, problems);

  const env = environmentOf(container);
  const deps = dependenciesOf(container);
  for (const spec of built) {
    const variable = upstreamVariable(spec.name);
    const expected = `http://${spec.name}:${spec.port}`;
    if (env.get(variable) !== expected) {
      problems.push(`gateway: ${variable} must be ${expected}, found ${env.get(variable) ?? 'nothing'}`);
    }
    if (deps.get(spec.name) !== 'service_healthy') {
      problems.push(`gateway: must depend on ${spec.name} with condition service_healthy`);
    }
  }
  const expectedVariables = new Set(built.map((s) => upstreamVariable(s.name)));
  for (const variable of env.keys()) {
    if (/^UPSTREAM_.+_URL$/.test(variable) && !expectedVariables.has(variable)) {
      const service = [...known].find((s) => upstreamVariable(s) === variable);
      problems.push(
        service
          ? `gateway: ${variable} points at ${service}, which is not built`
          : `gateway: ${variable} names no service of system.ts`,
      );
    }
  }
}

/**
 * Every way `doc` (a parsed compose file) differs from `description`; empty when it matches.
 * Problems are sentences naming the container, so a failing test says what to fix.
 */
export function composeProblems(
  doc: unknown,
  description: Record<ServiceName, ServiceSpec> = system,
): string[] {
  if (!isEntry(doc) || !isEntry(doc.services)) return ['compose file has no services'];
  const containers = doc.services;
  const problems: string[] = [];
  const specs = Object.values(description);
  const known = new Set<string>(specs.map((s) => s.name));
  const built = specs.filter((s) => s.built);

  for (const [infra, { image }] of Object.entries(infraContainers)) {
    const container = containers[infra];
    if (!isEntry(container)) problems.push(`${infra}: infrastructure container is missing`);
    else if (!image.test(String(container.image ?? ''))) {
      problems.push(`${infra}: image must match ${image}, found ${String(container.image)}`);
    }
  }
  const nats = containers.nats;
  if (isEntry(nats) && !words(nats.command).some((w) => w === '-js' || w === '--jetstream')) {
    problems.push('nats: must run with JetStream (-js)');
  }

  for (const [name, container] of Object.entries(containers)) {
    if (name in infraContainers || name === GATEWAY_CONTAINER) continue;
    if (!known.has(name)) problems.push(`${name}: no such service in system.ts`);
    else if (!built.some((s) => s.name === name)) problems.push(`${name}: service is not built yet`);
    else if (!isEntry(container)) problems.push(`${name}: container is empty`);
  }
  for (const spec of built) {
    const container = containers[spec.name];
    if (!isEntry(container)) {
      problems.push(`${spec.name}: built service has no container`);
      continue;
    }
    checkProcess(spec.name, container, runtimeEntry(spec.name), spec.port, problems);
    // A service with a database needs PostgreSQL even if `needs` forgot to say so.
    const needs: readonly Infra[] =
      spec.database && !spec.needs.includes('postgres') ? [...spec.needs, 'postgres'] : spec.needs;
    checkNeeds(spec.name, container, needs, problems);
    checkMemoryEnv(spec.name, container, problems);
  }

  checkDatabaseRoles(containers, built, problems);

  const gateway = containers[GATEWAY_CONTAINER];
  if (!isEntry(gateway)) problems.push('gateway: container is missing');
  else checkGateway(gateway, built, known, problems);
  return problems;
}
