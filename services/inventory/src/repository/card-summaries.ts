import type { Db } from '@acg/platform';
import { eq } from 'drizzle-orm';
import { cardSummaries } from '../db/schema';

type Reader = Pick<Db, 'select'>;

/** What inventory's read model says of a card: known, deleted, or not heard of yet. */
export type CardState = 'known' | 'deleted' | 'unheard';

export async function findCardState(db: Reader, cardId: number): Promise<CardState> {
  const [row] = await db
    .select({ deleted: cardSummaries.deleted })
    .from(cardSummaries)
    .where(eq(cardSummaries.id, cardId));
  if (!row) return 'unheard';
  return row.deleted ? 'deleted' : 'known';
}
