import { ADMIN_LEVEL, ANONYMOUS, IDENTITY_HEADER, type Identity, routes } from '@acg/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asCacheReader } from '../cache/reader';
import { AuthenticationError, AuthorizationError } from '../errors';
import { verifyIdentity } from '../identity';

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity;
  }
}

const accessByRoute = new Map(routes.map((r) => [`${r.method} ${r.path}`, r.access]));

export function requireUser(req: FastifyRequest): number {
  if (req.identity.userId === null) throw new AuthenticationError();
  return req.identity.userId;
}

export function requireAdmin(req: FastifyRequest): number {
  const userId = requireUser(req);
  if (req.identity.adminLevel < ADMIN_LEVEL) throw new AuthorizationError('Administrator access required');
  return userId;
}

/**
 * Every service verifies the gateway's signed identity itself and enforces the route table's
 * access rule on each documented route it serves (defence in depth: the gateway checks too).
 * A missing, forged or expired identity is an anonymous visitor.
 */
export function installIdentity(app: FastifyInstance, secret: string): void {
  app.decorateRequest('identity', null as unknown as Identity);
  app.addHook('onRequest', async (req) => {
    const header = req.headers[IDENTITY_HEADER];
    req.identity = typeof header === 'string' ? verifyIdentity(header, secret) : ANONYMOUS;
  });
  // Before validation: a caller without access learns nothing about what a valid request is.
  app.addHook('preValidation', async (req) => {
    const access = accessByRoute.get(`${req.method} ${req.routeOptions.url}`);
    if (access === 'user') requireUser(req);
    else if (access === 'admin') requireAdmin(req);
  });
  // The handler runs as its user's cache reads (per-user hit rates, spec 3 §3). Entered right
  // before the handler, so body parsing cannot lose it.
  app.addHook('preHandler', (req, _reply, done) => asCacheReader(req.identity.userId, done));
}
