import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer. The CSP fits the server-rendered page: scripts only from
 * this origin (the page's state travels in a non-executing <script type="application/json">),
 * images from here, data: and blob: (the browser image cache hands out blob URLs; external
 * images come through the image proxy), inline style attributes allowed (React renders them).
 * HSTS and upgrade-insecure-requests only when the site is served over HTTPS: over plain
 * http (the embedded mode) they would break it.
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  // Helmet's headers do not depend on the request: computed once by helmet itself, then set on
  // every answer by a synchronous hook (no per-request CSP building, no promise).
  const headers = Object.entries(staticSecurityHeaders(publicUrl));
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}

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
 * The same headers as a fixed list, for the answers Fastify and Node write before any hook runs
 * (bad URL encoding, headers too large): helmet run once against a stand-in response.
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
