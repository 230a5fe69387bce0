import type { Database } from '@acg/platform';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { hashOpaqueId, isOpaqueId, newOpaqueId } from '../domain/session-id';
import type { NewSession, Session, SessionStore } from './session-store';

/** Expired rows removed per create(); enough to keep up without a scheduled job. */
const SWEEP_BATCH = 100;

export function createPostgresSessionStore(database: Database, ttlMs: number): SessionStore {
  const { db } = database;

  const sweepExpired = async () => {
    const stale = db
      .select({ idHash: sessions.idHash })
      .from(sessions)
      .where(lt(sessions.expiresAt, new Date()))
      .limit(SWEEP_BATCH);
    await db.delete(sessions).where(inArray(sessions.idHash, stale));
  };

  return {
    kind: 'postgres',

    async create(session: NewSession, ttl = ttlMs) {
      const id = newOpaqueId();
      await db.insert(sessions).values({
        idHash: hashOpaqueId(id),
        userId: session.userId,
        language: session.language,
        expiresAt: new Date(Date.now() + ttl),
      });
      await sweepExpired();
      return id;
    },

    async get(id: string): Promise<Session | null> {
      if (!isOpaqueId(id)) return null;
      const [row] = await db
        .select({ userId: sessions.userId, language: sessions.language, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.idHash, hashOpaqueId(id)), gt(sessions.expiresAt, new Date())));
      return row ?? null;
    },

    async setLanguage(id, language) {
      if (!isOpaqueId(id)) return false;
      const updated = await db
        .update(sessions)
        .set({ language })
        .where(and(eq(sessions.idHash, hashOpaqueId(id)), gt(sessions.expiresAt, new Date())))
        .returning({ idHash: sessions.idHash });
      return updated.length > 0;
    },

    async delete(id) {
      if (!isOpaqueId(id)) return;
      await db.delete(sessions).where(eq(sessions.idHash, hashOpaqueId(id)));
    },

    // The pool belongs to the service's Database, closed with it.
    async close() {},
  };
}
