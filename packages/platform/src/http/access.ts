import { ADMIN_LEVEL, ANONYMOUS, IDENTITY_HEADER, type Identity, routes } from '@acg/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asCacheReader } from '../cache/reader';
import { AuthenticationError, AuthorizationError, text } from '../errors';
import { createIdentityVerifier } from '../identity';

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity;
  }
}

const accessByRoute = new Map(routes.map((r) => [`${r.method} ${r.path}`, r.access]));

/**
 * The signed-in caller's id. Access itself is the route table's (installIdentity checks each
 * route's declared rule before validation); a handler never re-checks a level by hand, it only
 * reads who the caller is.
 */
export function requireUser(req: FastifyRequest): number {
  if (req.identity.userId === null) throw new AuthenticationError();
  return req.identity.userId;
}

function requireAdmin(req: FastifyRequest): number {
  const userId = requireUser(req);
  if (req.identity.adminLevel < ADMIN_LEVEL) throw new AuthorizationError(text('platform.adminRequired'));
  return userId;
}

/**
 * The caller's language, for a refusal: from `req.identity`, or (a request Fastify answers before
 * its own request object exists, such as a bad URL) the signed identity header checked here.
 * English without an identity.
 */
export function callerLanguage(secret: string | undefined): (req: FastifyRequest) => string {
  const verify = secret ? createIdentityVerifier(secret) : undefined;
  return (req) => {
    const known = (req as { identity?: Identity }).identity;
    if (known) return known.language;
    const header = req.headers[IDENTITY_HEADER];
    return verify && typeof header === 'string' ? verify(header).language : 'en';
  };
}

const VERIFIED = Symbol('identity');
type WithIdentity = FastifyRequest & { [VERIFIED]?: Identity };

/**
 * Every service verifies the gateway's signed identity itself and enforces the route table's
 * access rule on each documented route it serves (defence in depth: the gateway checks too).
 * A missing, forged or expired identity is an anonymous visitor.
 *
 * Both are lazy, so a request that never needs them pays nothing (an image served from memory
 * is a map look-up; an HMAC per request would cost more than the answer): the identity is
 * verified on first read of `req.identity` (a token this process accepted before is looked up,
 * not checked again: createIdentityVerifier), and the access check is a preValidation hook of
 * only the routes whose rule is `user` or `admin`.
 */
export function installIdentity(app: FastifyInstance, secret: string): void {
  const verify = createIdentityVerifier(secret);
  app.decorateRequest('identity', {
    getter(this: WithIdentity): Identity {
      let identity = this[VERIFIED];
      if (identity === undefined) {
        const header = this.headers[IDENTITY_HEADER];
        identity = typeof header === 'string' ? verify(header) : ANONYMOUS;
        this[VERIFIED] = identity;
      }
      return identity;
    },
    setter(this: WithIdentity, identity: Identity) {
      this[VERIFIED] = identity;
    },
  });
  // Before validation: a caller without access learns nothing about what a valid request is.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rules = new Set(methods.map((method) => accessByRoute.get(`${method} ${route.url}`)));
    const check = rules.has('admin') ? requireAdmin : rules.has('user') ? requireUser : undefined;
    if (!check) return;
    const guard = async (req: FastifyRequest) => {
      // A route holding several methods: each method's own rule.
      const access = accessByRoute.get(`${req.method} ${req.routeOptions.url}`);
      if (access === 'user') requireUser(req);
      else if (access === 'admin') requireAdmin(req);
    };
    const existing = route.preValidation;
    route.preValidation =
      existing === undefined ? [guard] : [guard, ...(Array.isArray(existing) ? existing : [existing])];
  });
  // The handler runs as its user's cache reads (per-user hit rates, requirements O3). Entered right
  // before the handler, so body parsing cannot lose it.
  app.addHook('preHandler', (req, _reply, done) => asCacheReader(req.identity.userId, done));
}
