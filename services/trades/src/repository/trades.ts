import type { TradeItemFacts, TradeStatus } from '@acg/contracts';
import type { Db, Tx } from '@acg/platform';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { TRADE_ROW_STATES, type TradeRowState, tradeItems, tradeRows } from '../db/schema';
import type { TradeItemRow, TradeRow } from '../domain/trade-view';

type Reader = Pick<Db, 'select'>;

const rowColumns = {
  id: tradeRows.id,
  fromUserId: tradeRows.fromUserId,
  toUserId: tradeRows.toUserId,
  status: tradeRows.status,
  description: tradeRows.description,
  message: tradeRows.message,
  createdAt: tradeRows.createdAt,
  updatedAt: tradeRows.updatedAt,
  expiresAt: tradeRows.expiresAt,
};

/** The row states behind a public status (an accept in flight is still pending). */
export const statesOf = (status: TradeStatus): TradeRowState[] =>
  status === 'pending' ? ['pending', 'accepting'] : [status];
/** Rows members and admins see: an opening never confirmed is nobody's trade. */
const visible = inArray(
  tradeRows.status,
  TRADE_ROW_STATES.filter((s) => s !== 'opening' && s !== 'failed'),
);

export async function insertOpening(
  tx: Tx,
  t: {
    fromUserId: number;
    toUserId: number;
    description: string | null;
    message: string | null;
    ttlHours: number;
  },
): Promise<TradeRow> {
  const [row] = await tx
    .insert(tradeRows)
    .values({
      fromUserId: t.fromUserId,
      toUserId: t.toUserId,
      description: t.description,
      message: t.message,
      status: 'opening',
      expiresAt: sql`now() + make_interval(hours => ${t.ttlHours})`,
    })
    .returning(rowColumns);
  if (!row) throw new Error('trade insert returned no row');
  return row;
}

export async function insertItems(tx: Tx, tradeId: number, items: TradeItemFacts[]): Promise<void> {
  if (items.length === 0) return;
  await tx.insert(tradeItems).values(
    items.map((i) => ({
      tradeId,
      side: i.side,
      inventoryId: i.inventoryId,
      cardId: i.cardId,
      quantity: i.quantity,
      characterId: i.characterId,
      characterName: i.characterName,
      imageUrl: i.imageUrl,
      limited: i.limited,
      rankCode: i.rankCode,
      rankTitle: i.rankTitle,
      rankColor: i.rankColor,
    })),
  );
}

/** The trade's row, locked for the rest of the transaction. */
export async function lockTrade(tx: Tx, id: number): Promise<TradeRow | undefined> {
  const [row] = await tx.select(rowColumns).from(tradeRows).where(eq(tradeRows.id, id)).for('update');
  return row;
}

/** Moves a trade from one of `from` to `to`; undefined when it was in none of them. */
export async function moveTrade(
  tx: Tx,
  id: number,
  from: TradeRowState[],
  to: TradeRowState,
  extra: { releasePending?: boolean; settled?: boolean } = {},
): Promise<TradeRow | undefined> {
  const [row] = await tx
    .update(tradeRows)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(extra.releasePending === undefined ? {} : { releasePending: extra.releasePending }),
      ...(extra.settled ? { settledAt: sql`now()` } : {}),
    })
    .where(and(eq(tradeRows.id, id), inArray(tradeRows.status, from)))
    .returning(rowColumns);
  return row;
}

export async function markReleased(db: Pick<Db, 'update'>, id: number): Promise<void> {
  await db.update(tradeRows).set({ releasePending: false }).where(eq(tradeRows.id, id));
}

export async function findTrade(db: Reader, id: number): Promise<TradeRow | undefined> {
  const [row] = await db.select(rowColumns).from(tradeRows).where(eq(tradeRows.id, id));
  return row;
}

export async function findItems(db: Reader, tradeIds: number[]): Promise<TradeItemRow[]> {
  if (tradeIds.length === 0) return [];
  return db
    .select()
    .from(tradeItems)
    .where(inArray(tradeItems.tradeId, tradeIds))
    .orderBy(asc(tradeItems.tradeId), asc(tradeItems.id));
}

/** A member's trades, sent or received, newest first. */
export function findUserTrades(db: Reader, userId: number, status?: TradeStatus): Promise<TradeRow[]> {
  return db
    .select(rowColumns)
    .from(tradeRows)
    .where(
      and(
        or(eq(tradeRows.fromUserId, userId), eq(tradeRows.toUserId, userId)),
        status ? inArray(tradeRows.status, statesOf(status)) : visible,
      ),
    )
    .orderBy(desc(tradeRows.createdAt), desc(tradeRows.id))
    .limit(500);
}

/** Every trade, a page of them newest first, and how many match. */
export async function findAllTrades(
  db: Reader,
  opts: { limit: number; offset: number; status?: TradeStatus },
): Promise<{ rows: TradeRow[]; count: number }> {
  const where = opts.status ? inArray(tradeRows.status, statesOf(opts.status)) : visible;
  const rows = await db
    .select(rowColumns)
    .from(tradeRows)
    .where(where)
    .orderBy(desc(tradeRows.createdAt), desc(tradeRows.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await db.select({ n: count() }).from(tradeRows).where(where);
  return { rows, count: total?.n ?? 0 };
}

export async function countByState(db: Reader, since?: Date) {
  const where: SQL | undefined = since ? and(visible, gte(tradeRows.createdAt, since)) : visible;
  return db
    .select({ status: tradeRows.status, n: count() })
    .from(tradeRows)
    .where(where)
    .groupBy(tradeRows.status);
}

// --- the sweep ---

/** Pending trades past their expiry, locked (skipping rows another transaction holds). */
export function lockOverdue(tx: Tx, limit: number): Promise<TradeRow[]> {
  return tx
    .select(rowColumns)
    .from(tradeRows)
    .where(and(eq(tradeRows.status, 'pending'), lte(tradeRows.expiresAt, sql`now()`)))
    .orderBy(asc(tradeRows.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Trades a crash left between two steps longer than `seconds` ago. */
export function findStale(db: Reader, seconds: number, limit: number): Promise<TradeRow[]> {
  return db
    .select(rowColumns)
    .from(tradeRows)
    .where(
      and(
        inArray(tradeRows.status, ['opening', 'accepting']),
        lt(tradeRows.updatedAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    )
    .orderBy(asc(tradeRows.updatedAt))
    .limit(limit);
}

export function findReleasePending(db: Reader, limit: number): Promise<TradeRow[]> {
  return db.select(rowColumns).from(tradeRows).where(eq(tradeRows.releasePending, true)).limit(limit);
}

/** Deletes expired trades whose escrow is back; returns their ids. */
export async function deleteExpired(tx: Tx): Promise<number[]> {
  const rows = await tx
    .delete(tradeRows)
    .where(and(eq(tradeRows.status, 'expired'), eq(tradeRows.releasePending, false)))
    .returning({ id: tradeRows.id });
  return rows.map((r) => r.id);
}

/** Removes a trade inventory refused to open (nothing was reserved for it). */
export async function deleteOpening(db: Pick<Db, 'delete'>, id: number): Promise<void> {
  await db.delete(tradeRows).where(and(eq(tradeRows.id, id), eq(tradeRows.status, 'opening')));
}
