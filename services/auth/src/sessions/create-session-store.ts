import type { Cache, Database } from '@acg/platform';
import type { AuthConfig } from '../config';
import { createCacheSessionStore } from './cache-session-store';
import { createPostgresSessionStore } from './postgres-session-store';
import type { SessionStore } from './session-store';

/** The cache namespace sessions live in when the cache is Redis. */
export const SESSIONS_NAMESPACE = 'sessions';

/**
 * In the service's cache when it is Redis (every replica shares it), else in the service's
 * PostgreSQL schema: the in-memory cache would lose every session on a restart of the embedded mode.
 */
export function createSessionStore(
  config: Pick<AuthConfig, 'SESSION_TTL_DAYS'>,
  database: Database,
  cache: Cache,
): SessionStore {
  const ttlMs = config.SESSION_TTL_DAYS * 86_400_000;
  return cache.kind === 'redis'
    ? createCacheSessionStore(cache.namespace(SESSIONS_NAMESPACE, { state: true }), ttlMs)
    : createPostgresSessionStore(database, ttlMs);
}
