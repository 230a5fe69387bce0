import { languageSchema } from '@acg/contracts';
import type { CacheNamespace } from '@acg/platform';
import { z } from 'zod';
import { hashOpaqueId, isOpaqueId, newOpaqueId } from '../domain/session-id';
import type { NewSession, Session, SessionStore } from './session-store';

const storedSession = z.object({
  userId: z.number().int().nullable(),
  language: languageSchema,
  /** Epoch milliseconds; the key expires with it too. */
  expiresAt: z.number(),
});
type StoredSession = z.infer<typeof storedSession>;

/**
 * Sessions in a namespace of the service's cache (production: Redis, shared by every replica),
 * each under the hash of its id and expiring with the session.
 */
export function createCacheSessionStore(sessions: CacheNamespace, ttlMs: number): SessionStore {
  const read = async (id: string): Promise<StoredSession | null> => {
    const parsed = storedSession.safeParse(await sessions.get(hashOpaqueId(id)));
    return parsed.success && parsed.data.expiresAt > Date.now() ? parsed.data : null;
  };

  return {
    kind: 'cache',

    async create(session: NewSession, ttl = ttlMs) {
      const id = newOpaqueId();
      const stored: StoredSession = { ...session, expiresAt: Date.now() + ttl };
      await sessions.set(hashOpaqueId(id), stored, ttl / 1000);
      return id;
    },

    async get(id: string): Promise<Session | null> {
      if (!isOpaqueId(id)) return null;
      const stored = await read(id);
      return (
        stored && { userId: stored.userId, language: stored.language, expiresAt: new Date(stored.expiresAt) }
      );
    },

    async setLanguage(id, language) {
      if (!isOpaqueId(id)) return false;
      const stored = await read(id);
      // replace() stores only while the key lives, keeping its expiry: a session deleted or
      // expired in the meantime is not revived.
      return stored !== null && sessions.replace(hashOpaqueId(id), { ...stored, language });
    },

    async delete(id) {
      if (!isOpaqueId(id)) return;
      await sessions.delete(hashOpaqueId(id));
    },

    // The cache belongs to the service, closed with it.
    async close() {},
  };
}
