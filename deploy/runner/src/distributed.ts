import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtServices, GATEWAY_PORT, type ServiceName } from '@acg/contracts';
import { DEMO_ART_PATH, demoClient, FAKE_BOT_TOKEN, shikimoriDemoClient } from '@acg/fakes';
import { createLogger } from '@acg/platform';
import { PROCESS_MEMORY_ENV } from './memory-env';
import { seedDemoData } from './seed-demo';
import { entryFile } from './services';
import { createSupervisor } from './supervisor';

export interface DistributedOptions {
  /** Must hold DATABASE_URL, REDIS_URL and NATS_URL; Discord credentials are optional (fake otherwise). */
  env?: Record<string, string | undefined>;
  /** Added to every port of system.ts (tests run beside a dev instance). */
  portOffset?: number;
  /** Where each process's output goes (default: inherited, prefixed lines are not added). */
  output?: 'inherit' | 'ignore' | 'pipe';
  /** Instead: each process appends its output to `<logDir>/<process>.log`. */
  logDir?: string;
  readyTimeoutMs?: number;
  /**
   * Processes that run a second replica, `<name>#2`, on their port + 50 (the gateway's internal
   * port + 50 too); the gateway is given both URLs of such a service (rules §39).
   */
  replicas?: ReadonlyArray<ServiceName | 'gateway'>;
  /**
   * A folder of runtime trees (deploy/build-runtime-tree.sh): each process then runs as the image
   * runs it, `node main.mjs` in `<folder>/<process>` with NODE_ENV=production, instead of from
   * the sources through tsx.
   */
  runtimeRoot?: string;
}

type FakeName = 'fake-discord' | 'fake-shikimori' | 'fake-anilist' | 'fake-vk';
type Replicable = ServiceName | 'gateway';
export type ProcessName = Replicable | `${Replicable}#2` | FakeName;
/** How far a second replica's ports are from the first's. */
export const REPLICA_PORT_OFFSET = 50;
/**
 * Memory settings of every process (rules §42), the same as deploy/Dockerfile's ENV: a smaller
 * young generation (V8's default semi-space grows to 16-32 MiB per space under load), an old
 * generation limit of 256 MiB (V8 then grows the heap by at most 1.3 times what survived the last
 * full collection, instead of up to 4 times on a host with gigabytes free), and two malloc arenas
 * instead of eight per core.
 */
export const RUNTIME_MEMORY_ENV = {
  NODE_OPTIONS: '--max-semi-space-size=2 --max-old-space-size=256',
  MALLOC_ARENA_MAX: '2',
};

/**
 * A process's own memory settings (memory-env.ts); a value the caller's env sets wins, so a bench
 * can compare settings. NODE_OPTIONS: the process's flags, then the caller's (the last of a flag
 * wins), then the image's.
 */
function ownMemoryEnv(name: string, env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(PROCESS_MEMORY_ENV[name] ?? {}).map(([key, value]) => [
      key,
      key === 'NODE_OPTIONS' ? withMemoryOptions(`${value} ${env.NODE_OPTIONS ?? ''}`) : (env[key] ?? value),
    ]),
  );
}

/** `given` NODE_OPTIONS with each flag of RUNTIME_MEMORY_ENV it does not set itself added. */
export function withMemoryOptions(given: string | undefined): string {
  const flags = (given ?? '').split(/\s+/).filter(Boolean);
  const named = new Set(flags.map((f) => f.split('=')[0]));
  const missing = RUNTIME_MEMORY_ENV.NODE_OPTIONS.split(' ').filter((f) => !named.has(f.split('=')[0]));
  return [...flags, ...missing].join(' ');
}
const isFake = (name: string): name is FakeName => name.startsWith('fake-');

export interface DistributedSystem {
  url: string;
  processes: Map<ProcessName, ChildProcess>;
  /** SIGKILL one process (a crash, not a graceful stop). */
  kill(name: ProcessName): Promise<void>;
  /** SIGTERM one process and wait until it has exited (its graceful stop, rules §39). */
  terminate(name: ProcessName): Promise<void>;
  /** The base URL of a process (the gateway's public one). */
  urlOf(name: ProcessName): string;
  /** Starts a process again with the same environment and waits until it is ready. */
  restart(name: ProcessName): Promise<void>;
  /** Whether the supervisor is about to start `name` again (it exited on its own). */
  supervised(name: ProcessName): boolean;
  close(): Promise<void>;
}

