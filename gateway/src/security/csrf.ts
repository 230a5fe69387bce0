import { AppError, type ServerText, text } from '@acg/platform';
import { type ClientRequest, clientProtocol } from '../client';
import { createPublicHost } from './public-host';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Discord calls the bot from its servers; the bot verifies the Ed25519 signature instead. */
export const EXEMPT = new Set(['POST /interactions']);
/** A browser sends these only from the page itself (or for a typed URL, which cannot POST). */
const SAME_ORIGIN_FETCH_SITES = new Set(['same-origin', 'none']);
const JSON_OR_MULTIPART = /^(application\/(json|[\w.+-]+\+json)|multipart\/form-data)$/;

export class CrossSiteRequestError extends AppError {
  constructor(message: ServerText) {
    super(403, 'cross_site_request', message);
  }
}

export interface CsrfOptions {
  publicUrl: string;
  trustedHops: number;
}

const hasBody = (req: ClientRequest): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Refuses state-changing requests another site could make a browser send (architecture §10):
 * they must say they come from this origin (Origin, or Sec-Fetch-Site), and carry JSON or a
 * multipart upload. Forms can post only urlencoded, multipart or text/plain, and a cross-site
 * multipart post fails the origin test, so no "simple" request gets through. A request with no
 * body and no content type is not a form post; it passes on its origin alone.
 *
 * The check answers the refusal, or undefined when the request may go on; `route` is the
 * matched route pattern. Reads, the usual requests, leave at the first test.
 */
export function createCsrfCheck(opts: CsrfOptions) {
  const publicOrigin = new URL(opts.publicUrl).origin;
  const publicHost = createPublicHost(opts.publicUrl);
  const isSameOrigin = (req: ClientRequest): boolean => {
    const site = req.headers['sec-fetch-site'];
    if (typeof site === 'string' && SAME_ORIGIN_FETCH_SITES.has(site)) return true;
    const origin = req.headers.origin;
    if (!origin || origin === 'null') return false;
    if (origin === publicOrigin) return true;
    // The Host header is believed only when it is the public host (security/public-host.ts).
    const host = req.headers.host;
    return (
      publicHost.matches(host) &&
      origin === `${clientProtocol(req, opts.trustedHops)}://${host!.toLowerCase()}`
    );
  };
  const hasAcceptedType = (req: ClientRequest): boolean => {
    const type = req.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
    return type ? JSON_OR_MULTIPART.test(type) : !hasBody(req);
  };
  return (
    req: ClientRequest,
    method: string,
    route: string | undefined,
  ): CrossSiteRequestError | undefined => {
    if (!STATE_CHANGING.has(method) || EXEMPT.has(`${method} ${route}`)) return undefined;
    if (!isSameOrigin(req)) return new CrossSiteRequestError(text('platform.crossSite'));
    if (!hasAcceptedType(req)) return new CrossSiteRequestError(text('platform.crossSiteType'));
    return undefined;
  };
}
export type CsrfCheck = ReturnType<typeof createCsrfCheck>;
