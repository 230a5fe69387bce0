/**
 * The site's one public origin (PUBLIC_URL) and whether a request's Host names it. A request's
 * Host is only ever compared with it, never used to build a URL: redirects and cookies are
 * built from PUBLIC_URL alone.
 */
export interface PublicOrigin {
  /** `http://localhost:3000`: scheme, host and port, no path. */
  origin: string;
  /** `localhost:3000`: lower case, without the scheme's default port. */
  host: string;
}

export function publicOrigin(publicUrl: string): PublicOrigin {
  const url = new URL(publicUrl);
  return { origin: url.origin, host: url.host };
}

/** True when `host` (a Host header value) is the public URL's host; a malformed one is not. */
export function isPublicHost(host: string | undefined, publicUrl: string): boolean {
  if (!host) return false;
  const { protocol } = new URL(publicUrl);
  try {
    // Parsing with the public scheme lower-cases the name and drops a default port (":443").
    const parsed = new URL(`${protocol}//${host}`);
    return parsed.host === new URL(publicUrl).host && parsed.pathname === '/' && !parsed.username;
  } catch {
    return false;
  }
}

/** The same path and query (of a request URL as received) on the public origin. */
export function onPublicOrigin(requestUrl: string, publicUrl: string): string {
  const { origin } = publicOrigin(publicUrl);
  const received = new URL(requestUrl, origin);
  return new URL(`${received.pathname}${received.search}`, origin).toString();
}
