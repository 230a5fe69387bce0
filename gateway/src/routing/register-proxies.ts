import { Transform } from 'node:stream';
import { ANONYMOUS, bodyLimitOf, type Identity, isPersonal, type ServiceName } from '@acg/contracts';
import { AppError, PayloadTooLargeError, UnavailableError } from '@acg/platform';
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type GatewayConfig, upstreamUrl } from '../config';
import { enforceAccess } from '../identity/access';
import type { VisitorLookup } from '../identity/visitor';
import { isNavigation, type PageResponder } from '../pages/page-responder';
import { createPublicHost } from '../security/public-host';
import {
  createRouteLookup,
  methodsOf,
  PROXIED_METHODS,
  routesByService,
  type ServiceRoutes,
} from './route-table';
import { upstreamFailure } from './upstream-errors';
import { upstreamHeaders } from './upstream-headers';

export interface ProxyOptions {
  config: GatewayConfig;
  visitors: VisitorLookup;
  respondWithPage: PageResponder;
  /** Services that run; the routes of the others answer 503 at once. */
  available: ReadonlySet<ServiceName>;
}

const routeOf = createRouteLookup();
const IDEMPOTENT = new Set(['GET', 'HEAD']);
const PERSONAL_CACHING = 'private, no-store';

/** Per request: the identity to forward and the body limit of its route. */
interface Forwarding {
  identity: Identity;
  bodyLimit: number;
}

/**
 * Every route of the route table, forwarded to its owner with @fastify/http-proxy: one
 * registration per service (so one undici agent, i.e. one connection pool, per upstream),
 * each route an exact path. Before anything is forwarded the gate runs, ahead of body parsing:
 * a browser navigation under /admin gets the admin page; a method the table does not list is
 * 405; then the visitor is resolved and the route's access rule applied; a service that is not
 * built is 503.
 */
export async function registerProxies(app: FastifyInstance, opts: ProxyOptions): Promise<void> {
  for (const group of routesByService()) {
    await app.register(async (scope) => {
      const identities = new WeakMap<FastifyRequest, Forwarding>();
      const personal = new WeakSet<FastifyRequest>();
      scope.addHook('onRequest', createGate(group.service, opts, identities, personal));
      // Whatever the service answers, the caller's own data is not kept by any cache.
      scope.addHook('onSend', async (req, reply) => {
        if (personal.has(req)) reply.header('cache-control', PERSONAL_CACHING);
      });
      if (opts.available.has(group.service)) await registerProxy(scope, group, opts, identities);
      else registerUnavailable(scope, group);
    });
  }
}

function createGate(
  service: ServiceName,
  opts: ProxyOptions,
  forwarding: WeakMap<FastifyRequest, Forwarding>,
  personal: WeakSet<FastifyRequest>,
) {
  return async function gate(req: FastifyRequest, reply: FastifyReply) {
    const path = req.routeOptions.url ?? '';
    if (path.startsWith('/admin') && isNavigation(req)) return opts.respondWithPage(req, reply);
    const route = routeOf(req.method, path);
    if (!route) {
      reply.header('allow', methodsOf(path).join(', '));
      throw new AppError(405, 'method_not_allowed', 'Method not allowed');
    }
    if (isPersonal(route)) personal.add(req);
    // A body over the route's limit is refused before anyone reads it (chunked bodies, which
    // announce no length, are counted as they are forwarded: see limitBody).
    const bodyLimit = bodyLimitOf(route);
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > bodyLimit) throw tooLarge(bodyLimit);
    // Access first: a visitor who may not call the route learns that (401/403) whether or not
    // its service runs; only callers who may call it learn it is unavailable.
    const visitor = await opts.visitors(req);
    enforceAccess(route.access, visitor);
    if (!opts.available.has(service)) throw new UnavailableError('Service unavailable', { service });
    forwarding.set(req, { identity: visitor.identity, bodyLimit });
  };
}

const tooLarge = (limit: number) =>
  new PayloadTooLargeError(`The request body is larger than this route takes (${limit} bytes)`);

/** A chunked body passes through a counter that fails the forwarding once it exceeds the limit. */
function limitBody(req: FastifyRequest, limit: number): void {
  if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] === undefined) return;
  const body = req.body as NodeJS.ReadableStream | undefined;
  if (!body || typeof body.pipe !== 'function') return;
  let seen = 0;
  req.body = body.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        done(seen > limit ? tooLarge(limit) : null, chunk);
      },
    }),
  );
}

/** The refusal that made forwarding fail, if it was ours (a chunked body over its limit). */
const ownRefusal = (error: unknown): AppError | undefined => {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (e instanceof AppError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

async function registerProxy(
  scope: FastifyInstance,
  group: ServiceRoutes,
  opts: ProxyOptions,
  forwarding: WeakMap<FastifyRequest, Forwarding>,
): Promise<void> {
  const { config } = opts;
  const { service } = group;
  const publicHost = createPublicHost(config.PUBLIC_URL).host;
  await scope.register(httpProxy, {
    upstream: upstreamUrl(config, service),
    routes: group.paths,
    httpMethods: PROXIED_METHODS,
    preHandler: async (req) => {
      const limit = forwarding.get(req)?.bodyLimit;
      if (limit !== undefined) limitBody(req, limit);
    },
    internalRewriteLocationHeader: false,
    disableRequestLogging: true,
    destroyAgent: true,
    undici: {
      connections: 128,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      connectTimeout: config.UPSTREAM_CONNECT_TIMEOUT_MS,
      headersTimeout: config.UPSTREAM_TIMEOUT_MS,
      bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
    },
    replyOptions: {
      rewriteRequestHeaders: (rawTyped, headers) => {
        // reply-from types the request for any server; this one is the gateway's HTTP/1 server.
        const req = rawTyped as unknown as FastifyRequest;
        return upstreamHeaders(req, headers, {
          service,
          // The gate ran for every proxied request; anonymous is only a safe fallback.
          identity: forwarding.get(req)?.identity ?? ANONYMOUS,
          internalSecret: config.INTERNAL_SECRET,
          trustedHops: config.TRUST_PROXY,
          publicHost,
        });
      },
      onError: (reply, { error }) => {
        reply.send(ownRefusal(error) ?? upstreamFailure(error, service));
      },
      // One retry, for reads only, when a kept-alive connection was closed under us; nothing
      // else is retried (reply-from would otherwise repeat a GET answered 503 up to 10 times).
      retryDelay: ({ err, req, attempt }) =>
        attempt === 0 &&
        IDEMPOTENT.has(req.method) &&
        (err as { code?: string } | undefined)?.code === 'UND_ERR_SOCKET'
          ? 1
          : null,
    },
  });
}

function registerUnavailable(scope: FastifyInstance, group: ServiceRoutes): void {
  for (const url of group.paths) {
    scope.route({
      method: PROXIED_METHODS,
      url,
      handler: async () => {
        throw new UnavailableError('Service unavailable', { service: group.service });
      },
    });
  }
}
