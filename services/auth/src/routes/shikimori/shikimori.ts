import { redirectAnswerSchema, shikimoriUnlinkedSchema } from '@acg/contracts';
import { type HttpServer, requireUser } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../context';
import { hashOpaqueId, isOpaqueId, sameSecret } from '../../domain/session-id';
import { takePendingLogin } from '../../repository/pending-logins';
import { ShikimoriAccountTaken, setShikimoriAccount } from '../../repository/shikimori';
import { redirectToAuthorization, takeLoginCookie } from '../authorization';
import { callbackQuery } from '../discord/schema';

/** Where linking ends: the profile, with `?shikimori=` saying how it went (the profile shows it). */
export const PROFILE = '/profile';
export type LinkOutcome = 'linked' | 'cancelled' | 'failed' | 'taken' | 'unavailable';
const profileWith = (outcome: LinkOutcome) => `${PROFILE}?shikimori=${outcome}`;

class LinkRefused extends Error {
  constructor(
    message: string,
    readonly outcome: LinkOutcome = 'failed',
  ) {
    super(message);
  }
}

/** Every way through these routes ends in a redirect (302). */
const redirects = { response: { 302: redirectAnswerSchema } };

/**
 * Shikimori account linking (issue 9, rules §38): a signed-in member connects their Shikimori
 * account so the profile shows it. Authorization code + PKCE + state like the Discord sign-in;
 * the pending link remembers who started it, and the callback completes it only for that member
 * in that browser, once. Only the identity (id, nickname, avatar) is kept; the tokens are used
 * for one whoami call and dropped. Every outcome goes back to the profile with `?shikimori=`,
 * never a raw JSON error.
 */
export function shikimoriRoutes(app: HttpServer, ctx: AuthContext): void {
  app.get('/auth/shikimori', { schema: redirects }, async (req, reply) => {
    const userId = requireUser(req);
    if (!ctx.shikimori) return reply.redirect(profileWith('unavailable'), 302);
    const started = await ctx.shikimori.begin();
    return redirectToAuthorization(ctx, reply, started, { provider: 'shikimori', userId, returnTo: PROFILE });
  });

  app.get('/auth/shikimori/callback', { schema: redirects }, async (req, reply) => {
    const loginId = takeLoginCookie(ctx, req, reply);
    try {
      await completeLink(ctx, req, loginId);
      return reply.redirect(profileWith('linked'), 302);
    } catch (err) {
      const outcome = err instanceof LinkRefused ? err.outcome : 'failed';
      req.log.warn({ err, outcome }, 'Shikimori link did not complete');
      return reply.redirect(profileWith(outcome), 302);
    }
  });

  app.post(
    '/auth/shikimori/unlink',
    { schema: { response: { 200: shikimoriUnlinkedSchema } } },
    async (req) => {
      const userId = requireUser(req);
      await setShikimoriAccount(ctx.database.db, userId, null);
      return { success: true as const };
    },
  );
}

async function completeLink(ctx: AuthContext, req: FastifyRequest, loginId: string | undefined) {
  if (!ctx.shikimori) throw new LinkRefused('linking is switched off', 'unavailable');
  const { params, query } = callbackQuery(req);
  if (query.success && query.data.error === 'access_denied') {
    // Pressed Cancel on Shikimori: the pending link is used up either way.
    if (isOpaqueId(loginId)) await takePendingLogin(ctx.database.db, hashOpaqueId(loginId));
    throw new LinkRefused('cancelled on Shikimori', 'cancelled');
  }
  if (!isOpaqueId(loginId)) throw new LinkRefused('no link in progress in this browser');
  const pending = await takePendingLogin(ctx.database.db, hashOpaqueId(loginId));
  if (pending?.provider !== 'shikimori') throw new LinkRefused('link unknown, used or expired');
  if (pending.userId == null || pending.userId !== req.identity.userId)
    throw new LinkRefused('the link was started by another member or session');
  if (!query.success) throw new LinkRefused('malformed callback');
  if (query.data.error) throw new LinkRefused(`Shikimori answered ${query.data.error}`);
  if (!query.data.state || !sameSecret(query.data.state, pending.state))
    throw new LinkRefused('state mismatch');
  const account = await ctx.shikimori.complete(params, pending);
  try {
    await setShikimoriAccount(ctx.database.db, pending.userId, account);
  } catch (err) {
    if (err instanceof ShikimoriAccountTaken) throw new LinkRefused(err.message, 'taken');
    throw err;
  }
}
