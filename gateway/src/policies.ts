import { REQUEST_ID_HEADER } from '@acg/contracts';
import { RateLimitError, RETRY_AFTER_SECONDS, type RequestObserver } from '@acg/platform';
import type { FastifyError, FastifyInstance, FastifyReply, HookHandlerDoneFunction } from 'fastify';
import type { ClientRequest } from './client';
import { isNavigation } from './pages/page-responder';
import { browserLanguage, refusalPage } from './pages/unavailable-page';
import type { CsrfCheck } from './security/csrf';
import type { LimitState, RateLimiter } from './security/rate-limits';
import type { SignInOriginCheck } from './security/sign-in-origin';

/**
 * The gateway's policies as one ordered list (ADR 0010). Pages, assets and the live stream go
 * through Fastify, the proxied API through the API edge in front of it (routing/api-edge.ts,
 * rules §44); both run this list, in its order: Fastify's hooks are generated from it
 * (`installPolicies`), the edge iterates it (`PolicySteps`). Adding, removing or reordering a
 * policy is one edit here, and both kinds of request see it.
 */

/** What a policy reads of a request: a Fastify request and the edge's Exchange both are one. */
export interface PolicyRequest extends ClientRequest {
  readonly id: string;
  readonly method: string;
  readonly url: string;
}

/** Where a policy writes answer headers: a Fastify reply and the edge's Exchange both are one. */
export interface AnswerHead {
  header(name: string, value: string): unknown;
  hasHeader(name: string): boolean;
}

/** The answer a policy gives instead of the route's: a redirect (302) to `location`. */
export class Redirect {
  constructor(readonly location: string) {}
}

/** A policy's say on a request: go on (undefined), answer with this error, or redirect. */
export type Verdict = undefined | Error | Redirect;

export interface Policy {
  /** For logs, tests and the ADR: what the policy is. */
  readonly name: string;
  /** Headers every answer carries, fixed when the gateway starts (name/value pairs). */
  readonly headers?: readonly string[];
  /**
   * Before the route: may add answer headers, or answer in the route's stead. `route` is the
   * matched pattern (undefined for none). Answers at once when it can (no promise per request).
   */
  readonly request?: (
    req: PolicyRequest,
    route: string | undefined,
    head: AnswerHead,
  ) => Verdict | Promise<Verdict>;
  /** As the answer's head is written, its status known (after the route's own headers). */
  readonly answer?: (req: PolicyRequest, status: number, head: AnswerHead) => void;
  /** Once the answer has been handed to the connection. */
  readonly finished?: (
    req: PolicyRequest,
    route: string | undefined,
    status: number,
    seconds: number,
  ) => void;
}

export interface GatewayPolicyOptions {
  /** helmet's headers as name/value pairs (security/security-headers.ts). */
  securityHeaders: readonly string[];
  csrf: CsrfCheck;
  /** Undefined when RATE_LIMIT_ENABLED is off: the policy is then not in the list. */
  limiter: RateLimiter | undefined;
  signInOrigin: SignInOriginCheck;
  isDraining: () => boolean;
  observe: RequestObserver;
}

/**
 * The list, in the order it applies. Request id and security headers first, so every answer,
 * refusals included, carries them; CSRF and rate limits before any session look-up, so refused
 * requests cost auth nothing; the sign-in origin redirect last before the route.
 */
export function gatewayPolicies(opts: GatewayPolicyOptions): Policy[] {
  const list: Policy[] = [
    {
      name: 'request-id',
      request: (req, _route, head) => {
        head.header(REQUEST_ID_HEADER, req.id);
        return undefined;
      },
    },
    { name: 'security-headers', headers: opts.securityHeaders },
    { name: 'csrf', request: (req, route) => opts.csrf(req, req.method, route) },
  ];
  const { limiter } = opts;
  if (limiter) {
    list.push({
      name: 'rate-limits',
      request: (req, route, head) => {
        const state = limiter(req, req.method, route);
        if (state instanceof Promise) return state.then((known) => limitVerdict(known, head));
        return state && limitVerdict(state, head);
      },
    });
  }
  list.push(
    {
      name: 'sign-in-origin',
      request: (req, route) => {
        if (route === undefined) return undefined;
        const location = opts.signInOrigin(req, req.method, route);
        return location === undefined ? undefined : new Redirect(location);
      },
    },
    {
      name: 'draining',
      // Every answer closes its connection, so clients reconnect (to another replica).
      answer: (_req, _status, head) => {
        if (opts.isDraining()) head.header('connection', 'close');
      },
    },
    {
      name: 'outage-retry-after',
      // A 503 is an outage the client may simply retry (rules §48); a service's own value stays.
      answer: (_req, status, head) => {
        if (status === 503 && !head.hasHeader('retry-after')) head.header('retry-after', RETRY_AFTER_SECONDS);
      },
    },
    {
      name: 'request-metrics',
      finished: (req, route, status, seconds) =>
        opts.observe(req.method, route ?? 'unmatched', status, seconds),
    },
  );
  return list;
}

