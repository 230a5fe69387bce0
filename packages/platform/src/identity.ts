import { createHmac, timingSafeEqual } from 'node:crypto';
import { ANONYMOUS, type Identity, LANGUAGE_CODE } from '@acg/contracts';

/**
 * Signed identity assertion the gateway forwards upstream: `base64url(json).base64url(hmac)`.
 * Short-lived (exp in seconds since epoch); services reject expired or forged ones and treat
 * the request as anonymous.
 */
interface Claims {
  u: number | null;
  l: number;
  g: string;
  exp: number;
}

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

export function signIdentity(identity: Identity, secret: string, ttlSeconds = 60, now = Date.now()): string {
  const claims: Claims = {
    u: identity.userId,
    l: identity.adminLevel,
    g: identity.language,
    exp: Math.floor(now / 1000) + ttlSeconds,
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** A token's identity and when it expires (ms since epoch), or null when it is not valid now. */
function checkToken(
  token: string,
  secret: string,
  now: number,
): { identity: Identity; expiresAt: number } | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Claims;
    if (typeof c.exp !== 'number' || c.exp * 1000 < now) return null;
    return {
      identity: {
        userId: c.u ?? null,
        adminLevel: c.l ?? 0,
        language: typeof c.g === 'string' && LANGUAGE_CODE.test(c.g) ? c.g : 'en',
      },
      expiresAt: c.exp * 1000,
    };
  } catch {
    return null;
  }
}

/** Returns the identity, or ANONYMOUS when the token is missing, forged, malformed or expired. */
export function verifyIdentity(token: string | undefined, secret: string, now = Date.now()): Identity {
  return (token && checkToken(token, secret, now)?.identity) || ANONYMOUS;
}

/** Accepted tokens a verifier keeps; past that it forgets them all and starts again. */
export const REMEMBERED_TOKENS = 1024;

/**
 * verifyIdentity with a memory of the tokens it accepted, until each one's expiry. The gateway
 * signs one token per identity and second (identity-signer.ts), so a service sees the same token
 * on every request of a user within a second and checks its HMAC once, not on every request.
 * The answer for a token is the one verifyIdentity gives at that moment: a remembered token past
 * its expiry is anonymous. Forged and expired tokens are not kept (each costs its HMAC, as
 * before), and at most REMEMBERED_TOKENS accepted ones are.
 */
export function createIdentityVerifier(secret: string, now: () => number = Date.now) {
  let accepted = new Map<string, { identity: Identity; expiresAt: number }>();
  return (token: string | undefined): Identity => {
    if (!token) return ANONYMOUS;
    const at = now();
    let known = accepted.get(token);
    if (known === undefined) {
      const checked = checkToken(token, secret, at);
      if (checked === null) return ANONYMOUS;
      if (accepted.size >= REMEMBERED_TOKENS) accepted = new Map();
      accepted.set(token, checked);
      known = checked;
    }
    // A copy: what a request does with its identity stays with that request.
    return known.expiresAt >= at ? { ...known.identity } : ANONYMOUS;
  };
}
