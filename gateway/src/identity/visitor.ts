import { ANONYMOUS, type Identity } from '@acg/contracts';
import type { PageRequest } from '@acg/web';
import type { FastifyRequest } from 'fastify';
import type { SessionResolver } from './session-resolver';

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

export function sessionIdOf(req: FastifyRequest, cookieName: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  return req.server.parseCookie(header)[cookieName] || undefined;
}

/** Resolves the visitor of a request once; later calls for the same request reuse the answer. */
export function createVisitorLookup(resolver: SessionResolver, cookieName: string) {
  const seen = new WeakMap<FastifyRequest, Promise<Visitor>>();

  const lookUp = async (req: FastifyRequest): Promise<Visitor> => {
    const sessionId = sessionIdOf(req, cookieName);
    if (!sessionId) return anonymous(undefined, false);
    const lookup = await resolver.resolve(sessionId, req.id);
    if (lookup.status === 'unavailable') return anonymous(sessionId, true);
    if (lookup.status === 'none') return anonymous(sessionId, false);
    const { userId, adminLevel, username, language } = lookup.session;
    return {
      identity: { userId, adminLevel: userId === null ? 0 : adminLevel, language },
      user: userId === null ? null : { id: userId, adminLevel, username: username ?? '' },
      unknown: false,
      sessionId,
    };
  };

  return (req: FastifyRequest): Promise<Visitor> => {
    let visitor = seen.get(req);
    if (!visitor) {
      visitor = lookUp(req);
      seen.set(req, visitor);
    }
    return visitor;
  };
}
export type VisitorLookup = ReturnType<typeof createVisitorLookup>;
