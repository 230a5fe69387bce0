import type { NewsInput } from '@acg/contracts';
import type { Db, Tx } from '@acg/platform';
import { desc, eq } from 'drizzle-orm';
import { news } from '../db/schema';

export type NewsRow = typeof news.$inferSelect;

export const listNews = (db: Db, opts: { includeUnpublished: boolean; limit: number }) =>
  db
    .select()
    .from(news)
    .where(opts.includeUnpublished ? undefined : eq(news.published, true))
    .orderBy(desc(news.createdAt), desc(news.id))
    .limit(opts.limit);

export async function findNews(db: Db | Tx, id: number): Promise<NewsRow | null> {
  const [row] = await db.select().from(news).where(eq(news.id, id));
  return row ?? null;
}

export async function insertNews(tx: Tx, input: NewsInput, authorId: number): Promise<NewsRow> {
  const [row] = await tx
    .insert(news)
    .values({ ...input, authorId })
    .returning();
  return row!;
}

export async function updateNews(tx: Tx, id: number, input: NewsInput): Promise<NewsRow | null> {
  const [row] = await tx
    .update(news)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(news.id, id))
    .returning();
  return row ?? null;
}

export async function deleteNews(tx: Tx, id: number): Promise<NewsRow | null> {
  const [row] = await tx.delete(news).where(eq(news.id, id)).returning();
  return row ?? null;
}
