import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { bodyLimitOf, REQUEST_ID_HEADER, routes, serviceBodyLimit } from '@acg/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import type { Logger } from '../logger';
import { callerLanguage, installIdentity } from './access';
import { installErrorHandler, type RequestLanguage } from './errors';
import { createMethodIndex, frameworkAnswers } from './framework-errors';
import { installMetrics, type RequestObserver } from './metrics';
import { installRequestLog, installRequestTracing } from './request-trace';

export type App = FastifyInstance & ReturnType<FastifyInstance['withTypeProvider']>;

export interface HttpServerOptions {
  name: string;
  logger: Logger;
  /** Secret for verifying the gateway's signed identity; omit for the gateway itself. */
  internalSecret?: string;
  /** Dependency checks for /readyz, e.g. { database: () => db.ready() }. */
  readiness?: Record<string, () => Promise<boolean>>;
  bodyLimit?: number;
  /**
   * Headers every answer carries, including those Fastify and Node write before any hook runs
   * (the gateway passes its security headers).
   */
  fixedHeaders?: Record<string, string>;
  /**
   * Serve /healthz, /readyz and /metrics on this server (default true). The gateway keeps them
   * off its public port and serves them with createProbeServer on an internal one.
   */
  probes?: boolean;
  /**
   * The caller applies the request-id header, `Connection: close` while draining, `Retry-After`
   * on a 503 and the request-duration metric itself, so the server installs none of their hooks
   * (the gateway does, from its one policy list: gateway/src/policies.ts). Default false.
   */
  ownPolicies?: boolean;
  /**
   * The language of a request's refusals (Fastify's own, the error handler's): by default the
   * caller's signed identity's; the gateway passes its visitor's (docs/rules.md, refusals).
   */
  languageOf?: RequestLanguage;
}

/** One info line per request unless LOG_REQUESTS=false (rules §71); errors are always logged. */
export const logsRequests = (): boolean => process.env.LOG_REQUESTS !== 'false';

/** What a 503 tells a client to wait before trying again (rules §48). */
export const RETRY_AFTER_SECONDS = '2';

const REQUEST_ID_PATTERN = /^[\w.-]{1,64}$/;

/** A request's id: its x-request-id when well-formed (any client value is not taken as is), else a new one. */
export function requestIdOf(req: { headers: IncomingHttpHeaders }): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

/**
 * A Fastify 5 server with what every process needs: zod validation and serialisation,
 * the request id (taken from x-request-id when well-formed, echoed back and carried in every
 * log line), the one error handler, identity verification, /healthz, /readyz and /metrics.
 */
export function createHttpServer(opts: HttpServerOptions) {
  const languageOf = opts.languageOf ?? callerLanguage(opts.internalSecret);
  const answers = frameworkAnswers(opts.fixedHeaders, languageOf);
  const app = Fastify({
    loggerInstance: opts.logger as FastifyBaseLogger,
    bodyLimit: opts.bodyLimit ?? serviceBodyLimit(opts.name),
    // genReqId reads and checks x-request-id itself (with requestIdHeader set, Fastify would
    // take any client value as is).
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new LogController({
      requestIdLogLabel: 'reqId',
      // Fastify's two lines per request give way to the one line of installRequestLog.
      disableRequestLogging: true,
    }),
    // While closing, requests on connections already open are still served (each answer then
    // carries Connection: close): a 503 there is a failed request for a client that did nothing wrong.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors: answers.frameworkErrors,
    clientErrorHandler: answers.clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installRequestTracing(app, opts.name);
  if (logsRequests()) installRequestLog(app);
  const drain: DrainState = { draining: false };
  drainStates.set(app, drain);
  if (!opts.ownPolicies) {
    app.addHook('onRequest', (req, reply, done) => {
      reply.header(REQUEST_ID_HEADER, req.id);
      done();
    });
    // Draining: every answer closes its connection, so clients reconnect (to another replica).
    app.addHook('onSend', (_req, reply, payload, done) => {
      if (drain.draining) reply.header('connection', 'close');
      // A 503 is an outage the client may simply retry (a lost database, an upstream down).
      if (reply.statusCode === 503 && !reply.hasHeader('retry-after'))
        reply.header('retry-after', RETRY_AFTER_SECONDS);
      done(null, payload);
    });
  }
  const methods = createMethodIndex();
  app.addHook('onRoute', (route) => methods.add(route.method, route.url));
  installRouteBodyLimits(app, opts.name);
  installErrorHandler(app, methods, languageOf);
  if (opts.internalSecret) installIdentity(app, opts.internalSecret);
  const { registry, observe } = installMetrics(app, opts.name, !opts.ownPolicies);
  durations.set(app, observe);
  registries.set(app, registry);
  if (opts.probes ?? true) registerProbes(app, registry, opts, drain);
  return app;
}
export type HttpServer = ReturnType<typeof createHttpServer>;

const bodyLimits = new WeakMap<object, Map<string, number>>();

/**
 * One body limit per route, on both sides of the gateway (issue 27): a route of the route table
 * takes exactly the table's `bodyLimit` in its service, whatever the route's own options say, so
 * a body the gateway lets through is never refused by the service mid-upload (which the gateway
 * could only answer as 503). Other routes keep their own limit or the server's.
 */
function installRouteBodyLimits(app: FastifyInstance, service: string): void {
  const table = new Map(
    routes.filter((r) => r.service === service).map((r) => [`${r.method} ${r.path}`, bodyLimitOf(r)]),
  );
  const effective = new Map<string, number>();
  bodyLimits.set(app, effective);
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      const key = `${method} ${route.url}`;
      const limit = table.get(key);
      if (limit !== undefined) route.bodyLimit = limit;
      effective.set(key, route.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024);
    }
  });
}

