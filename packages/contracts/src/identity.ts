/**
 * The identity the gateway forwards upstream, signed with the internal secret.
 * Services never trust a header the client could have set: the gateway strips every
 * `x-acg-*` header from the incoming request before adding its own.
 */
export const IDENTITY_HEADER = 'x-acg-identity';
export const REQUEST_ID_HEADER = 'x-request-id';
export const INTERNAL_HEADER_PREFIX = 'x-acg-';

export interface Identity {
  /** User id, or null for an anonymous visitor. */
  userId: number | null;
  adminLevel: number;
  /** A language code: en, ru or a language added in the admin area. */
  language: string;
}
export const ANONYMOUS: Identity = Object.freeze({ userId: null, adminLevel: 0, language: 'en' });