const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
// `node --import tsx` keeps each service a single process (the tsx CLI would fork a child that
// survives a SIGKILL of its parent).
const nodeArgs = ['--import', 'tsx'];

type Env = Record<string, string | undefined>;
interface PlannedProcess {
  file: string;
  env: Env;
  port: number;
  probePort?: number;
}
type Plan = Map<ProcessName, PlannedProcess>;

/** The environment every process shares (memory settings, the internal secret, loopback, the public URL). */
const commonEnv = (env: Env, publicUrl: string): Env => ({
  ...env,
  NODE_OPTIONS: withMemoryOptions(env.NODE_OPTIONS),
  MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? RUNTIME_MEMORY_ENV.MALLOC_ARENA_MAX,
  INTERNAL_SECRET: env.INTERNAL_SECRET ?? randomBytes(32).toString('hex'),
  HOST: '127.0.0.1',
  PUBLIC_URL: publicUrl,
});

/**
 * The fakes, each a process of its own, unless real addresses are set (Discord, VK for the admin's
 * feed relay, Shikimori and AniList); `common` is pointed at them.
 */
function planFakes(plan: Plan, common: Env, env: Env, offset: number, publicUrl: string): void {
  if (!env.DISCORD_CLIENT_ID) {
    const port = 4199 + offset;
    plan.set('fake-discord', {
      file: 'deploy/runner/src/start-fake-discord.ts',
      env: { ...common, PORT: String(port), FAKE_INTERACTIONS_URL: `${publicUrl}/interactions` },
      port,
    });
    Object.assign(common, {
      DISCORD_BASE_URL: `http://127.0.0.1:${port}`,
      // Avatars: the fake serves Discord's CDN paths too; the image proxy may fetch from it.
      DISCORD_CDN_URL: `http://127.0.0.1:${port}`,
      DISCORD_CLIENT_ID: demoClient.clientId,
      DISCORD_CLIENT_SECRET: demoClient.clientSecret,
      // The admin's feed relay posts to channels with the bot's credentials.
      DISCORD_BOT_TOKEN: FAKE_BOT_TOKEN,
    });
  }
  // VK (the admin's feed relay): the fake as a process of its own unless a real address is set.
  if (!env.VK_API_BASE_URL) {
    const port = 4196 + offset;
    plan.set('fake-vk', {
      file: 'deploy/runner/src/start-fake-vk.ts',
      env: { ...common, PORT: String(port) },
      port,
    });
    common.VK_API_BASE_URL = `http://127.0.0.1:${port}/method`;
  }
  planFakeAnimeSites(plan, common, env, offset);
}

/** Shikimori and AniList: the fakes, each a process of its own, unless real addresses are set. */
function planFakeAnimeSites(plan: Plan, common: Env, env: Env, offset: number): void {
  if (!env.SHIKIMORI_BASE_URL) {
    const port = 4197 + offset;
    plan.set('fake-shikimori', {
      file: 'deploy/runner/src/start-fake-anime-site.ts',
      env: { ...common, PORT: String(port), FAKE_SITE: 'shikimori' },
      port,
    });
    common.SHIKIMORI_BASE_URL = `http://127.0.0.1:${port}`;
    common.SHIKIMORI_CLIENT_ID = shikimoriDemoClient.clientId;
    common.SHIKIMORI_CLIENT_SECRET = shikimoriDemoClient.clientSecret;
    // The first demo characters' art: the fake's portraits, drawn through the image proxy.
    common.DEMO_ART_BASE_URL ??= `${common.SHIKIMORI_BASE_URL}${DEMO_ART_PATH}`;
  }
  if (!env.ANILIST_URL) {
    const port = 4198 + offset;
    plan.set('fake-anilist', {
      file: 'deploy/runner/src/start-fake-anime-site.ts',
      env: { ...common, PORT: String(port), FAKE_SITE: 'anilist' },
      port,
    });
    common.ANILIST_URL = `http://127.0.0.1:${port}`;
  }
}

/** Each built service (and its second replica, when asked for); the gateway's UPSTREAM_* variables. */
function planServices(plan: Plan, common: Env, env: Env, offset: number, replicas: ReadonlySet<string>) {
  const upstreams: Record<string, string> = {};
  for (const spec of builtServices()) {
    const port = spec.port + offset;
    const own = ownMemoryEnv(spec.name, env);
    plan.set(spec.name, { file: entryFile(spec.name), env: { ...common, ...own, PORT: String(port) }, port });
    const urls = [`http://127.0.0.1:${port}`];
    if (replicas.has(spec.name)) {
      const second = port + REPLICA_PORT_OFFSET;
      plan.set(`${spec.name}#2`, {
        file: entryFile(spec.name),
        env: { ...common, ...own, PORT: String(second) },
        port: second,
      });
      urls.push(`http://127.0.0.1:${second}`);
    }
    upstreams[`UPSTREAM_${spec.name.toUpperCase().replaceAll('-', '_')}_URL`] = urls.join(',');
  }
  return upstreams;
}

