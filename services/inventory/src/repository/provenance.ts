import { searchKey } from '@acg/i18n';
import type { Db } from '@acg/platform';
import { and, asc, eq, gt, ilike, inArray, or, sql } from 'drizzle-orm';
import { cardSummaries, entries, userSummaries } from '../db/schema';

type Reader = Pick<Db, 'select' | 'execute'>;

/** An entry's owner and card, or undefined. */
export async function findEntry(db: Reader, id: number) {
  const [row] = await db
    .select({ id: entries.id, userId: entries.userId, cardId: entries.cardId })
    .from(entries)
    .where(eq(entries.id, id));
  return row;
}

export interface MovementRow {
  id: number;
  kind: 'drop' | 'admin' | 'seed' | 'trade';
  cardId: number;
  quantity: number;
  fromUserId: number | null;
  toUserId: number;
  tradeId: number | null;
  occurredAt: Date;
  /** The copies' print numbers; empty for movements from before print numbers. */
  printNumbers: number[];
}

/** How many trade hops back a copy's history follows. */
const MAX_HOPS = 5;
const MAX_EVENTS = 200;

/**
 * The history of a user's copies of a card: every movement of the card to or from the user,
 * and, for copies that came by trade, the earlier history of the card with the user who gave
 * them (up to the time of the trade, MAX_HOPS trades back). Copies of one card in one entry are
 * interchangeable, so this is the history of the entry as a whole (docs/rules.md §34).
 */
export async function findProvenance(db: Reader, userId: number, cardId: number): Promise<MovementRow[]> {
  const result = await db.execute<{
    id: number;
    kind: MovementRow['kind'];
    card_id: number;
    quantity: number;
    from_user_id: number | null;
    to_user_id: number;
    trade_id: number | null;
    occurred_at: string | Date;
    print_numbers: number[] | null;
  }>(sql`
    with recursive chain(user_id, until, depth) as (
      select ${userId}::int, 'infinity'::timestamptz, 0
      union
      select m.from_user_id, m.occurred_at, c.depth + 1
      from chain c
      join inventory.movements m
        on m.card_id = ${cardId} and m.to_user_id = c.user_id and m.kind = 'trade' and m.occurred_at <= c.until
      where c.depth < ${MAX_HOPS} and m.from_user_id is not null
    )
    select distinct m.id, m.kind, m.card_id, m.quantity, m.from_user_id, m.to_user_id, m.trade_id, m.occurred_at,
      m.print_numbers
    from inventory.movements m
    join chain c on m.card_id = ${cardId} and m.occurred_at <= c.until
      and (m.to_user_id = c.user_id or (c.depth = 0 and m.from_user_id = c.user_id))
    order by m.occurred_at, m.id
    limit ${MAX_EVENTS}`);
  return result.rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    cardId: r.card_id,
    quantity: r.quantity,
    fromUserId: r.from_user_id,
    toUserId: r.to_user_id,
    tradeId: r.trade_id,
    occurredAt: new Date(r.occurred_at),
    printNumbers: r.print_numbers ?? [],
  }));
}

/** Names and avatars of users, from inventory's read model. */
export async function findUserSummaries(db: Reader, ids: number[]) {
  if (ids.length === 0)
    return new Map<number, { username: string; avatar: string | null; discordId: string }>();
  const rows = await db
    .select({
      id: userSummaries.id,
      username: userSummaries.username,
      avatar: userSummaries.avatar,
      discordId: userSummaries.discordId,
    })
    .from(userSummaries)
    .where(inArray(userSummaries.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * A user's copies a trade can use: entries with copies not reserved by a pending trade, of cards
 * still in the catalogue, optionally filtered by character name or rank code.
 */
export function findTradeable(db: Reader, userId: number, q?: string) {
  // Any name in any script (search keys hold no LIKE wildcards), or the rank code, any case.
  const key = q ? searchKey(q) : undefined;
  const pattern = q ? `%${q.replaceAll(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const matches =
    key === undefined || pattern === undefined
      ? undefined
      : or(
          key === ''
            ? undefined
            : sql`coalesce(${cardSummaries.searchKey}, lower(${cardSummaries.characterName})) like ${`%${key}%`}`,
          ilike(cardSummaries.rankCode, pattern),
        );
  return db
    .select({
      inventoryId: entries.id,
      cardId: entries.cardId,
      free: sql<number>`(${entries.quantity} - ${entries.reserved})::int`,
      characterName: cardSummaries.characterName,
      characterNames: cardSummaries.characterNames,
      imageUrl: cardSummaries.imageUrl,
      limited: cardSummaries.limited,
      rankCode: cardSummaries.rankCode,
      rankTitle: cardSummaries.rankTitle,
      rankColor: cardSummaries.rankColor,
    })
    .from(entries)
    .leftJoin(cardSummaries, eq(cardSummaries.id, entries.cardId))
    .where(
      and(
        eq(entries.userId, userId),
        gt(sql`${entries.quantity} - ${entries.reserved}`, 0),
        sql`coalesce(${cardSummaries.deleted}, false) = false`,
        matches,
      ),
    )
    .orderBy(asc(cardSummaries.characterName), asc(entries.id))
    .limit(1000);
}
