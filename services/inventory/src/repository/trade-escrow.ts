import {
  type inventoryTradeReserve,
  inventoryTransferred,
  type TradeItemFacts,
  type TradeItemInput,
  type TradeSide,
} from '@acg/contracts';
import { tradeRefusal } from '@acg/i18n/server';
import {
  AuthorizationError,
  ConflictError,
  type Database,
  enqueue,
  makeEvent,
  NotFoundError,
  type Tx,
  ValidationError,
} from '@acg/platform';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { copies, entries, movements, outbox, reservations, tradeSettlements } from '../db/schema';
import { UNKNOWN_RANK, unknownCardName } from '../domain/entry-view';
import { retryTransaction } from './transaction-retry';

export type TradeItemsRequest = z.output<typeof inventoryTradeReserve.request>;

interface LockedEntry {
  id: number;
  userId: number;
  cardId: number;
  quantity: number;
  reserved: number;
  characterId: number | null;
  characterName: string | null;
  imageUrl: string | null;
  limited: boolean | null;
  rankCode: string | null;
  rankTitle: string | null;
  rankColor: string | null;
  deleted: boolean | null;
}

/** Locks entries in id order (so two trades never wait on each other in a cycle), with their card's facts. */
async function lockEntries(tx: Tx, ids: number[]): Promise<Map<number, LockedEntry>> {
  if (ids.length === 0) return new Map();
  // Raw SQL: drizzle writes `FOR UPDATE OF "inventory"."entries"`, which PostgreSQL refuses.
  const { rows } = await tx.execute<{
    id: number;
    user_id: number;
    card_id: number;
    quantity: number;
    reserved: number;
    character_id: number | null;
    character_name: string | null;
    image_url: string | null;
    limited: boolean | null;
    rank_code: string | null;
    rank_title: string | null;
    rank_color: string | null;
    deleted: boolean | null;
  }>(sql`
    select e.id, e.user_id, e.card_id, e.quantity, e.reserved, c.character_id, c.character_name,
      c.image_url, c.limited, c.rank_code, c.rank_title, c.rank_color, c.deleted
    from inventory.entries e left join inventory.card_summaries c on c.id = e.card_id
    where e.id = any(${sql.param([...new Set(ids)])}::int[])
    order by e.id
    for update of e`);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        userId: r.user_id,
        cardId: r.card_id,
        quantity: r.quantity,
        reserved: r.reserved,
        characterId: r.character_id,
        characterName: r.character_name,
        imageUrl: r.image_url,
        limited: r.limited,
        rankCode: r.rank_code,
        rankTitle: r.rank_title,
        rankColor: r.rank_color,
        deleted: r.deleted,
      },
    ]),
  );
}

/** Changes the quantity and escrow of several entries in one statement (entries already locked). */
async function adjustEntries(tx: Tx, changes: Array<{ id: number; quantity: number; reserved: number }>) {
  if (changes.length === 0) return;
  await tx.execute(sql`
    update inventory.entries e
    set quantity = e.quantity + v.quantity, reserved = e.reserved + v.reserved, updated_at = now()
    from (select unnest(${sql.param(changes.map((c) => c.id))}::int[]) as id,
                 unnest(${sql.param(changes.map((c) => c.quantity))}::int[]) as quantity,
                 unnest(${sql.param(changes.map((c) => c.reserved))}::int[]) as reserved) v
    where e.id = v.id`);
}

const nameOf = (e: LockedEntry) => e.characterName ?? unknownCardName(e.cardId);

function facts(side: TradeSide, item: TradeItemInput, e: LockedEntry): TradeItemFacts {
  return {
    side,
    inventoryId: e.id,
    cardId: e.cardId,
    quantity: item.quantity,
    characterId: e.characterId,
    characterName: nameOf(e),
    imageUrl: e.imageUrl,
    limited: e.limited ?? false,
    rankCode: e.rankCode ?? UNKNOWN_RANK.code,
    rankTitle: e.rankTitle ?? UNKNOWN_RANK.title,
    rankColor: e.rankColor ?? UNKNOWN_RANK.color,
  };
}

