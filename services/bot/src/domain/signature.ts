import { createPublicKey, type KeyObject, verify } from 'node:crypto';

// DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it.
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export const publicKeyFromHex = (hex: string): KeyObject =>
  createPublicKey({
    key: Buffer.concat([SPKI_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  });

/** Interactions older than this are refused even with a valid signature (replays). */
export const MAX_AGE_SECONDS = 300;

/**
 * Discord's interaction signature: Ed25519 over timestamp + raw body (architecture §10).
 * Returns why it is refused, or null when it is good.
 */
export function checkSignature(
  key: KeyObject,
  signatureHex: string | undefined,
  timestamp: string | undefined,
  rawBody: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): string | null {
  if (!signatureHex || !timestamp) return 'missing signature headers';
  if (!/^[0-9a-f]{128}$/i.test(signatureHex) || !/^\d{1,12}$/.test(timestamp))
    return 'malformed signature headers';
  if (Math.abs(nowSeconds - Number(timestamp)) > MAX_AGE_SECONDS) return 'stale timestamp';
  const ok = verify(
    null,
    Buffer.concat([Buffer.from(timestamp), rawBody]),
    key,
    Buffer.from(signatureHex, 'hex'),
  );
  return ok ? null : 'bad signature';
}
