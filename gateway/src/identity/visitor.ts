import type { IncomingHttpHeaders } from 'node:http';
import { ANONYMOUS, type Identity } from '@acg/contracts';
import type { PageRequest } from '@acg/web';
import { fastifyCookie } from '@fastify/cookie';
import { browserLanguage } from '../pages/unavailable-page';
import type { SessionLookup, SessionResolver } from './session-resolver';

/** Who made a request, as the gateway established it from the session cookie. */
export interface Visitor {
  /** Forwarded upstream, signed. */
  identity: Identity;
  /** The signed-in user as pages see it, or null. */
  user: PageRequest['user'];
  /** Auth could not be asked: the visitor may well be signed in, the gateway cannot tell. */
  unknown: boolean;
  sessionId: string | undefined;
}

const anonymous = (sessionId: string | undefined, unknown: boolean): Visitor => ({
  identity: ANONYMOUS,
  user: null,
  unknown,
  sessionId,
});

/** A request as the visitor look-up reads it: Fastify's, or the API edge's exchange. */
export interface VisitorRequest {
  id: string;
  headers: IncomingHttpHeaders;
}

/** The session cookie's value (@fastify/cookie's parser, ready once start registered the plugin). */
export function sessionIdOf(req: { headers: IncomingHttpHeaders }, cookieName: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  return fastifyCookie.parse(header)[cookieName] || undefined;
}

/** A visitor without a session cookie: the same frozen answer for every such request. */
const NOBODY: Visitor = Object.freeze(anonymous(undefined, false));

function visitorOf(sessionId: string, lookup: SessionLookup): Visitor {
  if (lookup.status === 'unavailable') return anonymous(sessionId, true);
  if (lookup.status === 'none') return anonymous(sessionId, false);
  const { userId, adminLevel, username, displayName, language } = lookup.session;
  return {
    identity: { userId, adminLevel: userId === null ? 0 : adminLevel, language },
    user:
      userId === null
        ? null
        : { id: userId, adminLevel, username: username ?? '', ...(displayName ? { displayName } : {}) },
    unknown: false,
    sessionId,
  };
}

/**
 * The language a refusal of the gateway's own is said in (docs/rules.md, refusals): the visitor's session's
 * when auth answered for it lately, else the browser's (Accept-Language). Never asks auth: a refusal (CSRF,
 * a rate limit, a bad URL) costs no session look-up.
 */
export function createRequestLanguage(resolver: SessionResolver, cookieName: string) {
  return (req: { headers: IncomingHttpHeaders }): string => {
    const sessionId = sessionIdOf(req, cookieName);
    return (
      (sessionId && resolver.knownLanguage(sessionId)) || browserLanguage(req.headers['accept-language'])
    );
  };
}
export type RequestLanguage = ReturnType<typeof createRequestLanguage>;

/**
 * Resolves the visitor of a request once; later calls for the same request reuse the answer.
 * The answer is synchronous when no look-up is needed (no cookie, or a session the resolver
 * remembers): the hot path of the proxy then costs no promise.
 */
export function createVisitorLookup(resolver: SessionResolver, cookieName: string) {
  const seen = new WeakMap<VisitorRequest, Visitor | Promise<Visitor>>();

  const lookUp = (req: VisitorRequest): Visitor | Promise<Visitor> => {
    const sessionId = sessionIdOf(req, cookieName);
    if (!sessionId) return NOBODY;
    const known = resolver.peek(sessionId);
    if (known) return visitorOf(sessionId, known);
    return resolver.lookUp(sessionId, req.id).then((lookup) => visitorOf(sessionId, lookup));
  };

  return (req: VisitorRequest): Visitor | Promise<Visitor> => {
    let visitor = seen.get(req);
    if (!visitor) {
      visitor = lookUp(req);
      seen.set(req, visitor);
    }
    return visitor;
  };
}
export type VisitorLookup = ReturnType<typeof createVisitorLookup>;
