import { redirectAnswerSchema } from '@acg/contracts';
import type { HttpServer } from '@acg/platform';
import type { AuthContext } from '../../context';
import { clearCookie, isCrossSite, readCookie } from '../cookies';

/** Every way through these routes ends in a redirect (302). */
const redirects = { response: { 302: redirectAnswerSchema } };

/**
 * GET /auth/logout (a plain link, requirements M2): deletes the session server-side, clears the
 * cookie and goes home. A cross-site navigation here (another site linking to our logout) is
 * sent home without signing anyone out.
 */
export function logoutRoutes(app: HttpServer, ctx: AuthContext): void {
  app.get('/auth/logout', { schema: redirects }, async (req, reply) => {
    if (isCrossSite(req)) return reply.redirect('/', 302);
    const sessionId = readCookie(req, ctx.cookies.session);
    if (sessionId) await ctx.sessions.delete(sessionId);
    clearCookie(reply, ctx.cookies.session);
    return reply.redirect('/', 302);
  });
}
