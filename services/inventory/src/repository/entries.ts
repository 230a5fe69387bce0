import type { InventoryStats } from '@acg/contracts';
import type { Database } from '@acg/platform';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { cardSummaries, entries, userSummaries } from '../db/schema';
import type { EntryRow } from '../domain/entry-view';

type Executor = Pick<Database['db'], 'select'>;

const entryColumns = {
  id: entries.id,
  cardId: entries.cardId,
  quantity: entries.quantity,
  obtainedAt: entries.obtainedAt,
  characterId: cardSummaries.characterId,
  characterName: cardSummaries.characterName,
  rankCode: cardSummaries.rankCode,
  rankTitle: cardSummaries.rankTitle,
  rankColor: cardSummaries.rankColor,
  limited: cardSummaries.limited,
  imageUrl: cardSummaries.imageUrl,
};

/** A user's cards, newest first (only copies actually held). */
export function findUserEntries(db: Executor, userId: number): Promise<EntryRow[]> {
  return db
    .select(entryColumns)
    .from(entries)
    .leftJoin(cardSummaries, eq(cardSummaries.id, entries.cardId))
    .where(and(eq(entries.userId, userId), gt(entries.quantity, 0)))
    .orderBy(desc(entries.obtainedAt), desc(entries.id));
}

export function findCardOwners(db: Executor, cardId: number) {
  return db
    .select({
      entryId: entries.id,
      userId: entries.userId,
      quantity: entries.quantity,
      username: userSummaries.username,
      avatar: userSummaries.avatar,
      discordId: userSummaries.discordId,
    })
    .from(entries)
    .leftJoin(userSummaries, eq(userSummaries.id, entries.userId))
    .where(and(eq(entries.cardId, cardId), gt(entries.quantity, 0)))
    .orderBy(entries.obtainedAt, entries.id);
}

export async function userStats(db: Executor, userId: number): Promise<InventoryStats> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${entries.quantity}), 0)::int`,
      limited: sql<number>`coalesce(sum(${entries.quantity}) filter (where ${cardSummaries.limited}), 0)::int`,
      characters: sql<number>`count(distinct ${cardSummaries.characterId})::int`,
    })
    .from(entries)
    .leftJoin(cardSummaries, eq(cardSummaries.id, entries.cardId))
    .where(and(eq(entries.userId, userId), gt(entries.quantity, 0)));
  const total = row?.total ?? 0;
  const limited = row?.limited ?? 0;
  return {
    total_cards: total,
    limited_cards: limited,
    common_cards: total - limited,
    unique_characters: row?.characters ?? 0,
  };
}

export async function ownedCardIds(db: Executor, userId: number, cardIds: number[]): Promise<number[]> {
  if (cardIds.length === 0) return [];
  const rows = await db
    .select({ cardId: entries.cardId })
    .from(entries)
    .where(and(eq(entries.userId, userId), inArray(entries.cardId, cardIds), gt(entries.quantity, 0)));
  return rows.map((r) => r.cardId);
}
