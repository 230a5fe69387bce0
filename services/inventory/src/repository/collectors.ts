import type { Db } from '@acg/platform';
import { eq, sql } from 'drizzle-orm';
import { collectionSettings, entries, userSummaries } from '../db/schema';

type Reader = Pick<Db, 'select'>;

/** A collector as inventory knows them, or undefined when it knows neither the user nor any copy. */
export async function findCollector(db: Reader, userId: number) {
  const [user] = await db
    .select({
      username: userSummaries.username,
      avatar: userSummaries.avatar,
      discordId: userSummaries.discordId,
    })
    .from(userSummaries)
    .where(eq(userSummaries.id, userId));
  const hidden = await isCollectionHidden(db, userId);
  if (user) return { ...user, hidden };
  // A fan whose first drop arrived before their user event is still a collector.
  const [entry] = await db
    .select({ id: entries.id })
    .from(entries)
    .where(eq(entries.userId, userId))
    .limit(1);
  return entry ? { username: null, avatar: null, discordId: '', hidden } : undefined;
}

export async function isCollectionHidden(db: Reader, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ hidden: collectionSettings.hidden })
    .from(collectionSettings)
    .where(eq(collectionSettings.userId, userId));
  return row?.hidden ?? false;
}

export async function setCollectionHidden(db: Pick<Db, 'insert'>, userId: number, hidden: boolean) {
  await db
    .insert(collectionSettings)
    .values({ userId, hidden })
    .onConflictDoUpdate({ target: collectionSettings.userId, set: { hidden, updatedAt: sql`now()` } });
}
