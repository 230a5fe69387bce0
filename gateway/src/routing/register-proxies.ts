import { ANONYMOUS, type Identity, type ServiceName } from '@acg/contracts';
import { AppError, UnavailableError } from '@acg/platform';
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type GatewayConfig, upstreamUrl } from '../config';
import { enforceAccess } from '../identity/access';
import type { VisitorLookup } from '../identity/visitor';
import { isNavigation, type PageResponder } from '../pages/page-responder';
import { createAccessLookup, methodsOf, routesByService, type ServiceRoutes } from './route-table';
import { upstreamFailure } from './upstream-errors';
import { upstreamHeaders } from './upstream-headers';

export interface ProxyOptions {
  config: GatewayConfig;
  visitors: VisitorLookup;
  respondWithPage: PageResponder;
  /** Services that run; the routes of the others answer 503 at once. */
  available: ReadonlySet<ServiceName>;
}

const accessOf = createAccessLookup();
const IDEMPOTENT = new Set(['GET', 'HEAD']);

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
      const identities = new WeakMap<FastifyRequest, Identity>();
      scope.addHook('onRequest', createGate(group.service, opts, identities));
      if (opts.available.has(group.service)) await registerProxy(scope, group, opts, identities);
      else registerUnavailable(scope, group);
    });
  }
}

function createGate(service: ServiceName, opts: ProxyOptions, identities: WeakMap<FastifyRequest, Identity>) {
  return async function gate(req: FastifyRequest, reply: FastifyReply) {
    const path = req.routeOptions.url ?? '';
    if (path.startsWith('/admin') && isNavigation(req)) return opts.respondWithPage(req, reply);
    const access = accessOf(req.method, path);
    if (!access) {
      reply.header('allow', methodsOf(path).join(', '));
      throw new AppError(405, 'method_not_allowed', 'Method not allowed');
    }
    // Access first: a visitor who may not call the route learns that (401/403) whether or not
    // its service runs; only callers who may call it learn it is unavailable.
    const visitor = await opts.visitors(req);
    enforceAccess(access, visitor);
    if (!opts.available.has(service)) throw new UnavailableError('Service unavailable', { service });
    identities.set(req, visitor.identity);
  };
}

async function registerProxy(
  scope: FastifyInstance,
  group: ServiceRoutes,
  opts: ProxyOptions,
  identities: WeakMap<FastifyRequest, Identity>,
): Promise<void> {
  const { config } = opts;
  const { service } = group;
  await scope.register(httpProxy, {
    upstream: upstreamUrl(config, service),
    routes: group.paths,
    httpMethods: group.methods,
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
          identity: identities.get(req) ?? ANONYMOUS,
          internalSecret: config.INTERNAL_SECRET,
          trustedHops: config.TRUST_PROXY,
        });
      },
      onError: (reply, { error }) => {
        reply.send(upstreamFailure(error, service));
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
      method: group.methods,
      url,
      handler: async () => {
        throw new UnavailableError('Service unavailable', { service: group.service });
      },
    });
  }
}