/** The gateway (and its second replica); it answers probes on its internal port only (INTERNAL_PORT, docs/running.md). */
function planGateways(
  plan: Plan,
  common: Env,
  env: Env,
  gatewayPort: number,
  replicas: ReadonlySet<string>,
  upstreams: Record<string, string>,
): void {
  const gateways = replicas.has('gateway') ? [0, REPLICA_PORT_OFFSET] : [0];
  for (const shift of gateways) {
    const port = gatewayPort + shift;
    const probePort = gatewayPort + 1000 + shift;
    plan.set(shift === 0 ? 'gateway' : 'gateway#2', {
      file: entryFile('gateway'),
      env: {
        ...common,
        ...ownMemoryEnv('gateway', env),
        ...upstreams,
        PORT: String(port),
        INTERNAL_PORT: String(probePort),
      },
      port,
      probePort,
    });
  }
}

/** Every process to run, with its entry file, environment and ports; and the environment they share. */
function planProcesses(opts: DistributedOptions, env: Env) {
  const offset = opts.portOffset ?? 0;
  const gatewayPort = GATEWAY_PORT + offset;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${gatewayPort}`;
  const common = commonEnv(env, publicUrl);
  const plan: Plan = new Map();
  planFakes(plan, common, env, offset, publicUrl);
  // The image proxy may fetch from the fakes on loopback (avatars, posters, art); nothing else.
  const fakeOrigins = (['fake-discord', 'fake-shikimori', 'fake-anilist'] as const)
    .filter((name) => plan.has(name))
    .map((name) => `http://127.0.0.1:${plan.get(name)!.port}`);
  if (fakeOrigins.length > 0) common.IMAGE_PROXY_ALLOW_ORIGINS = fakeOrigins.join(',');
  const replicas = new Set<string>(opts.replicas ?? []);
  const upstreams = planServices(plan, common, env, offset, replicas);
  // The bot's commands call the services' member APIs as the site does (services/bot).
  for (const name of ['bot', 'bot#2'] as const) {
    const entry = plan.get(name);
    if (entry) entry.env = { ...upstreams, ...entry.env };
  }
  planGateways(plan, common, env, gatewayPort, replicas, upstreams);
  return { plan, common, publicUrl };
}

