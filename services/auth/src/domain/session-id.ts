import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Session and sign-in ids are 256 random bits (architecture §10 asks for at least 128), sent
 * to the browser once; the server keeps only their SHA-256 hash.
 */
export const newOpaqueId = (): string => randomBytes(32).toString('base64url');

export const hashOpaqueId = (id: string): string => createHash('sha256').update(id).digest('hex');

/** Cheap shape check before touching a store with whatever a client put in a cookie. */
export const isOpaqueId = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);

/** Constant-time comparison of two secrets (hashing first makes the lengths equal). */
export const sameSecret = (a: string, b: string): boolean =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