/** Refuses the same entry twice in a trade: the quantity says how many copies. */
function checkDistinct(req: TradeItemsRequest): void {
  const seen = new Set<number>();
  for (const item of [...req.fromItems, ...req.toItems]) {
    if (seen.has(item.inventoryId))
      throw new ValidationError(...tradeRefusal('listedTwice', { inventoryId: item.inventoryId }));
    seen.add(item.inventoryId);
  }
}

/**
 * Checks one side: every entry exists, is `userId`'s, is of a card still in the catalogue and
 * has `quantity` copies not reserved by another trade (`ownReserved` counts the copies this very
 * trade holds in escrow, which the transfer may use).
 */
function checkSide(
  side: TradeSide,
  items: TradeItemInput[],
  locked: Map<number, LockedEntry>,
  userId: number,
  ownReserved: Map<number, number> = new Map(),
  atAccept = false,
): TradeItemFacts[] {
  return items.map((item) => {
    const e = locked.get(item.inventoryId);
    if ((!e || e.quantity === 0) && atAccept)
      throw new ConflictError(
        ...tradeRefusal(side === 'from' ? 'senderNoLongerHolds' : 'recipientNoLongerHolds', {
          inventoryId: item.inventoryId,
        }),
      );
    if (!e || e.quantity === 0)
      throw new NotFoundError(...tradeRefusal('itemNotFound', { inventoryId: item.inventoryId }));
    if (e.userId !== userId)
      throw side === 'from'
        ? new AuthorizationError(...tradeRefusal('itemNotYours', { inventoryId: item.inventoryId }))
        : new ConflictError(...tradeRefusal('itemNotRecipients', { inventoryId: item.inventoryId }));
    if (e.deleted) throw new ConflictError(...tradeRefusal('cardRemoved', { inventoryId: item.inventoryId }));
    const free = e.quantity - e.reserved + (ownReserved.get(e.id) ?? 0);
    if (free < item.quantity) {
      throw new ConflictError(
        ...tradeRefusal(side === 'from' ? 'fewFreeOwn' : 'fewFreeRecipient', {
          inventoryId: e.id,
          free,
          asked: item.quantity,
          name: nameOf(e),
          // Picks the English form: '1 free copy', '2 free copies'.
          count: free,
        }),
      );
    }
    return facts(side, item, e);
  });
}

/** Takes the trade's settlement row (the per-trade lock), creating it in `state` when absent. */
async function settlementOf(tx: Tx, tradeId: number, createAs?: 'reserved' | 'released') {
  if (createAs) await tx.insert(tradeSettlements).values({ tradeId, state: createAs }).onConflictDoNothing();
  const [row] = await tx
    .select({ state: tradeSettlements.state, createdAt: tradeSettlements.createdAt })
    .from(tradeSettlements)
    .where(eq(tradeSettlements.tradeId, tradeId))
    .for('update');
  return row;
}

const setState = (tx: Tx, tradeId: number, state: 'released' | 'transferred') =>
  tx
    .update(tradeSettlements)
    .set({ state, updatedAt: sql`now()` })
    .where(eq(tradeSettlements.tradeId, tradeId));

async function reservationsOf(tx: Tx, tradeId: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ entryId: reservations.entryId, quantity: reservations.quantity })
    .from(reservations)
    .where(eq(reservations.tradeId, tradeId));
  return new Map(rows.map((r) => [r.entryId, r.quantity]));
}

/**
 * Escrow for a new trade, in one transaction: checks both sides and reserves the sender's
 * copies. The same trade id again (a retry) reserves nothing more and answers the same items.
 */
export function reserveTrade(database: Database, req: TradeItemsRequest): Promise<TradeItemFacts[]> {
  checkDistinct(req);
  return retryTransaction(() =>
    database.transaction(async (tx) => {
      const existing = await settlementOf(tx, req.tradeId);
      if (existing && existing.state !== 'reserved')
        throw new ConflictError(`Trade ${req.tradeId} is already ${existing.state}`);
      const held = existing ? await reservationsOf(tx, req.tradeId) : new Map<number, number>();
      const locked = await lockEntries(
        tx,
        [...req.fromItems, ...req.toItems].map((i) => i.inventoryId),
      );
      const from = checkSide('from', req.fromItems, locked, req.fromUserId, held);
      const to = checkSide('to', req.toItems, locked, req.toUserId);
      if (existing) return [...from, ...to];

      await tx.insert(tradeSettlements).values({ tradeId: req.tradeId, state: 'reserved' });
      await adjustEntries(
        tx,
        req.fromItems.map((i) => ({ id: i.inventoryId, quantity: 0, reserved: i.quantity })),
      );
      if (req.fromItems.length > 0) {
        await tx.insert(reservations).values(
          req.fromItems.map((i) => ({
            tradeId: req.tradeId,
            entryId: i.inventoryId,
            quantity: i.quantity,
          })),
        );
        await holdCopies(tx, req.tradeId, req.fromItems);
      }
      return [...from, ...to];
    }),
  );
}