/** The X-RateLimit-* headers every counted answer carries, and the refusal past the budget. */
function limitVerdict(state: LimitState, head: AnswerHead): Verdict {
  head.header('x-ratelimit-limit', String(state.max));
  head.header('x-ratelimit-remaining', String(state.remaining));
  head.header('x-ratelimit-reset', String(state.resetSeconds));
  if (!state.exceeded) return undefined;
  head.header('retry-after', String(state.resetSeconds));
  return new RateLimitError(undefined, state.resetSeconds);
}

/** The fixed headers of the whole list, in its order, as name/value pairs. */
export function fixedHeadersOf(policies: readonly Policy[]): string[] {
  return policies.flatMap((policy) => policy.headers ?? []);
}

/**
 * Fastify's side: one hook per policy phase, added in the list's order (onRequest for the fixed
 * headers and the request step, onSend for the answer step, onResponse for the finished one).
 */
export function installPolicies(app: FastifyInstance, policies: readonly Policy[]): void {
  for (const { headers, request, answer, finished } of policies) {
    if (headers) {
      app.addHook('onRequest', (_req, reply, done) => {
        for (let i = 0; i < headers.length; i += 2) reply.header(headers[i]!, headers[i + 1]);
        done();
      });
    }
    if (request) {
      app.addHook('onRequest', (req, reply, done) => {
        const verdict = request(req, req.routeOptions.url, reply);
        if (verdict instanceof Promise)
          verdict.then(
            (known) => conclude(reply, known, done),
            (error: Error) => done(error as FastifyError),
          );
        else conclude(reply, verdict, done);
      });
    }
    if (answer) {
      app.addHook('onSend', (req, reply, payload, done) => {
        answer(req, reply.statusCode, reply);
        done(null, payload);
      });
    }
    if (finished) {
      app.addHook('onResponse', (req, reply, done) => {
        finished(req, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
        done();
      });
    }
  }
}

/**
 * Goes on, answers the error (the error handler's shape; a browser navigation past a rate limit
 * gets a page saying when to try again), or redirects (no later hook runs).
 */
function conclude(reply: FastifyReply, verdict: Verdict, done: HookHandlerDoneFunction): void {
  if (verdict === undefined) done();
  else if (verdict instanceof Redirect) reply.redirect(verdict.location, 302);
  else if (verdict instanceof RateLimitError && isNavigation(reply.request)) {
    const language = browserLanguage(reply.request.headers['accept-language']);
    const html = refusalPage(429, verdict, language, reply.request.url);
    reply.code(429).header('content-type', 'text/html; charset=utf-8').send(html);
  } else done(verdict as FastifyError);
}

/**
 * The edge's side: the list's steps by phase, picked once, so a request iterates arrays and
 * allocates nothing for the iteration itself.
 */
export class PolicySteps {
  readonly headers: readonly string[];
  readonly request: readonly NonNullable<Policy['request']>[];
  readonly answer: readonly NonNullable<Policy['answer']>[];
  readonly finished: readonly NonNullable<Policy['finished']>[];

  constructor(policies: readonly Policy[]) {
    this.headers = fixedHeadersOf(policies);
    this.request = policies.flatMap((p) => (p.request ? [p.request] : []));
    this.answer = policies.flatMap((p) => (p.answer ? [p.answer] : []));
    this.finished = policies.flatMap((p) => (p.finished ? [p.finished] : []));
  }
}
