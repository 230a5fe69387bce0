import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../context';
import { LOGIN_TTL_SECONDS } from '../domain/cookies';
import { hashOpaqueId, newOpaqueId } from '../domain/session-id';
import type { StartedAuthorization } from '../oauth/configuration';
import { type PendingLogin, savePendingLogin } from '../repository/pending-logins';
import { clearCookie, readCookie, writeCookie } from './cookies';

/**
 * The start of a Discord sign-in or a Shikimori link: keeps the state, the PKCE verifier and where
 * to return server-side, keyed by the hash of a new short-lived HttpOnly login cookie (so the
 * callback accepts the answer only from this browser), and sends the browser to the site.
 */
export async function redirectToAuthorization(
  ctx: AuthContext,
  reply: FastifyReply,
  started: StartedAuthorization,
  login: Pick<PendingLogin, 'provider' | 'userId' | 'returnTo'>,
) {
  const loginId = newOpaqueId();
  await savePendingLogin(ctx.database.db, {
    loginHash: hashOpaqueId(loginId),
    ...login,
    state: started.state,
    codeVerifier: started.codeVerifier,
    expiresAt: new Date(Date.now() + LOGIN_TTL_SECONDS * 1000),
  });
  writeCookie(reply, ctx.cookies.login, loginId);
  return reply.redirect(started.authorizationUrl.toString(), 302);
}

/** The callback's login cookie, cleared at once: a pending sign-in or link is used at most once. */
export function takeLoginCookie(ctx: AuthContext, req: FastifyRequest, reply: FastifyReply) {
  const loginId = readCookie(req, ctx.cookies.login);
  clearCookie(reply, ctx.cookies.login);
  return loginId;
}
