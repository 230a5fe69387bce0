import { bodyLimitOf, routes } from '@acg/contracts';
import { bodyTooLarge } from '@acg/platform';
import type { FastifyInstance } from 'fastify';
import type { VisitorLookup } from '../identity/visitor';

/**
 * The route-table routes the gateway answers itself (the live stream, the API document) refuse a
 * declared body over their limit with the same 413 as the proxied ones (forwarding.ts), before
 * anything else, in the caller's language: one rule for every path of the table (issue 27).
 * They never read a body, so one that announces no size (chunked) is simply left unread.
 */
export function installOwnBodyLimits(app: FastifyInstance, visitors: VisitorLookup): void {
  const limits = new Map<string, number>();
  for (const route of routes) {
    if (route.service !== 'gateway') continue;
    limits.set(`${route.method} ${route.path}`, bodyLimitOf(route));
    if (route.method === 'GET') limits.set(`HEAD ${route.path}`, bodyLimitOf(route));
  }
  app.addHook('onRequest', (req, _reply, done) => {
    const limit = limits.get(`${req.method} ${req.routeOptions.url}`);
    if (limit === undefined || !(Number(req.headers['content-length'] ?? 0) > limit)) {
      done();
      return;
    }
    // The visitor is looked up first: the refusal is said in their session's language (docs/rules.md,
    // refusals).
    const refuse = () => done(bodyTooLarge(limit));
    const visitor = visitors(req);
    if (visitor instanceof Promise) visitor.then(refuse, refuse);
    else refuse();
  });
}
