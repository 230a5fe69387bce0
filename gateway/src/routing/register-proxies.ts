import { PassThrough, Transform } from 'node:stream';
import {
  bodyLimitOf,
  isPersonal,
  type RouteSpec,
  routes as routeTable,
  type ServiceName,
} from '@acg/contracts';
import { AppError, alreadyLogged, type Logger, PayloadTooLargeError, UnavailableError } from '@acg/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import type { GatewayConfig } from '../config';
import { enforceAccess } from '../identity/access';
import type { Visitor, VisitorLookup } from '../identity/visitor';
import { isNavigation, type PageResponder } from '../pages/page-responder';
import { createPublicHost } from '../security/public-host';
import { createIdentitySigner, type IdentitySigner } from './identity-signer';
import { methodsOf, PROXIED_METHODS, routesByService, type ServiceRoutes } from './route-table';
import { isRefused, isResetConnection, upstreamFailure } from './upstream-errors';
import { upstreamHeaders } from './upstream-headers';
import { createUpstream, FailureLog, type Replica, type Upstream } from './upstreams';

export interface ProxyOptions {
  config: GatewayConfig;
  visitors: VisitorLookup;
  respondWithPage: PageResponder;
  /** Services that run; the routes of the others answer 503 at once. */
  available: ReadonlySet<ServiceName>;
  logger: Logger;
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
  upstream: Upstream | undefined;
  failures: FailureLog;
}

export async function registerProxies(app: FastifyInstance, opts: ProxyOptions): Promise<void> {
  const { config } = opts;
  const sign = createIdentitySigner(config.INTERNAL_SECRET);
  const publicHost = createPublicHost(config.PUBLIC_URL).host;
  const upstreams: Upstream[] = [];
  const failures = new FailureLog(opts.logger);
  for (const group of routesByService()) {
    const upstream = opts.available.has(group.service) ? createUpstream(config, group.service) : undefined;
    if (upstream) upstreams.push(upstream);
    await app.register(async (scope) => {
      // Bodies are not parsed here: they stream to the service as they come.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
      for (const path of group.paths) {
        const target = forwardingOf(group, path, upstream, failures);
        scope.route({
          method: PROXIED_METHODS,
          url: path,
          handler: createForwarder(target, opts, sign, publicHost),
        });
      }
    });
  }
  // The server has stopped accepting and its requests are answered or cut by now; answers still
  // streaming from a service get the drain period before the pools are dropped.
  app.addHook('onClose', async () => {
    await Promise.all(upstreams.map((upstream) => upstream.close(config.SHUTDOWN_DRAIN_MS)));
  });
}

function forwardingOf(
  group: ServiceRoutes,
  path: string,
  upstream: Upstream | undefined,
  failures: FailureLog,
): PathForwarding {
  const byMethod = new Map<string, RouteSpec>();
  for (const route of routeTable) {
    if (route.path !== path || route.service !== group.service) continue;
    byMethod.set(route.method, route);
    if (route.method === 'GET') byMethod.set('HEAD', route);
  }
  return {
    service: group.service,
    path,
    byMethod,
    allow: methodsOf(path).join(', '),
    upstream,
    failures,
  };
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
      if (!target.upstream) throw new UnavailableError('Service unavailable', { service: target.service });
      const headers = upstreamHeaders(req, req.headers, {
        service: target.service,
        identity: known.identity,
        sign,
        trustedHops: config.TRUST_PROXY,
        publicHost,
      });
      dispatch(target, req, reply, headers, bodyOf(req, bodyLimit, length), {
        tried: new Set(),
        retried: false,
      });
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

/** Where one request has been: replicas that refused it, and whether a read was retried. */
interface Attempts {
  tried: Set<Replica>;
  retried: boolean;
}

/**
 * Sends the request to a replica of the service and the answer to the client. A short answer
 * (the usual JSON) is collected and sent at once; a long or unannounced one streams through as
 * it comes, bytes untouched (a precompressed answer keeps its Content-Encoding). Transport
 * failures before the answer began (rules §39): a refused connection (nothing was sent) goes to
 * the next replica, whatever the method; a read (GET/HEAD without a body) whose kept-alive
 * connection was reset or closed under it is sent once more; anything else becomes the one
 * error shape, logged at most once a second per replica.
 */
function dispatch(
  target: PathForwarding,
  req: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string | string[] | undefined>,
  body: Dispatcher.DispatchOptions['body'],
  attempts: Attempts,
): void {
  const upstream = target.upstream!;
  const replica = upstream.pick(attempts.tried) ?? upstream.pick();
  if (!replica) {
    reply.send(new UnavailableError('Service unavailable', { service: target.service }));
    return;
  }
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
      if (!started && !reply.sent) {
        if (isRefused(error)) {
          upstream.refused(replica);
          attempts.tried.add(replica);
          if (attempts.tried.size < upstream.replicas.length) {
            dispatch(target, req, reply, headers, body, attempts);
            return;
          }
        } else if (
          !attempts.retried &&
          body === null &&
          IDEMPOTENT.has(req.method) &&
          isResetConnection(error)
        ) {
          attempts.retried = true;
          dispatch(target, req, reply, headers, body, attempts);
          return;
        }
      }
      if (reply.sent) return;
      const own = ownRefusal(error);
      if (own) {
        reply.send(own);
        return;
      }
      target.failures.report(target.service, replica.url, error, req.id);
      reply.send(alreadyLogged(upstreamFailure(error, target.service)));
    },
  };
  replica.pool.dispatch({ path: req.url, method: req.method, headers, body }, handler);
}
