import { cardLiked } from '@acg/contracts';
import { type Database, type Db, enqueue, makeEvent } from '@acg/platform';
import { and, count, eq } from 'drizzle-orm';
import { likes, outbox, printRuns } from '../db/schema';

type Reader = Pick<Db, 'select'>;

/** Likes of a card: an index-only count over the (card, user) primary key. */
export async function countLikes(db: Reader, cardId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(likes).where(eq(likes.cardId, cardId));
  return row?.n ?? 0;
}

export async function hasLiked(db: Reader, cardId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ cardId: likes.cardId })
    .from(likes)
    .where(and(eq(likes.cardId, cardId), eq(likes.userId, userId)));
  return rows.length > 0;
}

/**
 * One like per user and card: the primary key decides. Concurrent repeats wait on the key's
 * index for the first insert to commit and then insert nothing, so only one can count. Returns
 * whether this call added the like, and the card's count after it (read in the same
 * transaction, so a refused repeat reports the count its conflict saw). card.liked is enqueued
 * only for an added like.
 */
export function addLike(
  database: Database,
  cardId: number,
  userId: number,
): Promise<{ added: boolean; likes: number }> {
  return database.transaction(async (tx) => {
    const added = await tx
      .insert(likes)
      .values({ cardId, userId })
      .onConflictDoNothing()
      .returning({ cardId: likes.cardId });
    const total = await countLikes(tx, cardId);
    if (added.length > 0) await enqueue(tx, outbox, makeEvent(cardLiked, { cardId, userId, likes: total }));
    return { added: added.length > 0, likes: total };
  });
}

/** How many copies of a card were ever printed (0 for a card never given). */
export async function countPrinted(db: Reader, cardId: number): Promise<number> {
  const [run] = await db
    .select({ printed: printRuns.printed })
    .from(printRuns)
    .where(eq(printRuns.cardId, cardId));
  return run?.printed ?? 0;
}
