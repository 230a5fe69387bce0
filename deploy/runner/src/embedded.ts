import { randomBytes } from 'node:crypto';
import { chmod, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { builtServices, GATEWAY_PORT, type ServiceName } from '@acg/contracts';
import {
  DEMO_ART_PATH,
  demoClient,
  FAKE_BOT_TOKEN,
  type FakeAniList,
  type FakeDiscord,
  type FakeShikimori,
  type FakeVk,
  shikimoriDemoClient,
  startFakeAniList,
  startFakeDiscord,
  startFakeShikimori,
  startFakeVk,
} from '@acg/fakes';
import * as gateway from '@acg/gateway';
import {
  type Bus,
  type Cache,
  connectBus,
  connectSystemCache,
  createLogger,
  type Logger,
  loadConfig,
  openServiceDatabase,
  type RunningService,
  startTracing,
  stopTracing,
  tracedBus,
} from '@acg/platform';
import { freePort, startEmbeddedPostgres } from '@acg/platform/embedded';
import { createRenderer, ensureWebBuilt } from '@acg/web';
import pg from 'pg';
import { FAKE_SHIKIMORI_PORT } from './embedded-layout';
import { demoSeeds } from './seed-demo';
import { serviceModules } from './services';

export interface EmbeddedOptions {
  /** Where embedded PostgreSQL keeps its data (default <repo>/.data). */
  dataDir?: string;
  /** Gateway port (default 3000; 0 picks a free one). */
  port?: number;
  /** Services on free ports instead of their system.ts ports (tests run beside a dev instance). */
  ephemeralPorts?: boolean;
  /**
   * Moves every fixed port by this much, so copies can run side by side (`npm start` with PORT:
   * PORT − 3000): the gateway (unless `port` is given), each service (its system.ts port + offset)
   * and the fake Shikimori (4197 + offset); the gateway's probes follow its port (+ 1000). The
   * other fakes and embedded PostgreSQL always take free ports.
   */
  portOffset?: number;
  /** Environment to read (DATABASE_URL, NATS_URL, REDIS_URL and Discord credentials override defaults). */
  env?: Record<string, string | undefined>;
  logLevel?: string;
}

export interface EmbeddedSystem {
  url: string;
  services: Map<ServiceName, RunningService>;
  gateway: RunningService;
  bus: Bus;
  /** The one cache connection; each service and the gateway use a view of it scoped to their name. */
  cache: Cache;
  /** The fake Discord's URL when no real Discord is configured (its /demo/card page drops cards). */
  fakeDiscordUrl?: string;
  /** The fake Discord itself (tests send signed interactions with it). */
  fakeDiscord?: FakeDiscord;
  /** The fake Shikimori when no SHIKIMORI_BASE_URL is configured (tests switch it down or slow). */
  fakeShikimori?: FakeShikimori;
  /** The fake AniList when no ANILIST_URL is configured. */
  fakeAniList?: FakeAniList;
  /** The fake VK API (the admin's feed relay reads walls from it) when no VK_API_BASE_URL is set. */
  fakeVk?: FakeVk;
  /** Stops one service (to exercise the gateway's 503). */
  stopService(name: ServiceName): Promise<void>;
  close(): Promise<void>;
}

const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
/** A closer with a name for the stuck-shutdown message. */
const named = (label: string, fn: () => Promise<void>) => Object.assign(fn, { label });
/** How long one part of the system may take to stop before closing moves on without it. */
const CLOSE_STEP_MS = 15_000;

type Closers = Array<() => Promise<void>>;
type Env = Record<string, string | undefined>;

/** Runs the closers last first; a part that does not stop within CLOSE_STEP_MS is left behind. */
const closeInTurn = (closers: Closers, logger: Logger) => async () => {
  for (const c of closers.splice(0).reverse()) {
    // A part that does not stop within CLOSE_STEP_MS is named on stderr (whatever the log
    // level: a stuck shutdown must be visible) and left behind, so closing always ends.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stuck = new Promise<'stuck'>((resolve) => {
      timer = setTimeout(() => resolve('stuck'), CLOSE_STEP_MS);
    });
    const outcome = await Promise.race([c().catch((err) => logger.warn({ err }, 'close failed')), stuck]);
    clearTimeout(timer);
    if (outcome === 'stuck')
      process.stderr.write(
        `embedded system: a part did not stop within ${CLOSE_STEP_MS} ms: ${(c as { label?: string }).label ?? c.toString().slice(0, 120)}\n`,
      );
  }
};

