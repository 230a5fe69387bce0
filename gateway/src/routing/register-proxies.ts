import { PassThrough, Transform } from 'node:stream';
import {
  bodyLimitOf,
  isPersonal,
  type RouteSpec,
  routes as routeTable,
  type ServiceName,
} from '@acg/contracts';
import { AppError, PayloadTooLargeError, UnavailableError } from '@acg/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Dispatcher, Pool } from 'undici';
import { type GatewayConfig, upstreamUrl } from '../config';
import { enforceAccess } from '../identity/access';
import type { Visitor, VisitorLookup } from '../identity/visitor';
import { isNavigation, type PageResponder } from '../pages/page-responder';
import { createPublicHost } from '../security/public-host';
import { createIdentitySigner, type IdentitySigner } from './identity-signer';
import { methodsOf, PROXIED_METHODS, routesByService, type ServiceRoutes } from './route-table';
import { upstreamFailure } from './upstream-errors';
import { upstreamHeaders } from './upstream-headers';

export interface ProxyOptions {
  config: GatewayConfig;
  visitors: VisitorLookup;
  respondWithPage: PageResponder;
  /** Services that run; the routes of the others answer 503 at once. */
  available: ReadonlySet<ServiceName>;
}

const IDEMPOTENT = new Set(['GET', 'HEAD']);
const PERSONAL_CACHING = 'private, no-store';
/** Answers up to this size (announced by Content-Length) are collected and sent in one write. */
const BUFFERED_ANSWER_MAX = 64 * 1024;
/** Headers of the service's connection, not of its answer. */
const ANSWER_HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

/** What the handler of one path needs: its route-table entries by method, and where to send. */
interface PathForwarding {
  service: ServiceName;
  path: string;
  byMethod: ReadonlyMap<string, RouteSpec>;
  allow: string;
  pool: Pool | undefined;
}

export async function registerProxies(app: FastifyInstance, opts: ProxyOptions): Promise<void> {
  const { config } = opts;
  const sign = createIdentitySigner(config.INTERNAL_SECRET);
  const publicHost = createPublicHost(config.PUBLIC_URL).host;
  const pools: Pool[] = [];
  for (const group of routesByService()) {
    const pool = opts.available.has(group.service) ? createPool(config, group.service) : undefined;
    if (pool) pools.push(pool);
    await app.register(async (scope) => {
      // Bodies are not parsed here: they stream to the service as they come.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
      for (const path of group.paths) {
        const target = forwardingOf(group, path, pool);
        scope.route({
          method: PROXIED_METHODS,
          url: path,
          handler: createForwarder(target, opts, sign, publicHost),
        });
      }
    });
  }
  app.addHook('onClose', async () => {
    await Promise.all(pools.map((pool) => pool.destroy()));
  });
}

function forwardingOf(group: ServiceRoutes, path: string, pool: Pool | undefined): PathForwarding {
  const byMethod = new Map<string, RouteSpec>();
  for (const route of routeTable) {
    if (route.path !== path || route.service !== group.service) continue;
    byMethod.set(route.method, route);
    if (route.method === 'GET') byMethod.set('HEAD', route);
  }
  return { service: group.service, path, byMethod, allow: methodsOf(path).join(', '), pool };
}

/**
 * One undici pool per service: kept-alive connections (longer than the services' own idle
 * timeout is not useful; 30 s is under Node's default keep-alive of the services' servers
 * being refreshed by traffic), one request at a time on each (HTTP/1.1 pipelining would let a
 * slow answer hold up the ones behind it), as many connections as the load needs up to 128.
 */
function createPool(config: GatewayConfig, service: ServiceName): Pool {
  return new Pool(upstreamUrl(config, service), {
    connections: 128,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    connectTimeout: config.UPSTREAM_CONNECT_TIMEOUT_MS,
    headersTimeout: config.UPSTREAM_TIMEOUT_MS,
    bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
  });
}

const tooLarge = (limit: number) =>
  new PayloadTooLargeError(`The request body is larger than this route takes (${limit} bytes)`);

/**
 * The handler of one route-table path. The gate comes first, before any body is read: a browser
 * navigation under /admin gets the admin page; a method the table does not list is 405; a
 * declared body over the route's limit is 413; then the visitor is resolved and the route's
 * access rule applied (401/403 whether or not the service runs); a service that is not built
 * is 503. Then the request goes to the service with the visitor's signed identity.
 */
