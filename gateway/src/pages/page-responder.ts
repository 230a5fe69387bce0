import type { IncomingHttpHeaders } from 'node:http';
import type { Renderer } from '@acg/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { VisitorLookup } from '../identity/visitor';
import type { LanguagesLoader, TranslationsLoader } from './live-translations';
import type { PageIdCheck } from './page-ids';

/**
 * A browser navigation: a GET (or HEAD) that accepts HTML. The web client's API calls ask for
 * JSON, so the same path (e.g. /admin/cards) can be a page for one and an API call for the other.
 */
export const isNavigation = (req: { method: string; headers: IncomingHttpHeaders }): boolean =>
  (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');

/** Paths the client never navigates to as pages (they are API calls or sign-in redirects). */
const NON_PAGE_PATH = /^\/(api|auth|trade\/api|change-language|interactions|assets)(\/|$)/;
export const isPagePath = (path: string): boolean => !NON_PAGE_PATH.test(path);

/** Server-side renders the React app for the visitor; the app picks the screen from the URL. */
export function createPageResponder(
  renderer: Renderer,
  visitors: VisitorLookup,
  translations?: TranslationsLoader,
  languages?: LanguagesLoader,
  unknownId?: PageIdCheck,
  /** The card bot's invite link (BOT_INVITE_URL), shown on home; none when unset. */
  botInvite?: string,
) {
  return async function respondWithPage(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // Pages are public: when auth cannot be asked the visitor gets the anonymous page.
    const visitor = await visitors(req);
    const language = visitor.identity.language;
    const [live, added, notFound] = await Promise.all([
      translations ? translations(language) : null,
      languages ? languages() : [],
      unknownId ? unknownId(req, visitor) : false,
    ]);
    const { status, html } = await renderer.render(
      {
        url: req.url,
        user: visitor.user,
        language,
        ...(added.length ? { languages: [...added] } : {}),
        ...(botInvite ? { botInvite } : {}),
        // An address naming an anime or collector that does not exist: the 404 page (page-ids.ts).
        ...(notFound ? { notFound: true as const } : {}),
      },
      live,
    );
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('vary', 'cookie')
      .send(html);
  };
}
export type PageResponder = ReturnType<typeof createPageResponder>;