/** The fake Discord when no DISCORD_CLIENT_ID is configured, and the environment pointing at it. */
async function fakeDiscordFor(env: Env, publicUrl: string, closers: Closers, logger: Logger) {
  const discordEnv: Record<string, string> = {};
  if (env.DISCORD_CLIENT_ID) return { discordEnv, fakeDiscord: undefined };
  const fake = await startFakeDiscord({ interactionsUrl: `${publicUrl}/interactions` });
  closers.push(() => fake.close());
  Object.assign(discordEnv, {
    DISCORD_BASE_URL: fake.url,
    DISCORD_API_BASE_URL: `${fake.url}/api/v10`,
    // Avatars: the fake serves Discord's CDN paths too; the image proxy may fetch from it.
    DISCORD_CDN_URL: fake.url,
    IMAGE_PROXY_ALLOW_ORIGINS: fake.url,
    DISCORD_PUBLIC_KEY: fake.interactions.publicKeyHex,
    DISCORD_APPLICATION_ID: fake.interactions.applicationId,
    // The bot DMs trade offers, and the admin's feed relay posts, through the fake's channels.
    DISCORD_BOT_TOKEN: FAKE_BOT_TOKEN,
    DISCORD_CLIENT_ID: demoClient.clientId,
    DISCORD_CLIENT_SECRET: demoClient.clientSecret,
  });
  logger.info({ url: fake.url }, 'fake Discord started (no DISCORD_CLIENT_ID configured)');
  return { discordEnv, fakeDiscord: fake as FakeDiscord | undefined };
}

/**
 * Shikimori, AniList and VK (the admin's feed relay): the fakes on loopback unless real addresses
 * are configured, and the environment pointing at them.
 */
async function fakeSitesFor(env: Env, opts: EmbeddedOptions, closers: Closers, logger: Logger) {
  const offset = opts.portOffset ?? 0;
  const animeSitesEnv: Record<string, string> = {};
  let fakeShikimori: FakeShikimori | undefined;
  let fakeAniList: FakeAniList | undefined;
  if (!env.SHIKIMORI_BASE_URL) {
    // On the distributed runner's port unless the services' ports are free ones too: the demo
    // art URLs the seed stores (DEMO_ART_BASE_URL) stay valid across restarts of a kept .data.
    const fake = await startFakeShikimori({ port: opts.ephemeralPorts ? 0 : FAKE_SHIKIMORI_PORT + offset });
    closers.push(() => fake.close());
    fakeShikimori = fake;
    animeSitesEnv.SHIKIMORI_BASE_URL = fake.url;
    // Account linking signs in on the fake with its registered demo application.
    animeSitesEnv.SHIKIMORI_CLIENT_ID = shikimoriDemoClient.clientId;
    animeSitesEnv.SHIKIMORI_CLIENT_SECRET = shikimoriDemoClient.clientSecret;
    // The first demo characters' art: the fake's portraits, drawn through the image proxy.
    if (!env.DEMO_ART_BASE_URL) animeSitesEnv.DEMO_ART_BASE_URL = `${fake.url}${DEMO_ART_PATH}`;
    logger.info({ url: fake.url }, 'fake Shikimori started (no SHIKIMORI_BASE_URL configured)');
  }
  if (!env.ANILIST_URL) {
    const fake = await startFakeAniList();
    closers.push(() => fake.close());
    fakeAniList = fake;
    animeSitesEnv.ANILIST_URL = fake.url;
    logger.info({ url: fake.url }, 'fake AniList started (no ANILIST_URL configured)');
  }
  let fakeVk: FakeVk | undefined;
  if (!env.VK_API_BASE_URL) {
    const fake = await startFakeVk();
    closers.push(() => fake.close());
    fakeVk = fake;
    animeSitesEnv.VK_API_BASE_URL = fake.url;
    logger.info({ url: fake.url }, 'fake VK started (no VK_API_BASE_URL configured)');
  }
  return { animeSitesEnv, fakeShikimori, fakeAniList, fakeVk };
}