/** The body limit each route of a server takes ('METHOD /path' → bytes), for tests. */
export function routeBodyLimits(app: object): ReadonlyMap<string, number> {
  const limits = bodyLimits.get(app);
  if (!limits) throw new Error('routeBodyLimits needs a server made by createHttpServer');
  return limits;
}
export {
  bodyTooLarge,
  errorAnswer,
  identityLanguage,
  type RequestLanguage,
  refusalsInCallersLanguage,
  sizeText,
} from './errors';
export type { RequestObserver } from './metrics';

const registries = new WeakMap<object, Registry>();
const durations = new WeakMap<object, RequestObserver>();

/** The registry a server's /metrics serves (a service adds its own metrics to it: metrics.ts). */
export function metricsRegistry(app: object): Registry {
  const registry = registries.get(app);
  if (!registry) throw new Error('metricsRegistry needs a server made by createHttpServer');
  return registry;
}

/**
 * Records a request answered outside Fastify's routes (the gateway's API edge) in the server's
 * request-duration histogram, as its onResponse hook does for the others.
 */
export function requestObserver(app: HttpServer): RequestObserver {
  const observe = durations.get(app);
  if (!observe) throw new Error('requestObserver needs a server made by createHttpServer');
  return observe;
}

/** Whether a server is draining (SIGTERM came): /readyz says 503 and answers close their connection. */
interface DrainState {
  draining: boolean;
}
const drainStates = new WeakMap<object, DrainState>();

/**
 * The first step of a graceful stop: readiness fails (balancers stop sending new work) and every
 * answer from now on carries `Connection: close`, while the server keeps accepting and serving.
 */
export function beginDrain(app: HttpServer): void {
  const state = drainStates.get(app);
  if (state) state.draining = true;
}

export const isDraining = (app: HttpServer): boolean => drainStates.get(app)?.draining ?? false;

/**
 * Stops accepting, lets in-flight requests finish (answered with `Connection: close`) for up to
 * `drainMs`, then cuts the connections still open and closes the server (its onClose hooks).
 */
export async function drainAndClose(app: HttpServer, drainMs: number): Promise<void> {
  beginDrain(app);
  let timer: NodeJS.Timeout | undefined;
  const closed = app.close();
  const cut = new Promise<'cut'>((resolve) => {
    timer = setTimeout(() => resolve('cut'), drainMs);
    timer.unref();
  });
  const outcome = await Promise.race([closed.then(() => 'closed' as const), cut]);
  clearTimeout(timer);
  if (outcome === 'cut') {
    app.log.warn({ drainMs }, 'requests still in flight after the drain period, closing their connections');
    app.server.closeAllConnections();
    await closed;
  }
}

/**
 * A small server of its own for /healthz, /readyz and /metrics (the metrics of `app`), for a
 * process whose main server is public (the gateway, created with `probes: false`).
 */
export function createProbeServer(
  app: HttpServer,
  opts: Pick<HttpServerOptions, 'name' | 'logger' | 'readiness'>,
) {
  const registry = registries.get(app);
  if (!registry) throw new Error('createProbeServer needs a server created with probes: false');
  const probes = Fastify({
    loggerInstance: opts.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: true,
  });
  installErrorHandler(probes);
  registerProbes(probes, registry, opts, drainStates.get(app) ?? { draining: false });
  return probes;
}

function registerProbes(
  app: FastifyInstance,
  registry: Registry,
  opts: Pick<HttpServerOptions, 'name' | 'readiness'>,
  drain: DrainState,
): void {
  app.get('/metrics', { logLevel: 'warn' }, async (_req, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok', service: opts.name }));
  app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
    if (drain.draining) return reply.code(503).send({ status: 'draining', checks: {} });
    const checks: Record<string, boolean> = {};
    await Promise.all(
      Object.entries(opts.readiness ?? {}).map(async ([name, check]) => {
        checks[name] = await Promise.race([
          check().catch(() => false),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000).unref()),
        ]);
      }),
    );
    const ok = Object.values(checks).every(Boolean);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'unavailable', checks });
  });
}
