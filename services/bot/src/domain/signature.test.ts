import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSignature, MAX_AGE_SECONDS, publicKeyFromHex } from './signature';

const pair = () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const hex = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
  return { key: publicKeyFromHex(hex), privateKey };
};
const app = pair();
const now = 1_790_000_000;
const body = Buffer.from('{"type":1,"id":"1"}');
const signed = (timestamp: string, raw = body, privateKey = app.privateKey) =>
  sign(null, Buffer.concat([Buffer.from(timestamp), raw]), privateKey).toString('hex');

describe('Discord interaction signatures', () => {
  it('accepts Ed25519 over timestamp + raw body with the application key', () => {
    const ts = String(now);
    expect(checkSignature(app.key, signed(ts), ts, body, now)).toBeNull();
    expect(checkSignature(app.key, signed(ts).toUpperCase(), ts, body, now)).toBeNull();
  });

  it('refuses missing, malformed, wrong-key, tampered and re-timed signatures', () => {
    const ts = String(now);
    expect(checkSignature(app.key, undefined, ts, body, now)).toBe('missing signature headers');
    expect(checkSignature(app.key, signed(ts), undefined, body, now)).toBe('missing signature headers');
    expect(checkSignature(app.key, 'zz', ts, body, now)).toBe('malformed signature headers');
    expect(checkSignature(app.key, signed(ts), '12.5', body, now)).toBe('malformed signature headers');
    expect(checkSignature(app.key, signed(ts, body, pair().privateKey), ts, body, now)).toBe('bad signature');
    expect(checkSignature(app.key, signed(ts), ts, Buffer.from('{"type":1,"id":"2"}'), now)).toBe(
      'bad signature',
    );
    // The timestamp is part of what is signed: moving it breaks the signature.
    expect(checkSignature(app.key, signed(ts), String(now + 1), body, now)).toBe('bad signature');
  });

  it('refuses timestamps more than five minutes away', () => {
    const old = String(now - MAX_AGE_SECONDS - 1);
    const future = String(now + MAX_AGE_SECONDS + 1);
    expect(checkSignature(app.key, signed(old), old, body, now)).toBe('stale timestamp');
    expect(checkSignature(app.key, signed(future), future, body, now)).toBe('stale timestamp');
    const edge = String(now - MAX_AGE_SECONDS);
    expect(checkSignature(app.key, signed(edge), edge, body, now)).toBeNull();
  });
});
