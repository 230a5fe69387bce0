import type { Db } from '@acg/platform';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { relayPosts, relayRuns } from '../db/schema';

/** How often a post Discord refused is tried again (one attempt per run). */
export const MAX_POST_ATTEMPTS = 3;

/**
 * Claims a post for this run, committed before anything is sent: the primary key (owner, post)
 * lets exactly one run of one replica win. A post claimed before is skipped, unless its earlier
 * attempts failed definitely (Discord answered with an error) and it has attempts left. A claim
 * whose outcome is unknown (the process died while posting) is never retried: at most once.
 */
export async function claimPost(
  db: Db,
  ownerId: string,
  postId: number,
  channelId: string,
): Promise<boolean> {
  const rows = await db
    .insert(relayPosts)
    .values({ ownerId, postId, channelId, state: 'claimed', attempts: 1 })
    .onConflictDoUpdate({
      target: [relayPosts.ownerId, relayPosts.postId],
      set: { state: 'claimed', attempts: sql`${relayPosts.attempts} + 1`, channelId, claimedAt: new Date() },
      setWhere: and(eq(relayPosts.state, 'failed'), lt(relayPosts.attempts, MAX_POST_ATTEMPTS)),
    })
    .returning({ postId: relayPosts.postId });
  return rows.length === 1;
}

export async function markPosted(db: Db, ownerId: string, postId: number, messageId: string) {
  await db
    .update(relayPosts)
    .set({ state: 'posted', messageId, postedAt: new Date(), lastError: null })
    .where(and(eq(relayPosts.ownerId, ownerId), eq(relayPosts.postId, postId)));
}

export async function markFailed(db: Db, ownerId: string, postId: number, error: string) {
  await db
    .update(relayPosts)
    .set({ state: 'failed', lastError: error.slice(0, 500) })
    .where(and(eq(relayPosts.ownerId, ownerId), eq(relayPosts.postId, postId)));
}

export async function startRun(db: Db, trigger: string): Promise<number> {
  const [row] = await db
    .insert(relayRuns)
    .values({ trigger, startedAt: new Date() })
    .returning({ id: relayRuns.id });
  return row!.id;
}

export const recentRuns = (db: Db, limit: number) =>
  db.select().from(relayRuns).orderBy(desc(relayRuns.id)).limit(limit);
