import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceName } from '@acg/contracts';
import { AppError, createRouter, type Logger, RateLimitError } from '@acg/platform';
import type { GatewayConfig } from '../config';
import type { VisitorLookup } from '../identity/visitor';
import { isNavigation } from '../pages/page-responder';
import type { CsrfCheck } from '../security/csrf';
import { createPublicHost } from '../security/public-host';
import { type LimitState, type RateLimiter, rateLimitHeaders } from '../security/rate-limits';
import type { SignInOriginCheck } from '../security/sign-in-origin';
import { AnswerCopies } from './answer-copies';
import { Exchange, type ExchangeSetting, replaceableHeaders } from './exchange';
import { type ForwardingSetting, forward, forwardingOf, type PathForwarding } from './forwarding';
import { createIdentitySigner } from './identity-signer';
import { PROXIED_METHODS, routesByService } from './route-table';
import { createUpstream, FailureLog, type Upstream } from './upstreams';

export interface ApiEdgeOptions extends Omit<ExchangeSetting, 'logger' | 'replaceable'> {
  config: GatewayConfig;
  visitors: VisitorLookup;
  /** Services that run; the routes of the others answer 503 at once. */
  available: ReadonlySet<ServiceName>;
  logger: Logger;
  csrf: CsrfCheck;
  /** Undefined when RATE_LIMIT_ENABLED is off. */
  limiter: RateLimiter | undefined;
  signInOrigin: SignInOriginCheck;
}

/** The methods a proxied path answers itself (HEAD as GET); any other gets 405 naming them all. */
const EDGE_METHODS = new Set([...PROXIED_METHODS, 'HEAD']);
const ALL_METHODS_ALLOW = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * The proxied API outside Fastify's routes: a request whose path is a route-table path of a
 * service is answered here, in front of Fastify's own request listener; everything else
 * (pages, assets, the live stream, unknown paths, and a browser navigation under /admin, which
 * is the admin page) goes on to Fastify. The policies run in Fastify's order, each one the
 * function Fastify's hooks call too: security headers and request id (written with the
 * answer), CSRF, rate limits, the sign-in origin redirect; then the path's gate and forwarding
 * (forwarding.ts). No Fastify request, reply, hook chain or per-header validation per request.
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
  const setting: ExchangeSetting = {
    fixedHeaders: opts.fixedHeaders,
    replaceable: replaceableHeaders(opts.fixedHeaders),
    observe: opts.observe,
    isDraining: opts.isDraining,
    evict: opts.evict,
    logger: opts.logger,
    logRequests: opts.logRequests,
    languageOf: (x) => {
      const visitor = opts.visitors(x);
      return visitor instanceof Promise || visitor.unknown || !visitor.sessionId
        ? undefined
        : visitor.identity.language;
    },
  };
  const forwarding: ForwardingSetting = {
    config,
    visitors: opts.visitors,
    sign: createIdentitySigner(config.INTERNAL_SECRET),
    publicHost: createPublicHost(config.PUBLIC_URL).host,
    copies: new AnswerCopies(),
  };

  /** After the rate limit: a refusal, the sign-in redirect, a method no route takes, or the gate. */
  const proceed = (x: Exchange, target: PathForwarding, limit: LimitState | undefined): void => {
    if (limit) x.decided.push(...rateLimitHeaders(limit));
    if (limit?.exceeded) x.fail(new RateLimitError());
    else if (!x.route) {
      x.decided.push('allow', ALL_METHODS_ALLOW);
      x.fail(new AppError(405, 'method_not_allowed', 'Method not allowed'));
    } else {
      const location = opts.signInOrigin(x, x.method, x.route);
      if (location) x.redirect(location);
      else forward(target, x, forwarding);
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
      x.guard(() => {
        const refusal = opts.csrf(x, method, x.route);
        if (refusal) return x.fail(refusal);
        const limit = opts.limiter?.(x, method, x.route);
        if (!(limit instanceof Promise)) return proceed(x, target, limit);
        limit.then(
          (state) => x.guard(() => proceed(x, target, state)),
          (error: unknown) => x.fail(error),
        );
      });
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
