import { builtServices, type ServiceName, userLevelChanged } from '@acg/contracts';
import {
  beginDrain,
  createHttpServer,
  createProbeServer,
  drainAndClose,
  isDraining,
  logsRequests,
  metricsRegistry,
  NotFoundError,
  type RunningService,
  requestObserver,
  type ServiceDeps,
} from '@acg/platform';
import type { Renderer } from '@acg/web';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { type GatewayConfig, internalPort, sessionCookieName, upstreamUrl, upstreamUrls } from './config';
import { registerApiDocs } from './docs/api-docs';
import { createSessionEviction } from './identity/session-eviction';
import { SessionResolver } from './identity/session-resolver';
import { createRequestLanguage, createVisitorLookup } from './identity/visitor';
import { LiveHub } from './live/live-hub';
import { registerLiveStream } from './live/register-live-stream';
import { parseMetricsText } from './ops/metrics-text';
import { createServiceMap, httpProcess, type ProcessSource, registerServiceMap } from './ops/service-map';
import { createLanguagesLoader, createTranslationsLoader } from './pages/live-translations';
import { createPageIdCheck } from './pages/page-ids';
import { createPageResponder } from './pages/page-responder';
import { registerPages } from './pages/register-pages';
import { gatewayPolicies, installPolicies, type Policy } from './policies';
import { type ApiEdge, createApiEdge } from './routing/api-edge';
import { createIdentitySigner } from './routing/identity-signer';
import { installOwnBodyLimits } from './routing/own-body-limits';
import { createCsrfCheck } from './security/csrf';
import { createPublicHost } from './security/public-host';
import { createRateLimiter, RATE_LIMITS_NAMESPACE } from './security/rate-limits';
import { staticSecurityHeaders } from './security/security-headers';
import { createSignInOriginCheck } from './security/sign-in-origin';

export interface GatewayDeps extends ServiceDeps<GatewayConfig> {
  /** Server-side renderer of the web client (from @acg/web's createRenderer). */
  renderer: Renderer;
  /** Services to forward to; the routes of the others answer 503. Default: built ones in system.ts. */
  services?: readonly ServiceName[];
  /**
   * Arranges the policy list both paths run (policies.ts) before it is installed: tests insert
   * probes with it. Default: the list as gatewayPolicies makes it.
   */
  arrangePolicies?: (policies: readonly Policy[]) => readonly Policy[];
}

type GatewayApp = ReturnType<typeof createHttpServer>;

/** The HTTP server (pages and API) and the probe server; the probe paths answer 404 on the public side. */
function createServers(deps: GatewayDeps, requestLanguage: ReturnType<typeof createRequestLanguage>) {
  const { config, logger, bus } = deps;
  const readiness = { bus: () => bus.ready() };
  const app = createHttpServer({
    name: 'gateway',
    logger,
    readiness,
    fixedHeaders: staticSecurityHeaders(config.PUBLIC_URL),
    probes: false,
    ownPolicies: true,
    languageOf: requestLanguage,
  });
  // Probes and metrics on their own port: the public side never sees them.
  const probes = createProbeServer(app, { name: 'gateway', logger, readiness });
  // The typed server is a plain Fastify instance to the plugins registered on it.
  const root = app as unknown as FastifyInstance;
  for (const path of ['/healthz', '/readyz', '/metrics']) {
    root.all(path, async () => {
      throw new NotFoundError();
    });
  }
  return { app, probes, root };
}

/** The policy list (as arranged by the deps), installed as Fastify's hooks. */
function installGatewayPolicies(
  deps: GatewayDeps,
  app: GatewayApp,
  root: FastifyInstance,
): readonly Policy[] {
  const { config, logger } = deps;
  const origin = { publicUrl: config.PUBLIC_URL, trustedHops: config.TRUST_PROXY };
  const defaultPolicies = gatewayPolicies({
    securityHeaders: Object.entries(staticSecurityHeaders(config.PUBLIC_URL)).flat(),
    csrf: createCsrfCheck(origin),
    limiter: config.RATE_LIMIT_ENABLED
      ? createRateLimiter(config, logger, deps.cache.namespace(RATE_LIMITS_NAMESPACE))
      : undefined,
    signInOrigin: createSignInOriginCheck(origin),
    isDraining: () => isDraining(app),
    observe: requestObserver(app),
  });
  const policies = deps.arrangePolicies?.(defaultPolicies) ?? defaultPolicies;
  installPolicies(root, policies);
  return policies;
}

/** The server-rendered pages' responder: live translations and languages (with the admin service), page ids. */
function pageResponderFor(
  deps: GatewayDeps,
  visitors: ReturnType<typeof createVisitorLookup>,
  available: ReadonlySet<ServiceName>,
) {
  const { config, logger, bus } = deps;
  // Live translations for server rendering, when the admin service is part of the system.
  const i18n = { ttlMs: config.I18N_REVALIDATE_MS, timeoutMs: config.I18N_TIMEOUT_MS, logger };
  const translations = available.has('admin')
    ? createTranslationsLoader({ baseUrl: upstreamUrls(config, 'admin'), ...i18n })
    : undefined;
  const languages = available.has('admin') ? createLanguagesLoader({ bus, ...i18n }) : undefined;
  const unknownId = createPageIdCheck({
    bus,
    logger,
    upstream: (service) => upstreamUrl(config, service),
    sign: createIdentitySigner(config.INTERNAL_SECRET),
    trustedHops: config.TRUST_PROXY,
    publicHost: createPublicHost(config.PUBLIC_URL).host,
    timeoutMs: config.PAGE_LOOKUP_TIMEOUT_MS,
  });
  return createPageResponder(
    deps.renderer,
    visitors,
    translations,
    languages,
    unknownId,
    config.BOT_INVITE_URL,
  );
}

