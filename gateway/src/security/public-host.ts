import { isPublicHost } from './public-origin';

/**
 * The Host header is the client's to write. It is believed only when it names the public URL's
 * host (host and port, case-insensitive; see public-origin.ts); anything built from it
 * (redirects, cookies, the X-Forwarded-Host services see) uses the public host otherwise.
 */
export function createPublicHost(publicUrl: string) {
  const expected = new URL(publicUrl).host.toLowerCase();
  return {
    /** The public URL's host (with its port when not the default). */
    host: expected,
    /** Whether a Host header names the public host. */
    matches(hostHeader: string | undefined): boolean {
      return isPublicHost(hostHeader, publicUrl);
    },
  };
}
export type PublicHost = ReturnType<typeof createPublicHost>;
