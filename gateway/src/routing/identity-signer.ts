import type { Identity } from '@acg/contracts';
import { signIdentity } from '@acg/platform';

/**
 * signIdentity with a memory of the current second: the token of an identity only changes when
 * its expiry (now in whole seconds + TTL) does, so within one second every request of one
 * identity carries the same token, and the HMAC is computed once per identity and second
 * rather than once per request. The byte-for-byte result is what signIdentity returns.
 */
export function createIdentitySigner(secret: string, now: () => number = Date.now) {
  let second = -1;
  let tokens = new Map<string, string>();
  return (identity: Identity): string => {
    const at = now();
    const current = Math.floor(at / 1000);
    if (current !== second) {
      second = current;
      tokens = new Map();
    }
    const key = `${identity.userId}|${identity.adminLevel}|${identity.language}`;
    let token = tokens.get(key);
    if (token === undefined) {
      token = signIdentity(identity, secret, undefined, at);
      tokens.set(key, token);
    }
    return token;
  };
}
export type IdentitySigner = ReturnType<typeof createIdentitySigner>;
