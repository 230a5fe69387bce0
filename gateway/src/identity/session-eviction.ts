import type { FastifyInstance } from 'fastify';
import type { SessionResolver } from './session-resolver';
import { sessionIdOf } from './visitor';

/** Routes after which the session behind the cookie is gone or different. */
export const SESSION_CHANGING_ROUTES = new Set([
  '/auth/logout',
  '/auth/discord/callback',
  '/auth/shikimori/callback',
  '/change-language/:lang',
]);

/**
 * Drops the cached session when one of those answers passes through (sign-out, sign-in, a new
 * language): the next request, e.g. the reload after a language switch, asks auth again
 * instead of seeing the old session for a few more seconds. Done before the answer is sent,
 * so the browser cannot get ahead of it.
 */
export function installSessionEviction(
  app: FastifyInstance,
  sessions: SessionResolver,
  cookieName: string,
): void {
  app.addHook('onSend', async (req, _reply, payload) => {
    if (SESSION_CHANGING_ROUTES.has(req.routeOptions.url ?? '')) {
      const sessionId = sessionIdOf(req, cookieName);
      if (sessionId) sessions.forget(sessionId);
    }
    return payload;
  });
}
