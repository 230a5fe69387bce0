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

/** Returns the identity, or ANONYMOUS when the token is missing, forged, malformed or expired. */
export function verifyIdentity(token: string | undefined, secret: string, now = Date.now()): Identity {
  if (!token) return ANONYMOUS;
  const dot = token.indexOf('.');
  if (dot <= 0) return ANONYMOUS;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return ANONYMOUS;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Claims;
    if (typeof c.exp !== 'number' || c.exp * 1000 < now) return ANONYMOUS;
    return {
      userId: c.u ?? null,
      adminLevel: c.l ?? 0,
      language: typeof c.g === 'string' && LANGUAGE_CODE.test(c.g) ? c.g : 'en',
    };
  } catch {
    return ANONYMOUS;
  }
}
