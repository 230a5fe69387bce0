import { languageSchema } from '@acg/contracts';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { hashOpaqueId, isOpaqueId, newOpaqueId } from '../domain/session-id';
import type { NewSession, Session, SessionStore } from './session-store';

const storedSession = z.object({
  userId: z.string().transform((v) => (v === '' ? null : Number(v))),
  language: languageSchema,
  expiresAt: z.coerce.number().transform((ms) => new Date(ms)),
});

/** Changes a field only while the key lives, so an expired session is not revived without a TTL. */
const SET_LANGUAGE_IF_LIVE = `
if redis.call('exists', KEYS[1]) == 1 then
  redis.call('hset', KEYS[1], 'language', ARGV[1])
  return 1
end
return 0`;

export interface RedisSessionStoreOptions {
  url: string;
  ttlMs: number;
  /** Key prefix (default `acg:auth:session:`). */
  prefix?: string;
}

/** Sessions as Redis hashes that expire with the session (production; shared by every replica). */
export function createRedisSessionStore(opts: RedisSessionStoreOptions): SessionStore {
  const redis = new Redis(opts.url, { maxRetriesPerRequest: 2, connectionName: 'auth-sessions' });
  const prefix = opts.prefix ?? 'acg:auth:session:';
  const key = (id: string) => `${prefix}${hashOpaqueId(id)}`;

  return {
    kind: 'redis',

    async create(session: NewSession, ttl = opts.ttlMs) {
      const id = newOpaqueId();
      const expiresAt = Date.now() + ttl;
      await redis
        .multi()
        .hset(key(id), {
          userId: session.userId === null ? '' : String(session.userId),
          language: session.language,
          expiresAt: String(expiresAt),
        })
        .pexpireat(key(id), expiresAt)
        .exec();
      return id;
    },

    async get(id: string): Promise<Session | null> {
      if (!isOpaqueId(id)) return null;
      const parsed = storedSession.safeParse(await redis.hgetall(key(id)));
      if (!parsed.success || parsed.data.expiresAt.getTime() <= Date.now()) return null;
      return parsed.data;
    },

    async setLanguage(id, language) {
      if (!isOpaqueId(id)) return false;
      return (await redis.eval(SET_LANGUAGE_IF_LIVE, 1, key(id), language)) === 1;
    },

    async delete(id) {
      if (!isOpaqueId(id)) return;
      await redis.del(key(id));
    },

    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