/** What every service (and the gateway) runs with, and the parts they share. */
interface Shared {
  opts: EmbeddedOptions;
  env: Env;
  common: Record<string, string | undefined>;
  databaseUrl: string;
  bus: Bus;
  cache: Cache;
  closers: Closers;
}

/** Every built service on its own loopback port, its schema opened (and seeded) as its process would. */
async function startServices({ opts, env, common, databaseUrl, bus, cache, closers }: Shared) {
  const offset = opts.portOffset ?? 0;
  const services = new Map<ServiceName, RunningService>();
  const upstreamEnv: Record<string, string> = {};
  for (const spec of builtServices()) {
    const mod = serviceModules[spec.name];
    if (!mod) throw new Error(`service ${spec.name} is marked built but the runner does not know it`);
    const serviceLogger = createLogger(spec.name, opts.logLevel ?? env.LOG_LEVEL ?? 'info');
    const service = mod.configure({
      ...common,
      // The services started so far, for a service that calls them (the bot's commands).
      ...upstreamEnv,
      PORT: String(opts.ephemeralPorts ? 0 : spec.port + offset),
    });
    const serviceCache = cache.prefixed(spec.name);
    // The shared server, the service's own schema: opened as its process would open it.
    const database = mod.database
      ? await openServiceDatabase(mod.database, databaseUrl, serviceLogger)
      : undefined;
    if (database) {
      closers.push(named(`${spec.name} database`, () => database.close()));
      await demoSeeds[spec.name]?.({ database, cache: serviceCache, logger: serviceLogger, env: common });
    }
    const running = await service.start({ logger: serviceLogger, bus, cache: serviceCache, database });
    closers.push(named(`service ${spec.name}`, () => running.close()));
    services.set(spec.name, running);
    upstreamEnv[`UPSTREAM_${spec.name.toUpperCase().replaceAll('-', '_')}_URL`] = running.url;
  }
  return { services, upstreamEnv };
}

/** The gateway on `listenPort`, proxying to the services' URLs. */
async function startGateway(
  { opts, env, common, bus, cache, closers }: Shared,
  upstreamEnv: Record<string, string>,
  listenPort: number,
) {
  const renderer = await createRenderer({ mode: 'production' });
  const gatewayConfig = loadConfig(gateway.configSchema, {
    ...common,
    ...upstreamEnv,
    PORT: String(listenPort),
    // Probes on a free port too when the services' ports are (tests beside a dev instance).
    ...(opts.ephemeralPorts ? { INTERNAL_PORT: '0' } : {}),
  });
  const gw = await gateway.start({
    config: gatewayConfig,
    logger: createLogger('gateway', opts.logLevel ?? env.LOG_LEVEL ?? 'info'),
    bus: tracedBus(bus, 'gateway'),
    cache: cache.prefixed('gateway'),
    renderer,
  });
  closers.push(named('gateway', () => gw.close()));
  return gw;
}

/** The bus (in process, or NATS_URL) and the one cache connection (memory, or REDIS_URL). */
async function connectShared(env: Env, closers: Closers, logger: Logger) {
  const bus = await connectBus({
    natsUrl: env.NATS_URL,
    namespace: env.BUS_NAMESPACE,
    name: 'embedded',
    logger,
  });
  closers.push(named('bus', () => bus.drain()));
  // One connection; a namespaced system keeps its keys apart from another's as well.
  const cache = await connectSystemCache(
    { REDIS_URL: env.REDIS_URL, BUS_NAMESPACE: env.BUS_NAMESPACE },
    logger,
  );
  closers.push(named('cache', () => cache.close()));
  return { bus, cache };
}

