import type { Db } from '@acg/platform';
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { cardSummaries, entries, userSummaries } from '../db/schema';
import type { EntryRow } from '../domain/entry-view';
import type { OwnerRow } from '../domain/owner-view';
import type { StatsRow } from '../domain/stats';

type Reader = Pick<Db, 'select'>;

const entryColumns = {
  id: entries.id,
  cardId: entries.cardId,
  quantity: entries.quantity,
  obtainedAt: entries.obtainedAt,
  characterId: cardSummaries.characterId,
  characterName: cardSummaries.characterName,
  characterNames: cardSummaries.characterNames,
  animeIds: cardSummaries.animeIds,
  rankCode: cardSummaries.rankCode,
  rankTitle: cardSummaries.rankTitle,
  rankColor: cardSummaries.rankColor,
  limited: cardSummaries.limited,
  imageUrl: cardSummaries.imageUrl,
  deleted: cardSummaries.deleted,
  // The entry's copies by print number, lowest first (an index-only read of copies_entry_idx).
  printNumbers: sql<
    number[]
  >`array(select c.print_number from inventory.copies c where c.entry_id = ${entries.id} order by c.print_number)`,
};

/** Copies actually held (an entry whose last copy left keeps its row with quantity 0). */
const held = gt(entries.quantity, 0);
/** A card catalogue deleted; a card inventory has not heard of yet is not deleted. */
const notDeleted = or(isNull(cardSummaries.deleted), eq(cardSummaries.deleted, false));

/**
 * A user's cards, newest first. The card summary is left-joined: a card whose summary has not
 * arrived yet still lists (with empty card facts). Cards catalogue deleted are left out unless
 * `includeDeleted` (the administrator's view).
 */
export function findUserEntries(
  db: Reader,
  userId: number,
  opts: { includeDeleted?: boolean } = {},
): Promise<EntryRow[]> {
  return db
    .select(entryColumns)
    .from(entries)
    .leftJoin(cardSummaries, eq(cardSummaries.id, entries.cardId))
    .where(and(eq(entries.userId, userId), held, opts.includeDeleted ? undefined : notDeleted))
    .orderBy(desc(entries.obtainedAt), desc(entries.id));
}

/** Holders of a card, first owner first; users inventory has not learnt yet list too. */
export function findCardOwners(db: Reader, cardId: number): Promise<OwnerRow[]> {
  return db
    .select({
      userId: entries.userId,
      quantity: entries.quantity,
      username: userSummaries.username,
      avatar: userSummaries.avatar,
      discordId: userSummaries.discordId,
    })
    .from(entries)
    .leftJoin(userSummaries, eq(userSummaries.id, entries.userId))
    .where(and(eq(entries.cardId, cardId), held))
    .orderBy(entries.obtainedAt, entries.id);
}

/** Sums over the cards a user holds (deleted cards left out, as in the list). */
export async function findStatsRow(db: Reader, userId: number): Promise<StatsRow> {
  const [totals, byRank, byAnime] = await Promise.all([
    findTotals(db, userId),
    findCountsByRank(db, userId),
    findCountsByAnime(db, userId),
  ]);
  return { ...totals, byRank, byAnime };
}

const heldBy = (userId: number) => and(eq(entries.userId, userId), held, notDeleted);

/** Copies per rank (a card not heard of yet counts under '?'). */
function findCountsByRank(db: Reader, userId: number) {
  const code = sql<string>`coalesce(${cardSummaries.rankCode}, '?')`;
  return db
    .select({
      code,
      title: sql<string>`coalesce(max(${cardSummaries.rankTitle}), '?')`,
      color: sql<string>`coalesce(max(${cardSummaries.rankColor}), '#9e9e9e')`,
      count: sql<number>`sum(${entries.quantity})::int`,
    })
    .from(entries)
    .leftJoin(cardSummaries, eq(cardSummaries.id, entries.cardId))
    .where(heldBy(userId))
    .groupBy(code)
    .orderBy(code);
}

/** Distinct cards held per catalogue anime, most first. */
function findCountsByAnime(db: Reader, userId: number) {
  const animeId = sql<number>`unnest(${cardSummaries.animeIds})`;
  const perCard = db
    .select({ cardId: entries.cardId, animeId: animeId.as('anime_id') })
    .from(entries)
    .innerJoin(cardSummaries, eq(cardSummaries.id, entries.cardId))
    .where(heldBy(userId))
    .as('per_card');
  return db
    .select({ animeId: perCard.animeId, cards: sql<number>`count(distinct ${perCard.cardId})::int` })
    .from(perCard)
    .groupBy(perCard.animeId)
    .orderBy(sql`2 desc`, perCard.animeId);
}

async function findTotals(db: Reader, userId: number) {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${entries.quantity}), 0)::int`,
      limited: sql<number>`coalesce(sum(${entries.quantity}) filter (where ${cardSummaries.limited}), 0)::int`,
      characters: sql<number>`count(distinct ${cardSummaries.characterId})::int`,
    })
    .from(entries)
    .leftJoin(cardSummaries, eq(cardSummaries.id, entries.cardId))
    .where(heldBy(userId));
  return row ?? { total: 0, limited: 0, characters: 0 };
}

/** Which of `cardIds` the user holds at least one copy of. */
export async function findOwnedCardIds(db: Reader, userId: number, cardIds: number[]): Promise<number[]> {
  if (cardIds.length === 0) return [];
  const rows = await db
    .select({ cardId: entries.cardId })
    .from(entries)
    .where(and(eq(entries.userId, userId), inArray(entries.cardId, cardIds), held));
  return rows.map((r) => r.cardId);
}

/** How many players hold each card (a row with quantity > 0); cards nobody holds are left out. */
export async function countCardHolders(
  db: Reader,
  cardIds: number[],
): Promise<Array<{ cardId: number; players: number }>> {
  if (cardIds.length === 0) return [];
  return db
    .select({ cardId: entries.cardId, players: sql<number>`count(*)::int` })
    .from(entries)
    .where(and(inArray(entries.cardId, cardIds), gt(entries.quantity, 0)))
    .groupBy(entries.cardId);
}
