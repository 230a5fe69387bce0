import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceName } from '@acg/contracts';
import {
  AppError,
  createRouter,
  failSpan,
  type Logger,
  startServerSpan,
  text,
  tracingOn,
  withContext,
} from '@acg/platform';
import type { GatewayConfig } from '../config';
import type { VisitorLookup } from '../identity/visitor';
import { isNavigation } from '../pages/page-responder';
import { type Policy, PolicySteps, Redirect, type Verdict } from '../policies';
import { createPublicHost } from '../security/public-host';
import { AnswerCopies } from './answer-copies';
import { Exchange, type ExchangeSetting, replaceableHeaders } from './exchange';
import {
  type ForwardingSetting,
  forward,
  forwardingOf,
  type PathForwarding,
  refuseAsVisitor,
} from './forwarding';
import { createIdentitySigner } from './identity-signer';
import { PROXIED_METHODS, routesByService } from './route-table';
import { createUpstream, FailureLog, type Upstream } from './upstreams';

export interface ApiEdgeOptions extends Omit<ExchangeSetting, 'logger' | 'replaceable' | 'steps'> {
  config: GatewayConfig;
  visitors: VisitorLookup;
  /** Services that run; the routes of the others answer 503 at once. */
  available: ReadonlySet<ServiceName>;
  logger: Logger;
  /** The gateway's policy list (policies.ts), the one Fastify's hooks are made from. */
  policies: readonly Policy[];
}

/** The methods a proxied path answers itself (HEAD as GET); any other gets 405 naming them all. */
const EDGE_METHODS = new Set([...PROXIED_METHODS, 'HEAD']);
const ALL_METHODS_ALLOW = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * The proxied API outside Fastify's routes: a request whose path is a route-table path of a
 * service is answered here, in front of Fastify's own request listener; everything else
 * (pages, assets, the live stream, unknown paths, and a browser navigation under /admin, which
 * is the admin page) goes on to Fastify. The edge runs the gateway's policy list (policies.ts),
 * the same list Fastify's hooks are made from, in its order; then the path's gate and
 * forwarding (forwarding.ts). No Fastify request, reply, hook chain or per-header validation
 * per request.
 */
export function createApiEdge(opts: ApiEdgeOptions) {
  const { config } = opts;
  const router = createRouter<PathForwarding>();
  const upstreams: Upstream[] = [];
  const failures = new FailureLog(opts.logger);
  for (const group of routesByService()) {
    const upstream = opts.available.has(group.service) ? createUpstream(config, group.service) : undefined;
    if (upstream) upstreams.push(upstream);
    for (const path of group.paths)
      router.on([...EDGE_METHODS], path, forwardingOf(group.service, path, upstream, failures));
  }
  const steps = new PolicySteps(opts.policies);
  const setting: ExchangeSetting = {
    steps,
    replaceable: replaceableHeaders(steps.headers),
    evict: opts.evict,
    logger: opts.logger,
    logRequests: opts.logRequests,
    languageOf: opts.languageOf,
  };
  const forwarding: ForwardingSetting = {
    config,
    visitors: opts.visitors,
    sign: createIdentitySigner(config.INTERNAL_SECRET),
    publicHost: createPublicHost(config.PUBLIC_URL).host,
    copies: new AnswerCopies(),
  };

  /** The policies' request steps from `from` on, then a method no route takes (405) or the gate. */
  const run = (x: Exchange, target: PathForwarding, from: number): void => {
    const request = steps.request;
    for (let i = from; i < request.length; i++) {
      const verdict = request[i]!(x, x.route, x);
      if (verdict instanceof Promise) {
        later(x, target, verdict, i + 1);
        return;
      }
      if (concluded(x, verdict)) return;
    }
    if (!x.route) {
      x.header('allow', ALL_METHODS_ALLOW);
      refuseAsVisitor(
        x,
        opts.visitors,
        new AppError(405, 'method_not_allowed', text('platform.methodNotAllowed')),
      );
    } else forward(target, x, forwarding);
  };

  /** A verdict that came later: the list goes on from `next` once it is known. */
  const later = (x: Exchange, target: PathForwarding, verdict: Promise<Verdict>, next: number): void => {
    verdict.then(
      (known) => x.guard(() => (concluded(x, known) ? undefined : run(x, target, next))),
      (error: unknown) => x.fail(error),
    );
  };

  const begin = (x: Exchange, target: PathForwarding): void => {
    try {
      run(x, target, 0);
    } catch (error) {
      x.fail(error);
    }
  };

  return {
    /** Answers the request and says true, or says false and leaves it to Fastify. */
    handle(req: IncomingMessage, res: ServerResponse): boolean {
      const method = req.method ?? 'GET';
      const listed = EDGE_METHODS.has(method);
      const found = router.find(listed ? method : 'GET', req.url ?? '/');
      if (!found) return false;
      const target = found.store;
      if (target.admin && isNavigation({ method, headers: req.headers })) return false;
      const x = new Exchange(req, res, listed ? target.path : undefined, found.params, setting);
      const traced = tracingOn() ? traceExchange(x, target) : undefined;
      if (traced) withContext(traced, () => begin(x, target));
      else begin(x, target);
      return true;
    },
    /**
     * The server has stopped accepting and its requests are answered or cut by now; answers
     * still streaming from a service get the drain period before the pools are dropped.
     */
    async close(drainMs: number): Promise<void> {
      await Promise.all(upstreams.map((upstream) => upstream.close(drainMs)));
    },
  };
}
export type ApiEdge = ReturnType<typeof createApiEdge>;

/**
 * The request's server span (rules §71), when tracing is on: it starts or continues the client's
 * trace, the policies and the forwarding run inside it (forwarding sends it on as `traceparent`),
 * and it ends when the answer's connection is done with it.
 */
function traceExchange(x: Exchange, target: PathForwarding) {
  const started = startServerSpan('gateway', `${x.method} ${x.route ?? target.path}`, x.headers);
  if (!started) return undefined;
  const { span } = started;
  x.span = span;
  // A trace the sampler left out still goes on (its traceparent says so downstream), at no more cost.
  if (!span.isRecording()) return started.ctx;
  span.setAttributes({
    'http.request.method': x.method,
    'url.path': x.url.split('?', 1)[0] ?? '/',
    'http.route': x.route ?? target.path,
    'acg.request_id': x.id,
    'acg.upstream': target.service,
  });
  x.res.once('close', () => {
    span.setAttribute('http.response.status_code', x.res.statusCode);
    if (x.res.statusCode >= 500) failSpan(span, new Error(`answered ${x.res.statusCode}`));
    span.end();
  });
  return started.ctx;
}

/** A policy's verdict answered: true when it answered the request (a refusal or a redirect). */
function concluded(x: Exchange, verdict: Verdict): boolean {
  if (verdict === undefined) return false;
  if (verdict instanceof Redirect) x.redirect(verdict.location);
  else x.fail(verdict);
  return true;
}
