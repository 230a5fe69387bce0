import { cardLiked } from '@acg/contracts';
import { type Database, enqueue, makeEvent } from '@acg/platform';
import { and, count, eq } from 'drizzle-orm';
import { cardSummaries, likes, outbox } from '../db/schema';

type Executor = Pick<Database['db'], 'select'>;

export async function countLikes(db: Executor, cardId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(likes).where(eq(likes.cardId, cardId));
  return row?.n ?? 0;
}

export async function hasLiked(db: Executor, cardId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ cardId: likes.cardId })
    .from(likes)
    .where(and(eq(likes.cardId, cardId), eq(likes.userId, userId)));
  return rows.length > 0;
}

export async function cardExists(db: Executor, cardId: number): Promise<boolean> {
  const rows = await db
    .select({ deleted: cardSummaries.deleted })
    .from(cardSummaries)
    .where(eq(cardSummaries.id, cardId));
  return rows.length > 0 && !rows[0]!.deleted;
}

/**
 * One like per user and card: the primary key decides, so concurrent repeats cannot both
 * count. Returns whether this call added the like, and the count after it.
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
