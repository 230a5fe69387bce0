import { describe, expect, it } from 'vitest';
import { signIdentity, verifyIdentity } from './identity';

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
});
