import type { Language } from '@acg/contracts';

/**
 * Server-side sessions (architecture §10). Two implementations share this interface and one
 * contract test suite: the service's cache (production: Redis, REDIS_URL set; the suite runs it
 * on the memory cache too) and PostgreSQL (embedded mode).
 *
 * - The id returned by create() is the cookie value; stores keep only its SHA-256 hash.
 * - A session has a fixed lifetime from its creation; get() never returns an expired one.
 * - Anonymous visitors get a session too (userId null) once they choose a language.
 */
export interface Session {
  userId: number | null;
  language: Language;
  expiresAt: Date;
}

export interface NewSession {
  userId: number | null;
  language: Language;
}

export interface SessionStore {
  readonly kind: 'cache' | 'postgres';
  /** Starts a session and returns its id. `ttlMs` overrides the store's lifetime (tests). */
  create(session: NewSession, ttlMs?: number): Promise<string>;
  get(id: string): Promise<Session | null>;
  /** Changes the language of a live session; false when there is none (missing or expired). */
  setLanguage(id: string, language: Language): Promise<boolean>;
  /** Revokes a session; deleting an unknown one is not an error. */
  delete(id: string): Promise<void>;
  close(): Promise<void>;
}