/**
 * Every replica drops the cached sessions of a member whose access level changed (rules §30),
 * not only the one that forwarded the change: their next request anywhere carries the new level.
 */
const forgetOnLevelChange = (bus: GatewayDeps['bus'], sessions: SessionResolver) =>
  bus.listen({
    types: [userLevelChanged.type],
    handler: (event) => {
      const parsed = userLevelChanged.data.safeParse(event.data);
      if (parsed.success) sessions.forgetUser(parsed.data.id);
    },
  });

/** The gateway's close: stop listening for level changes, drain, then the probes (and owned infra). */
function closerOf(
  deps: GatewayDeps,
  app: GatewayApp,
  probes: ReturnType<typeof createProbeServer>,
  levelChanges: { stop(): Promise<unknown> },
) {
  const { config, logger, bus } = deps;
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= (async () => {
      await levelChanges.stop();
      // In-flight requests finish (answered with Connection: close); live streams end at preClose.
      await drainAndClose(app, config.SHUTDOWN_DRAIN_MS);
      await probes.close();
      if (deps.ownsInfra) {
        await bus.drain().catch((err) => logger.warn({ err }, 'bus drain failed'));
        await deps.cache.close().catch(() => {});
      }
      logger.info('gateway stopped');
    })();
    return closing;
  };
}

/**
 * The gateway: its policy list (policies.ts: request id, security headers, CSRF, rate limits,
 * the sign-in origin, drain, Retry-After, metrics) on every request, then either a page
 * (server-rendered for the visitor) or the route table's API routes forwarded to their owners
 * with a signed identity. The API routes are answered by the API edge in front of Fastify
 * (routing/api-edge.ts, rules §44); Fastify's hooks are made from the same list the edge runs.
 */
export async function start(deps: GatewayDeps): Promise<RunningService> {
  const { config, logger, bus } = deps;
  const sessions = new SessionResolver({
    bus,
    logger,
    ttlMs: config.SESSION_CACHE_TTL_MS,
    max: config.SESSION_CACHE_MAX,
    timeoutMs: config.SESSION_RESOLVE_TIMEOUT_MS,
    staleMs: config.SESSION_STALE_MS,
  });
  const cookieName = sessionCookieName(config);
  const requestLanguage = createRequestLanguage(sessions, cookieName);
  const { app, probes, root } = createServers(deps, requestLanguage);

  // Loads the cookie parser that sessionIdOf uses.
  await root.register(fastifyCookie, { hook: false });
  const policies = installGatewayPolicies(deps, app, root);

  const visitors = createVisitorLookup(sessions, cookieName);
  const live = new LiveHub({
    logger,
    replayMax: config.LIVE_REPLAY_MAX,
    replayMs: config.LIVE_REPLAY_MS,
    maxPerUser: config.LIVE_MAX_STREAMS_PER_USER,
  });
  const available = new Set(deps.services ?? builtServices().map((s) => s.name));
  const respondWithPage = pageResponderFor(deps, visitors, available);

  await live.start(bus);
  const levelChanges = await forgetOnLevelChange(bus, sessions);
  installOwnBodyLimits(root, visitors);
  registerLiveStream(root, {
    hub: live,
    visitors,
    sessions,
    logger,
    heartbeatMs: config.LIVE_HEARTBEAT_MS,
    retryMs: config.LIVE_RETRY_MS,
  });
  await registerPages(root, { assetsDir: deps.renderer.assetsDir, respondWithPage });
  // After the pages: the compression they register applies to the document too.
  registerApiDocs(root, { visitors });
  registerServiceMap(root, { visitors, map: serviceMapOf(deps, app, available) });
  const edge = createApiEdge({
    config,
    languageOf: requestLanguage,
    visitors,
    available,
    logger,
    policies,
    evict: createSessionEviction(sessions, cookieName, live),
    logRequests: logsRequests(),
  });
  putInFront(root, edge);
  root.addHook('onClose', async () => {
    await edge.close(config.SHUTDOWN_DRAIN_MS);
  });

  const url = await app.listen({ host: config.HOST, port: config.PORT });
  const internalUrl = await probes.listen({ host: config.HOST, port: internalPort(config) });
  logger.info({ url, internalUrl }, 'gateway listening');
  const close = closerOf(deps, app, probes, levelChanges);
  return { name: 'gateway', url, internalUrl, app, beginDrain: () => beginDrain(app), close };
}

/** The processes the service map reads: the gateway itself, then each service's replicas. */
function serviceMapOf(deps: GatewayDeps, app: GatewayApp, available: ReadonlySet<ServiceName>) {
  const { config, bus } = deps;
  const registry = metricsRegistry(app);
  const self: ProcessSource = {
    name: 'gateway',
    read: async () => [
      {
        ready: !isDraining(app) && (await bus.ready().catch(() => false)),
        samples: parseMetricsText(await registry.metrics()),
      },
    ],
  };
  const services = builtServices()
    .filter((s) => available.has(s.name))
    .map((s) => httpProcess(s.name, upstreamUrls(config, s.name), config.SERVICE_MAP_TIMEOUT_MS));
  return createServiceMap([self, ...services]);
}

/**
 * The API edge sees each request before Fastify: the server's one request listener (Fastify's)
 * is replaced by one that offers the request to the edge first and hands Fastify the rest.
 */
function putInFront(app: FastifyInstance, edge: ApiEdge): void {
  const server = app.server;
  const [fastify, ...others] = server.listeners('request') as ((...args: unknown[]) => void)[];
  if (!fastify || others.length > 0) throw new Error('expected Fastify as the only request listener');
  server.removeAllListeners('request');
  server.on('request', (req, res) => {
    if (!edge.handle(req, res)) fastify(req, res);
  });
}