function createForwarder(
  target: PathForwarding,
  opts: ProxyOptions,
  sign: IdentitySigner,
  publicHost: string,
) {
  const { config } = opts;
  const admin = target.path.startsWith('/admin');
  // Synchronous unless a session must be looked up: Fastify waits for reply.send either way (a
  // returned reply or promise of it would make Fastify wait on the response stream instead).
  return function forward(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | undefined {
    if (admin && isNavigation(req)) return opts.respondWithPage(req, reply);
    const route = target.byMethod.get(req.method);
    if (!route) {
      reply.header('allow', target.allow);
      throw new AppError(405, 'method_not_allowed', 'Method not allowed');
    }
    if (isPersonal(route)) reply.header('cache-control', PERSONAL_CACHING);
    // A body over the route's limit is refused before anyone reads it (chunked bodies, which
    // announce no length, are counted as they are forwarded: see limitBody).
    const bodyLimit = bodyLimitOf(route);
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > bodyLimit) throw tooLarge(bodyLimit);
    const visitor = opts.visitors(req);
    const send = (known: Visitor): void => {
      // Access first: a visitor who may not call the route learns that (401/403) whether or not
      // its service runs; only callers who may call it learn it is unavailable.
      enforceAccess(route.access, known);
      if (!target.pool) throw new UnavailableError('Service unavailable', { service: target.service });
      const headers = upstreamHeaders(req, req.headers, {
        service: target.service,
        identity: known.identity,
        sign,
        trustedHops: config.TRUST_PROXY,
        publicHost,
      });
      dispatch(target, req, reply, headers, bodyOf(req, bodyLimit, length), 0);
    };
    if (visitor instanceof Promise) {
      visitor.then(send).catch((error: unknown) => reply.send(error));
    } else send(visitor);
    return undefined;
  };
}

/** The request body to forward: none, the request stream, or the stream through a counter. */
function bodyOf(req: FastifyRequest, limit: number, length: number): Dispatcher.DispatchOptions['body'] {
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (!chunked && length === 0) return null;
  if (!chunked || req.headers['content-length'] !== undefined) return req.raw;
  let seen = 0;
  return req.raw.pipe(
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

/**
 * Sends the request to the service and the answer to the client. A short answer (the usual
 * JSON) is collected and sent at once; a long or unannounced one streams through as it comes,
 * bytes untouched (a precompressed answer keeps its Content-Encoding). Transport failures
 * before the answer began become the one error shape; one retry, for reads only, when a
 * kept-alive connection was closed under us.
 */
function dispatch(
  target: PathForwarding,
  req: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string | string[] | undefined>,
  body: Dispatcher.DispatchOptions['body'],
  attempt: number,
): void {
  let chunks: Buffer[] | undefined;
  let stream: PassThrough | undefined;
  let started = false;
  const handler: Dispatcher.DispatchHandler = {
    onRequestStart() {},
    onResponseStart(controller, statusCode, answer) {
      started = true;
      reply.code(statusCode);
      const personal = reply.hasHeader('cache-control');
      for (const name in answer) {
        if (ANSWER_HOP_BY_HOP.has(name)) continue;
        if (name === 'cache-control' && personal) continue;
        const value = answer[name];
        if (value !== undefined) reply.header(name, value);
      }
      const length = Number(answer['content-length'] ?? Number.NaN);
      if (length <= BUFFERED_ANSWER_MAX) {
        chunks = [];
        return;
      }
      stream = new PassThrough();
      stream.on('drain', () => controller.resume());
      // A client gone mid-answer stops the transfer from the service too.
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort(new Error('client closed the connection'));
      });
      reply.send(stream);
    },
    onResponseData(controller, chunk) {
      if (chunks) chunks.push(chunk);
      else if (stream && !stream.write(chunk)) controller.pause();
    },
    onResponseEnd() {
      if (chunks) {
        reply.removeHeader('content-length');
        reply.send(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
      } else stream?.end();
    },
    onResponseError(_controller, error) {
      if (stream) {
        stream.destroy(error);
        return;
      }
      if (
        !started &&
        attempt === 0 &&
        IDEMPOTENT.has(req.method) &&
        (error as { code?: string }).code === 'UND_ERR_SOCKET'
      ) {
        dispatch(target, req, reply, headers, body, 1);
        return;
      }
      if (reply.sent) return;
      reply.send(ownRefusal(error) ?? upstreamFailure(error, target.service));
    },
  };
  target.pool!.dispatch({ path: req.url, method: req.method, headers, body }, handler);
}
