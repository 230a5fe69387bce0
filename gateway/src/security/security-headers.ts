import type { ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

function helmetOptions(publicUrl: string): HelmetOptions {
  const https = new URL(publicUrl).protocol === 'https:';
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * Security headers on every answer. The CSP fits the server-rendered page: scripts only from
 * this origin (the page's state travels in a non-executing <script type="application/json">),
 * images from here, data: and blob: (the browser image cache hands out blob URLs; external
 * images come through the image proxy), inline style attributes allowed (React renders them).
 * HSTS and upgrade-insecure-requests only when the site is served over HTTPS: over plain
 * http (the embedded mode) they would break it.
 *
 * Helmet's headers do not depend on the request: computed once by helmet itself, against a
 * stand-in response, they are the `security-headers` policy's fixed list (policies.ts) and the
 * headers of the answers Fastify and Node write before any hook runs (bad URL encoding, headers
 * too large).
 */
export function staticSecurityHeaders(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(helmetOptions(publicUrl))({} as never, res, () => {});
  return headers;
}
