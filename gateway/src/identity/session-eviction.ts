import type { IncomingHttpHeaders } from 'node:http';
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

const LANGUAGE_ROUTE = '/change-language/:lang';

/** The sign-out route: the session's live streams end with it. */
const SIGN_OUT_ROUTE = '/auth/logout';

/** An answer about to be sent on a proxied route, as the session eviction sees it. */
export interface AnsweredRequest {
  method: string;
  headers: IncomingHttpHeaders;
  /** The route-table pattern the request matched. */
  route: string;
  params: Record<string, string | undefined>;
  status: number;
}

/**
 * Drops the cached session when one of those answers passes through (sign-out, sign-in, a new
 * language): the next request, e.g. the reload after a language switch, asks auth again
 * instead of seeing the old session for a few more seconds. Done before the answer is sent,
 * so the browser cannot get ahead of it. A sign-out also closes the session's live streams on
 * this replica (others notice at their next heartbeat). A successful access-level change drops
 * every cached session of the user it changed, so their next request carries the new level.
 */
export function createSessionEviction(
  sessions: SessionResolver,
  cookieName: string,
  live: { closeSession(sessionId: string): void },
) {
  return (answered: AnsweredRequest): void => {
    if (SESSION_CHANGING_ROUTES.has(answered.route)) {
      // A refused language change left the session as it was (and its language known).
      if (answered.route === LANGUAGE_ROUTE && answered.status >= 400) return;
      const sessionId = sessionIdOf(answered, cookieName);
      if (!sessionId) return;
      sessions.forget(sessionId);
      if (answered.route === SIGN_OUT_ROUTE) live.closeSession(sessionId);
    } else if (answered.route === USER_CHANGING_ROUTE) {
      const userId = Number(answered.params.id);
      if (answered.method === 'POST' && answered.status < 300 && Number.isInteger(userId))
        sessions.forgetUser(userId);
    }
  };
}
export type SessionEviction = ReturnType<typeof createSessionEviction>;
