import type { Database } from '@acg/platform';
import { count } from 'drizzle-orm';
import { anime, cards } from '../db/schema';

export async function countAnimeAndCards(database: Database): Promise<{ anime: number; cards: number }> {
  const [[a], [c]] = await Promise.all([
    database.db.select({ n: count() }).from(anime),
    database.db.select({ n: count() }).from(cards),
  ]);
  return { anime: a?.n ?? 0, cards: c?.n ?? 0 };
}
