import type { FastifyInstance, onSendHookHandler } from 'fastify';
import type { SessionResolver } from './session-resolver';
import { sessionIdOf } from './visitor';

/** Routes after which the session behind the cookie is gone or different. */
export const SESSION_CHANGING_ROUTES = new Set([
  '/auth/logout',
  '/auth/discord/callback',
  '/auth/shikimori/callback',
  '/change-language/:lang',
]);

/** The route after which one user's sessions carry a different identity (their access level). */
export const USER_CHANGING_ROUTE = '/admin/users/:id/adminLevel';

/**
 * Drops the cached session when one of those answers passes through (sign-out, sign-in, a new
 * language): the next request, e.g. the reload after a language switch, asks auth again
 * instead of seeing the old session for a few more seconds. Done before the answer is sent,
 * so the browser cannot get ahead of it. A successful access-level change drops every cached
 * session of the user it changed, so their next request carries the new level.
 * Must be installed before the routes are registered.
 */
export function installSessionEviction(
  app: FastifyInstance,
  sessions: SessionResolver,
  cookieName: string,
): void {
  const evictUser: onSendHookHandler = (req, reply, payload, done) => {
    const userId = Number((req.params as { id?: string } | undefined)?.id);
    if (req.method === 'POST' && reply.statusCode < 300 && Number.isInteger(userId))
      sessions.forgetUser(userId);
    done(null, payload);
  };
  const evict: onSendHookHandler = (req, _reply, payload, done) => {
    const sessionId = sessionIdOf(req, cookieName);
    if (sessionId) sessions.forget(sessionId);
    done(null, payload);
  };
  // Only on those routes (installed before they are registered): the others pay nothing.
  app.addHook('onRoute', (route) => {
    const hook = SESSION_CHANGING_ROUTES.has(route.url)
      ? evict
      : route.url === USER_CHANGING_ROUTE
        ? evictUser
        : undefined;
    if (!hook) return;
    const own = route.onSend ?? [];
    route.onSend = [...(Array.isArray(own) ? own : [own]), hook];
  });
}
