import { AppError, AuthorizationError, type HttpServer, text } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../context';
import { ANONYMOUS_SESSION_TTL_SECONDS } from '../../domain/cookies';
import { parseLanguage } from '../../domain/language';
import { setUserLanguage } from '../../repository/users';
import { isCrossSite, readCookie, writeCookie } from '../cookies';
import { changeLanguageParams, changeLanguageResponse } from './schema';

const isJson = (req: FastifyRequest) =>
  req.headers['content-type']?.split(';')[0]?.trim().toLowerCase() === 'application/json';

/**
 * POST /change-language/:lang (requirements M7): the switcher posts with a JSON content type and an
 * empty body. Requiring JSON keeps "simple" cross-site form posts out (architecture §10: a page
 * elsewhere cannot send application/json without a CORS preflight we never grant), and a browser
 * that says the request is cross-site is refused outright.
 *
 * The language goes on the session (an anonymous visitor gets one just for it) and, for a
 * signed-in user, on the account too, so it follows them to the next session.
 */
export async function languageRoutes(app: HttpServer, ctx: AuthContext): Promise<void> {
  await app.register(async (scope: HttpServer) => {
    // The switcher sends `Content-Type: application/json` with no body, which Fastify's own
    // JSON parser refuses; here an empty body reads as {}.
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      const text = body.toString();
      if (text.trim() === '') return done(null, {});
      parseJson(req, text, done);
    });

    scope.post(
      '/change-language/:lang',
      { schema: { params: changeLanguageParams, response: { 200: changeLanguageResponse } } },
      async (req, reply) => {
        if (!isJson(req)) {
          throw new AppError(415, 'unsupported_media_type', text('auth.jsonRequired'));
        }
        if (isCrossSite(req)) throw new AuthorizationError(text('platform.crossSite'));
        const language = await parseLanguage(req.params.lang, ctx.addedLanguages);

        const sessionId = readCookie(req, ctx.cookies.session);
        const session = sessionId ? await ctx.sessions.get(sessionId) : null;
        if (sessionId && session) {
          await ctx.sessions.setLanguage(sessionId, language);
          if (session.userId !== null) await setUserLanguage(ctx.database.db, session.userId, language);
        } else {
          // Something to keep, so a session, but a short one (and the gateway rate-limits this route).
          const created = await ctx.sessions.create(
            { userId: null, language },
            ANONYMOUS_SESSION_TTL_SECONDS * 1000,
          );
          const { name, options } = ctx.cookies.session;
          writeCookie(
            reply,
            { name, options: { ...options, maxAge: ANONYMOUS_SESSION_TTL_SECONDS } },
            created,
          );
        }
        return { success: true as const };
      },
    );
  });
}
