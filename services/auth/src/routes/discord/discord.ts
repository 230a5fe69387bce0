import type { HttpServer } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../context';
import { LOGIN_TTL_SECONDS } from '../../domain/cookies';
import { identityFromProfile } from '../../domain/discord-profile';
import { languageCarriedIntoSignIn } from '../../domain/language';
import { hashOpaqueId, isOpaqueId, newOpaqueId, sameSecret } from '../../domain/session-id';
import { savePendingLogin, takePendingLogin } from '../../repository/pending-logins';
import { recordSignIn } from '../../repository/sign-in';
import { clearCookie, readCookie, writeCookie } from '../cookies';
import { callbackQuerySchema, LOGIN_DONE_LOCATION, LOGIN_FAILED_LOCATION } from './schema';

/** Why a sign-in was refused; logged, never shown (the visitor only sees ?login=failed). */
class SignInRefused extends Error {}

/**
 * Discord sign-in (authorization code + PKCE S256 + state, architecture §10).
 *
 * GET /auth/discord keeps the state and PKCE verifier server-side, keyed by the hash of a
 * short-lived HttpOnly cookie, and sends the browser to Discord. GET /auth/discord/callback
 * accepts the answer only from that browser and only once, redeems the code, creates or updates
 * the user, and replaces any session this browser had with a new one (a new id: no fixation).
 *
 * Every failure (no or stale sign-in cookie, state mismatch, consent denied with
 * ?error=access_denied, code refused, Discord unreachable, a database error) redirects to
 * /?login=failed and is logged: the callback never answers 500.
 */
export function discordRoutes(app: HttpServer, ctx: AuthContext): void {
  const { cookies } = ctx;

  app.get('/auth/discord', async (_req, reply) => {
    const started = await ctx.discord.begin();
    const loginId = newOpaqueId();
    await savePendingLogin(ctx.database.db, {
      loginHash: hashOpaqueId(loginId),
      provider: 'discord',
      state: started.state,
      codeVerifier: started.codeVerifier,
      expiresAt: new Date(Date.now() + LOGIN_TTL_SECONDS * 1000),
    });
    writeCookie(reply, cookies.login, loginId);
    return reply.redirect(started.authorizationUrl.toString(), 302);
  });

  app.get('/auth/discord/callback', async (req, reply) => {
    const loginId = readCookie(req, cookies.login);
    clearCookie(reply, cookies.login);
    try {
      const sessionId = await completeSignIn(ctx, req, loginId);
      writeCookie(reply, cookies.session, sessionId);
      return reply.redirect(LOGIN_DONE_LOCATION, 302);
    } catch (err) {
      req.log.warn({ err }, 'Discord sign-in failed');
      return reply.redirect(LOGIN_FAILED_LOCATION, 302);
    }
  });
}

/** Returns the id of the new session. */
async function completeSignIn(ctx: AuthContext, req: FastifyRequest, loginId: string | undefined) {
  if (!isOpaqueId(loginId)) throw new SignInRefused('no sign-in in progress in this browser');
  const pending = await takePendingLogin(ctx.database.db, hashOpaqueId(loginId));
  if (!pending) throw new SignInRefused('sign-in unknown, used or expired');

  const params = new URL(req.url, 'http://callback.invalid').searchParams;
  const query = callbackQuerySchema.safeParse(Object.fromEntries(params));
  if (!query.success) throw new SignInRefused('malformed callback');
  if (query.data.error) throw new SignInRefused(`Discord answered ${query.data.error}`);
  if (!query.data.state || !sameSecret(query.data.state, pending.state))
    throw new SignInRefused('state mismatch');

  const profile = await ctx.discord.complete(params, pending);

  const oldSessionId = readCookie(req, ctx.cookies.session);
  const previous = oldSessionId ? await ctx.sessions.get(oldSessionId) : null;
  const { user } = await recordSignIn(ctx.database, identityFromProfile(profile), {
    developerDiscordId: ctx.config.DEVELOPER_DISCORD_ID,
    language: languageCarriedIntoSignIn(previous),
  });
  ctx.relay.kick();

  if (oldSessionId) await ctx.sessions.delete(oldSessionId);
  return ctx.sessions.create({ userId: user.id, language: user.language });
}