const serviceNameOf = (name: ProcessName) => name.replace(/#2$/, '') as Replicable | FakeName;

/** Starts a planned process (from its runtime tree, or the sources through tsx), its output where asked. */
function spawnPlanned(name: ProcessName, p: PlannedProcess, opts: DistributedOptions): ChildProcess {
  const base = serviceNameOf(name);
  const log = opts.logDir ? openSync(join(opts.logDir, `${name}.log`), 'a') : undefined;
  const stdio: StdioOptions = log === undefined ? (opts.output ?? 'inherit') : ['ignore', log, log];
  const compiled = opts.runtimeRoot && !isFake(base) ? join(resolve(opts.runtimeRoot), base) : undefined;
  const child = compiled
    ? spawn(process.execPath, ['main.mjs'], {
        cwd: compiled,
        env: {
          ...p.env,
          NODE_ENV: 'production',
          ...(base === 'gateway' ? { WEB_DIST_DIR: join(compiled, 'web', 'dist') } : {}),
        } as NodeJS.ProcessEnv,
        stdio,
      })
    : spawn(process.execPath, [...nodeArgs, p.file], {
        cwd: repoRoot,
        env: p.env as NodeJS.ProcessEnv,
        stdio,
      });
  if (log !== undefined) closeSync(log);
  return child;
}

/** The processes of a plan: launched and watched (one that exits on its own starts again, rules §48), stopped. */
function controlProcesses(plan: Plan, opts: DistributedOptions, env: Env) {
  const processes = new Map<ProcessName, ChildProcess>();
  // A process that exits when the runner did not stop it is started again (rules §48).
  const supervisor = createSupervisor({
    logger: createLogger('runner', env.LOG_LEVEL ?? 'info'),
    restart: (name) => launch(name as ProcessName),
  });
  const launch = async (name: ProcessName) => {
    const p = plan.get(name)!;
    const child = spawnPlanned(name, p, opts);
    processes.set(name, child);
    supervisor.watch(name, child);
    await waitReady(name, child, `http://127.0.0.1:${p.probePort ?? p.port}`, opts.readyTimeoutMs ?? 60_000);
  };
  const stop = async (name: ProcessName, signal: NodeJS.Signals) => {
    supervisor.expectExit(name);
    const child = processes.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill(signal);
    // A graceful stop takes the grace period and the drain (rules §39): 5 + 5 (+ 5) s by default.
    await Promise.race([exited, new Promise((r) => setTimeout(r, 25_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const close = async () => {
    supervisor.close();
    // Gateways first, then the services (together: each drains on its own), the fakes last.
    const names = [...plan.keys()];
    for (const name of names.filter((n) => n.startsWith('gateway'))) await stop(name, 'SIGTERM');
    await Promise.all(
      names.filter((n) => !n.startsWith('gateway') && !isFake(n)).map((n) => stop(n, 'SIGTERM')),
    );
    for (const name of names.filter(isFake).reverse()) await stop(name, 'SIGTERM');
  };
  return { processes, supervisor, launch, stop, close };
}

/** The bot verifies interactions with the fake application's key, read like a real one's. */
async function pointAtFakeDiscord(plan: Plan): Promise<void> {
  const fakeUrl = `http://127.0.0.1:${plan.get('fake-discord')!.port}`;
  const app = (await (
    await fetch(`${fakeUrl}/api/v10/applications/@me`, {
      headers: { authorization: `Bot ${FAKE_BOT_TOKEN}` },
    })
  ).json()) as { id: string; verify_key: string };
  for (const [name, p] of plan) {
    if (name === 'fake-discord') continue;
    Object.assign(p.env, {
      DISCORD_API_BASE_URL: `${fakeUrl}/api/v10`,
      DISCORD_PUBLIC_KEY: app.verify_key,
      DISCORD_APPLICATION_ID: app.id,
      // The bot DMs trade offers through the fake's channels.
      DISCORD_BOT_TOKEN: FAKE_BOT_TOKEN,
    });
  }
}

/** The fakes, the demo data, the services (in parallel) and the gateways, in that order. */
async function launchAll(plan: Plan, common: Env, env: Env, launch: (name: ProcessName) => Promise<void>) {
  for (const name of ['fake-shikimori', 'fake-anilist', 'fake-vk'] as const)
    if (plan.has(name)) await launch(name);
  if (plan.has('fake-discord')) {
    await launch('fake-discord');
    await pointAtFakeDiscord(plan);
  }
  // Demo data once, into each seeded service's migrated schema, before any service runs.
  await seedDemoData(common, createLogger('seed', env.LOG_LEVEL ?? 'info'));
  // Services start in parallel: each migrates its own schema.
  await Promise.all(
    builtServices().flatMap((s) => [s.name, `${s.name}#2` as const].filter((n) => plan.has(n)).map(launch)),
  );
  await launch('gateway');
  if (plan.has('gateway#2')) await launch('gateway#2');
}

/**
 * Each service as its own process against PostgreSQL, NATS and Redis from the environment
 * (architecture §5) — the same shape as docker-compose.yml, on loopback.
 */
export async function startDistributed(opts: DistributedOptions = {}): Promise<DistributedSystem> {
  const env = opts.env ?? process.env;
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'NATS_URL'] as const) {
    if (!env[key]) throw new Error(`the distributed runner needs ${key}`);
  }
  const { plan, common, publicUrl } = planProcesses(opts, env);
  const { processes, supervisor, launch, stop, close } = controlProcesses(plan, opts, env);
  try {
    await launchAll(plan, common, env, launch);
  } catch (err) {
    await close();
    throw err;
  }
  return {
    url: publicUrl,
    processes,
    kill: (name) => stop(name, 'SIGKILL'),
    terminate: (name) => stop(name, 'SIGTERM'),
    urlOf: (name) => `http://127.0.0.1:${plan.get(name)!.port}`,
    restart: (name) => {
      supervisor.expectExit(name);
      return launch(name);
    },
    supervised: (name) => supervisor.pending(name),
    close,
  };
}

async function waitReady(name: string, child: ChildProcess, base: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const path = isFake(name) ? '/healthz' : '/readyz';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} while starting`);
    try {
      const res = await fetch(base + path, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} was not ready at ${base}${path} within ${timeoutMs} ms`);
}
