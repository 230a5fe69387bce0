import { redirectAnswerSchema } from '@acg/contracts';
import type { HttpServer } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../context';
import { identityFromProfile } from '../../domain/discord-profile';
import { languageCarriedIntoSignIn } from '../../domain/language';
import { HOME, safeReturnPath, signInLocation } from '../../domain/return-to';
import { hashOpaqueId, isOpaqueId, sameSecret } from '../../domain/session-id';
import { type PendingLogin, takePendingLogin } from '../../repository/pending-logins';
import { recordSignIn } from '../../repository/sign-in';
import { redirectToAuthorization, takeLoginCookie } from '../authorization';
import { readCookie, writeCookie } from '../cookies';
import { beginQuerySchema, callbackQuery } from './schema';

/** Why a sign-in was refused; logged, and shown to the visitor only as "failed" or "cancelled". */
class SignInRefused extends Error {}

/** Every way through these routes ends in a redirect (302). */
const redirects = { response: { 302: redirectAnswerSchema } };

/**
 * Discord sign-in (authorization code + PKCE S256 + state, architecture §10).
 *
 * GET /auth/discord keeps the state, the PKCE verifier and the page to return to server-side,
 * keyed by the hash of a short-lived HttpOnly cookie, and sends the browser to Discord.
 * GET /auth/discord/callback accepts the answer only from that browser and only once, redeems the
 * code, creates or updates the user, and replaces any session this browser had with a new one
 * (a new id: no fixation), then returns to the page the sign-in started from.
 *
 * Every failure redirects back to that page (or home when the sign-in is unknown) with
 * `?login=cancelled` when the visitor cancelled on Discord (`error=access_denied`) and
 * `?login=failed` for anything else (no or stale sign-in cookie, state mismatch, code refused,
 * Discord unreachable, a database error), and is logged: the callback never answers 500.
 */
export function discordRoutes(app: HttpServer, ctx: AuthContext): void {
  const { cookies } = ctx;

  app.get('/auth/discord', { schema: redirects }, async (req, reply) => {
    const query = beginQuerySchema.safeParse(req.query);
    const returnTo = safeReturnPath(query.success ? query.data.returnTo : undefined);
    const started = await ctx.discord.begin();
    return redirectToAuthorization(ctx, reply, started, { provider: 'discord', returnTo });
  });

  app.get('/auth/discord/callback', { schema: redirects }, async (req, reply) => {
    const loginId = takeLoginCookie(ctx, req, reply);
    let pending: PendingLogin | undefined;
    try {
      pending = await takeLogin(ctx, loginId);
      const sessionId = await completeSignIn(ctx, req, pending);
      writeCookie(reply, cookies.session, sessionId);
      return reply.redirect(signInLocation(pending.returnTo, 'done'), 302);
    } catch (err) {
      const outcome = cancelled(req) ? 'cancelled' : 'failed';
      req.log.warn({ err, outcome }, 'Discord sign-in did not complete');
      return reply.redirect(signInLocation(pending?.returnTo ?? HOME, outcome), 302);
    }
  });
}

/**
 * Discord says the visitor pressed Cancel. Told as "cancelled" even without a matching sign-in
 * (an old tab, another host): nothing is granted either way, and it is what the visitor did.
 */
const cancelled = (req: FastifyRequest): boolean => {
  const { query } = callbackQuery(req);
  return query.success && query.data.error === 'access_denied';
};

/** The sign-in this browser started: each can complete (or fail) at most once. */
async function takeLogin(ctx: AuthContext, loginId: string | undefined): Promise<PendingLogin> {
  if (!isOpaqueId(loginId)) throw new SignInRefused('no sign-in in progress in this browser');
  const pending = await takePendingLogin(ctx.database.db, hashOpaqueId(loginId));
  if (!pending) throw new SignInRefused('sign-in unknown, used or expired');
  return pending;
}

/** Returns the id of the new session. */
async function completeSignIn(ctx: AuthContext, req: FastifyRequest, pending: PendingLogin) {
  const { params, query } = callbackQuery(req);
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