/**
 * The whole system in one process (architecture §5): embedded PostgreSQL (or DATABASE_URL), the
 * in-process bus (or NATS_URL), the memory cache (or REDIS_URL), the fake Discord when no real
 * credentials are configured, every built service on its own loopback port, and the gateway
 * proxying to them exactly as in production.
 */
export async function startEmbedded(opts: EmbeddedOptions = {}): Promise<EmbeddedSystem> {
  const env = opts.env ?? process.env;
  const logger = createLogger('embedded', opts.logLevel ?? env.LOG_LEVEL ?? 'info');
  const closers: Closers = [];
  const close = closeInTurn(closers, logger);
  // Tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (rules §71): one provider per service in this process.
  if (startTracing(env)) closers.push(named('tracing', stopTracing));
  try {
    await ensureWebBuilt();
    const databaseUrl =
      env.DATABASE_URL ?? (await embeddedDatabase(opts.dataDir ?? join(repoRoot, '.data'), logger, closers));
    const { bus, cache } = await connectShared(env, closers, logger);

    const publicUrlFor = (port: number) => env.PUBLIC_URL ?? `http://localhost:${port}`;
    const gatewayPort = opts.port ?? GATEWAY_PORT + (opts.portOffset ?? 0);
    // The public URL must be known before auth starts (OAuth redirect URI); with port 0 we
    // reserve a free port first.
    const listenPort = gatewayPort === 0 ? await freePort() : gatewayPort;
    const publicUrl = publicUrlFor(listenPort);

    const { discordEnv, fakeDiscord } = await fakeDiscordFor(env, publicUrl, closers, logger);
    const { animeSitesEnv, fakeShikimori, fakeAniList, fakeVk } = await fakeSitesFor(
      env,
      opts,
      closers,
      logger,
    );

    // The image proxy may fetch from the fakes on loopback (avatars, posters, character art); from
    // nothing else there.
    const allowOrigins = [discordEnv.IMAGE_PROXY_ALLOW_ORIGINS, fakeShikimori?.url, fakeAniList?.url]
      .filter(Boolean)
      .join(',');
    const common = {
      ...env,
      ...discordEnv,
      ...animeSitesEnv,
      ...(allowOrigins ? { IMAGE_PROXY_ALLOW_ORIGINS: allowOrigins } : {}),
      INTERNAL_SECRET: env.INTERNAL_SECRET ?? randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: publicUrl,
    };
    const shared: Shared = { opts, env, common, databaseUrl, bus, cache, closers };
    const { services, upstreamEnv } = await startServices(shared);
    const gw = await startGateway(shared, upstreamEnv, listenPort);

    return {
      url: publicUrl,
      services,
      gateway: gw,
      bus,
      cache,
      fakeDiscordUrl: fakeDiscord?.url,
      fakeDiscord,
      fakeShikimori,
      fakeAniList,
      fakeVk,
      async stopService(name) {
        await services.get(name)?.close();
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

async function embeddedDatabase(
  dataDir: string,
  logger: Logger,
  closers: Array<() => Promise<void>>,
): Promise<string> {
  // As root, PostgreSQL runs as the unprivileged postgres user, who must be able to reach its
  // data folder inside ours (mkdtemp folders are 0700).
  await mkdir(dataDir, { recursive: true });
  if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: join(dataDir, 'pg'), logger });
  closers.push(() => server.stop());
  // One database for the whole system; each service owns a schema in it.
  const url = new URL(server.url);
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = 'acg'");
    if (!rowCount) await admin.query('create database acg');
  } finally {
    await admin.end();
  }
  url.pathname = '/acg';
  return url.toString();
}
