import { describe, expect, it } from 'vitest';
import { createIdentityVerifier, REMEMBERED_TOKENS, signIdentity, verifyIdentity } from './identity';

const secret = 'x'.repeat(32);

describe('signed identity', () => {
  it('round-trips a signed identity', () => {
    const token = signIdentity({ userId: 7, adminLevel: 3, language: 'ru' }, secret);
    expect(verifyIdentity(token, secret)).toEqual({ userId: 7, adminLevel: 3, language: 'ru' });
  });
  it('treats a forged, tampered or expired token as anonymous', () => {
    const token = signIdentity({ userId: 7, adminLevel: 3, language: 'en' }, secret);
    expect(verifyIdentity(token, 'y'.repeat(32)).userId).toBeNull();
    const [payload, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 1, l: 4, g: 'en', exp: 9e9 })).toString('base64url');
    expect(verifyIdentity(`${forged}.${sig}`, secret).userId).toBeNull();
    expect(verifyIdentity(`${payload}`, secret).userId).toBeNull();
    const old = signIdentity({ userId: 7, adminLevel: 3, language: 'en' }, secret, 60, Date.now() - 120_000);
    expect(verifyIdentity(old, secret).userId).toBeNull();
  });

  it('a verifier remembers accepted tokens until they expire, gives each request its own copy, and keeps nothing forged', () => {
    let now = 1_800_000_000_000;
    const verify = createIdentityVerifier(secret, () => now);
    const token = signIdentity({ userId: 7, adminLevel: 3, language: 'ru' }, secret, 60, now);
    const first = verify(token);
    expect(first).toEqual({ userId: 7, adminLevel: 3, language: 'ru' });
    first.adminLevel = 0;
    expect(verify(token)).toEqual({ userId: 7, adminLevel: 3, language: 'ru' });
    // As verifyIdentity answers at each moment: valid through its expiry second, then anonymous.
    now += 60_000;
    expect(verify(token)).toEqual(verifyIdentity(token, secret, now));
    expect(verify(token).userId).toBe(7);
    now += 1_000;
    expect(verifyIdentity(token, secret, now).userId).toBeNull();
    expect(verify(token).userId).toBeNull();
    // Forged: anonymous, now and when asked again (it was not kept as accepted).
    const [payload] = token.split('.');
    const forged = `${payload}.${'A'.repeat(43)}`;
    expect(verify(forged).userId).toBeNull();
    expect(verify(forged).userId).toBeNull();
    expect(verify(undefined).userId).toBeNull();
  });

  it('a verifier forgets everything past REMEMBERED_TOKENS and still answers right', () => {
    const now = 1_800_000_000_000;
    const verify = createIdentityVerifier(secret, () => now);
    const tokens = Array.from({ length: REMEMBERED_TOKENS + 5 }, (_, i) =>
      signIdentity({ userId: i + 1, adminLevel: 0, language: 'en' }, secret, 60, now),
    );
    for (const [i, token] of tokens.entries()) expect(verify(token).userId).toBe(i + 1);
    for (const [i, token] of tokens.entries()) expect(verify(token).userId).toBe(i + 1);
  });
});
