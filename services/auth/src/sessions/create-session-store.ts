import type { Database } from '@acg/platform';
import type { AuthConfig } from '../config';
import { createPostgresSessionStore } from './postgres-session-store';
import { createRedisSessionStore } from './redis-session-store';
import type { SessionStore } from './session-store';

/** Redis when REDIS_URL is set (every replica shares it), else the service's PostgreSQL schema. */
export function createSessionStore(
  config: Pick<AuthConfig, 'REDIS_URL' | 'SESSION_TTL_DAYS' | 'SESSION_KEY_PREFIX'>,
  database: Database,
): SessionStore {
  const ttlMs = config.SESSION_TTL_DAYS * 86_400_000;
  return config.REDIS_URL
    ? createRedisSessionStore({ url: config.REDIS_URL, ttlMs, prefix: config.SESSION_KEY_PREFIX })
    : createPostgresSessionStore(database, ttlMs);
}