/**
 * Gives a trade's escrow back. Idempotent: a trade already released (or never reserved: then it
 * is marked released, so a late reserve of it is refused) answers `released: false`.
 */
export function releaseTrade(database: Database, tradeId: number): Promise<boolean> {
  return retryTransaction(() =>
    database.transaction(async (tx) => {
      const settlement = await settlementOf(tx, tradeId, 'released');
      if (settlement?.state === 'transferred')
        throw new ConflictError(`Trade ${tradeId} was already transferred`);
      if (settlement?.state === 'released') return false;
      const held = await reservationsOf(tx, tradeId);
      await lockEntries(tx, [...held.keys()]);
      await adjustEntries(
        tx,
        [...held].map(([id, quantity]) => ({ id, quantity: 0, reserved: -quantity })),
      );
      await tx.delete(reservations).where(eq(reservations.tradeId, tradeId));
      await tx.update(copies).set({ tradeId: null }).where(eq(copies.tradeId, tradeId));
      await setState(tx, tradeId, 'released');
      return true;
    }),
  );
}

/**
 * Marks the copies a new trade holds in escrow: of each entry, the `quantity` free copies with
 * the highest print numbers (the sender keeps their lowest prints), one statement.
 */
async function holdCopies(tx: Tx, tradeId: number, items: TradeItemInput[]) {
  await tx.execute(sql`
    update inventory.copies c set trade_id = ${tradeId}
    from (select unnest(${sql.param(items.map((i) => i.inventoryId))}::int[]) as entry_id,
                 unnest(${sql.param(items.map((i) => i.quantity))}::int[]) as quantity) v
    cross join lateral (
      select x.id from inventory.copies x
      where x.entry_id = v.entry_id and x.trade_id is null
      order by x.print_number desc limit v.quantity) pick
    where c.id = pick.id`);
}

/**
 * Moves `quantity` copies of an entry to another entry, answering their print numbers (lowest
 * first): the copies this trade holds in escrow for the sender's side, the highest free prints
 * for the recipient's side (what the trade asked of them is not held in escrow).
 */
async function moveCopies(
  tx: Tx,
  tradeId: number,
  move: { fromEntryId: number; toEntryId: number; quantity: number; escrowed: boolean },
): Promise<number[]> {
  const held = move.escrowed ? sql`x.trade_id = ${tradeId}` : sql`x.trade_id is null`;
  const { rows } = await tx.execute<{ print_number: number }>(sql`
    update inventory.copies c set entry_id = ${move.toEntryId}, trade_id = null
    from (select x.id from inventory.copies x where x.entry_id = ${move.fromEntryId} and ${held}
          order by x.print_number desc limit ${move.quantity}) pick
    where c.id = pick.id
    returning c.print_number`);
  return rows.map((r) => r.print_number).sort((a, b) => a - b);
}

/**
 * Adds copies to users' entries of cards (created first if absent), one statement; answers the
 * entry id of each user and card (`user:card`).
 */
