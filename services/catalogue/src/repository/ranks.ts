import type { Rank } from '@acg/contracts';
import { asc } from 'drizzle-orm';
import { ranks } from '../db/schema';
import type { Executor } from './executor';

/** Every rank, E (lowest) to X (highest). */
export function listRanks(db: Executor): Promise<Rank[]> {
  return db
    .select({
      id: ranks.id,
      code: ranks.code,
      title: ranks.title,
      titles: ranks.titles,
      color: ranks.color,
      imageUrl: ranks.imageUrl,
      threshold: ranks.threshold,
      sortOrder: ranks.sortOrder,
    })
    .from(ranks)
    .orderBy(asc(ranks.sortOrder), asc(ranks.id));
}
