import type { ClientRequest } from '../client';
import { isPublicHost, onPublicOrigin } from './public-origin';

export interface SignInOriginOptions {
  publicUrl: string;
  trustedHops: number;
}

/** Only where a sign-in starts: the callback on another host cannot succeed anyway. */
const SIGN_IN_START = '/auth/discord';

/** The host the visitor typed: the Host header, or what a trusted proxy in front says it was. */
function visitedHost(req: ClientRequest, trustedHops: number): string | undefined {
  if (trustedHops > 0) {
    const forwarded = req.headers['x-forwarded-host'];
    const last = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return last;
  }
  return req.headers.host;
}

/**
 * A sign-in started on another name for the site (http://127.0.0.1:3000 when PUBLIC_URL is
 * http://localhost:3000) would set its sign-in cookie on that host, while Discord returns the
 * browser to PUBLIC_URL's callback, which then never sees the cookie. So GET /auth/discord on
 * any other host is first sent (302) to the same path and query on the public origin; the
 * target is built from PUBLIC_URL only, never from the Host header. The check answers that
 * target, or undefined when the request goes on.
 */
export function createSignInOriginCheck(opts: SignInOriginOptions) {
  return (req: ClientRequest & { url: string }, method: string, route: string): string | undefined => {
    if ((method !== 'GET' && method !== 'HEAD') || route !== SIGN_IN_START) return undefined;
    if (isPublicHost(visitedHost(req, opts.trustedHops), opts.publicUrl)) return undefined;
    return onPublicOrigin(req.url, opts.publicUrl);
  };
}
export type SignInOriginCheck = ReturnType<typeof createSignInOriginCheck>;