async function addCopies(
  tx: Tx,
  moves: Array<{ toUserId: number; cardId: number; quantity: number }>,
): Promise<Map<string, number>> {
  const byEntry = new Map<string, { userId: number; cardId: number; quantity: number }>();
  for (const m of moves) {
    const key = `${m.toUserId}:${m.cardId}`;
    const entry = byEntry.get(key) ?? { userId: m.toUserId, cardId: m.cardId, quantity: 0 };
    entry.quantity += m.quantity;
    byEntry.set(key, entry);
  }
  if (byEntry.size === 0) return new Map();
  const rows = await tx
    .insert(entries)
    .values([...byEntry.values()])
    .onConflictDoUpdate({
      target: [entries.userId, entries.cardId],
      set: {
        quantity: sql`${entries.quantity} + excluded.quantity`,
        // An entry whose copies had all left starts again: its first copy is this one.
        obtainedAt: sql`case when ${entries.quantity} = 0 then now() else ${entries.obtainedAt} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: entries.id, userId: entries.userId, cardId: entries.cardId });
  return new Map(rows.map((r) => [`${r.userId}:${r.cardId}`, r.id]));
}

/**
 * Accepting a trade, in one transaction, exactly once per trade id:
 * 1. take the trade's settlement row: `transferred` already → answer `transferred: false`;
 *    `released` (declined, cancelled, expired) or missing → 409, nothing moves;
 * 2. lock every entry involved (id order), check the sender's copies are the ones this trade
 *    holds in escrow and the recipient still has the asked copies free → else 409, nothing moves;
 * 3. take the copies off both sides (the escrow with them), add them to the other side, record
 *    the movements (provenance), mark the trade transferred and enqueue inventory.transferred.
 */
export function transferTrade(database: Database, req: TradeItemsRequest): Promise<boolean> {
  checkDistinct(req);
  return retryTransaction(() =>
    database.transaction(async (tx) => {
      const settlement = await settlementOf(tx, req.tradeId);
      if (!settlement) throw new ConflictError(`Trade ${req.tradeId} holds no escrow in inventory`);
      if (settlement.state === 'transferred') return false;
      if (settlement.state === 'released')
        throw new ConflictError(`Trade ${req.tradeId} was already released`);

      const held = await reservationsOf(tx, req.tradeId);
      const locked = await lockEntries(
        tx,
        [...req.fromItems, ...req.toItems].map((i) => i.inventoryId),
      );
      for (const item of req.fromItems)
        if ((held.get(item.inventoryId) ?? 0) < item.quantity)
          throw new ConflictError(`Inventory item ${item.inventoryId} is not held in escrow for this trade`);
      const from = checkSide('from', req.fromItems, locked, req.fromUserId, held, true);
      const to = checkSide('to', req.toItems, locked, req.toUserId, new Map(), true);

      // Both sides' copies leave their entries, with the escrow the trade held (and any escrow of
      // it the request did not name goes back too).
      const changes = new Map<number, { id: number; quantity: number; reserved: number }>();
      for (const [id, quantity] of held) changes.set(id, { id, quantity: 0, reserved: -quantity });
      for (const item of [...from, ...to]) {
        const change = changes.get(item.inventoryId) ?? { id: item.inventoryId, quantity: 0, reserved: 0 };
        change.quantity -= item.quantity;
        changes.set(item.inventoryId, change);
      }
      await adjustEntries(tx, [...changes.values()]);
      await tx.delete(reservations).where(eq(reservations.tradeId, req.tradeId));

      const moves = [
        ...from.map((i) => ({ item: i, fromUserId: req.fromUserId, toUserId: req.toUserId, escrowed: true })),
        ...to.map((i) => ({ item: i, fromUserId: req.toUserId, toUserId: req.fromUserId, escrowed: false })),
      ]
        .map((m) => ({ ...m, cardId: m.item.cardId, quantity: m.item.quantity }))
        .sort((a, b) => a.toUserId - b.toUserId || a.cardId - b.cardId);
      const entryIds = await addCopies(tx, moves);
      const moved = [];
      for (const m of moves) {
        const printNumbers = await moveCopies(tx, req.tradeId, {
          fromEntryId: m.item.inventoryId,
          toEntryId: entryIds.get(`${m.toUserId}:${m.cardId}`)!,
          quantity: m.quantity,
          escrowed: m.escrowed,
        });
        moved.push({
          cardId: m.cardId,
          fromUserId: m.fromUserId,
          toUserId: m.toUserId,
          quantity: m.quantity,
          printNumbers,
        });
      }
      // Escrow of this trade the request did not name goes back with the reservations.
      await tx.update(copies).set({ tradeId: null }).where(eq(copies.tradeId, req.tradeId));
      if (moved.length > 0)
        await tx
          .insert(movements)
          .values(moved.map((m) => ({ ...m, kind: 'trade' as const, tradeId: req.tradeId })));
      await setState(tx, req.tradeId, 'transferred');
      await enqueue(tx, outbox, makeEvent(inventoryTransferred, { tradeId: req.tradeId, moves: moved }));
      return true;
    }),
  );
}
