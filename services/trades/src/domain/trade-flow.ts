import {
  type AuditRecordInput,
  auditRecorded,
  type CreateTradeBody,
  inventoryTradeRelease,
  inventoryTradeReserve,
  inventoryTradeTransfer,
  type Trade,
  type TradeAction,
  type TradeItemFacts,
  type TradeUser,
  tradeCreated,
  tradeOutcomes,
  usersGet,
} from '@acg/contracts';
import { tradeRefusal } from '@acg/i18n/server';
import {
  AppError,
  type Bus,
  type Database,
  enqueue,
  type Logger,
  makeEvent,
  NotFoundError,
  type OutboxRelay,
  type Tx,
  UnavailableError,
} from '@acg/platform';
import { outbox, type TradeRowState } from '../db/schema';
import {
  deleteOpening,
  findItems,
  findTrade,
  insertItems,
  insertOpening,
  lockTrade,
  markReleased,
  moveTrade,
} from '../repository/trades';
import { checkAction, checkNewTrade } from './rules';
import { type TradeItemRow, type TradeRow, toTrade, unknownUser } from './trade-view';

export const SERVICE = 'trades';

/** Who did something: a signed-in user from a request (with the address), or the system. */
export interface Actor {
  userId: number | null;
  ip: string | null;
}

export interface TradeFlowDeps {
  database: Database;
  bus: Bus;
  relay: OutboxRelay;
  logger: Logger;
  ttlHours: number;
  inventoryTimeoutMs: number;
}

/** A refusal from another service (bad input, a conflict) as opposed to it being unreachable. */
const isRefusal = (err: unknown): err is AppError =>
  err instanceof AppError && err.status >= 400 && err.status < 500;

const auditEvent = (actor: Actor, fields: Omit<AuditRecordInput, 'actorId' | 'ip' | 'service'>) =>
  makeEvent(auditRecorded, { ...fields, actorId: actor.userId, ip: actor.ip, service: SERVICE });

const outcomeOf: Partial<Record<TradeRowState, keyof typeof tradeOutcomes>> = {
  accepted: 'accepted',
  declined: 'declined',
  cancelled: 'cancelled',
  expired: 'expired',
};

type Deps = TradeFlowDeps;
const rpcOptions = (deps: Deps) => ({ timeoutMs: deps.inventoryTimeoutMs });
const tradeUserOf = (u: TradeUser) => ({
  id: u.id,
  username: u.username,
  ...(u.displayName ? { displayName: u.displayName } : {}),
  avatar: u.avatar,
  discordId: u.discordId,
});

/** Users' names and avatars from auth; none (ids shown) while auth is away. */
async function usersOf(deps: Deps, ids: number[]): Promise<Map<number, TradeUser>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  try {
    const { users } = await deps.bus.request(usersGet, { ids: unique });
    return new Map(users.map((u) => [u.id, tradeUserOf(u)]));
  } catch (err) {
    // Names are decoration on a read: a trade list still answers while auth is away.
    deps.logger.warn({ err }, 'user names unavailable; trades shown with ids');
    return new Map();
  }
}

/** Trades in the spec's shape, with their items and both users. */
async function view(deps: Deps, rows: TradeRow[], known?: Map<number, TradeUser>): Promise<Trade[]> {
  const items = await findItems(
    deps.database.db,
    rows.map((r) => r.id),
  );
  const byTrade = new Map<number, TradeItemRow[]>();
  for (const i of items) byTrade.set(i.tradeId, [...(byTrade.get(i.tradeId) ?? []), i]);
  const ids = rows.flatMap((r) => [r.fromUserId, r.toUserId]);
  const users = known && ids.every((id) => known.has(id)) ? known : await usersOf(deps, ids);
  return rows.map((r) => toTrade(r, byTrade.get(r.id) ?? [], users));
}

/** Writes a trade's outcome event and its audit event (inside the transaction of the change). */
async function recordOutcome(tx: Tx, row: TradeRow, actor: Actor, before: TradeRowState): Promise<void> {
  const outcome = outcomeOf[row.status];
  if (!outcome) return;
  await enqueue(
    tx,
    outbox,
    makeEvent(tradeOutcomes[outcome], {
      id: row.id,
      fromUserId: row.fromUserId,
      toUserId: row.toUserId,
      status: outcome,
      by: actor.userId,
    }),
  );
  await enqueue(
    tx,
    outbox,
    auditEvent(actor, {
      action: `trade.${outcome}`,
      category: 'trades',
      description:
        outcome === 'expired'
          ? `Trade #${row.id} expired`
          : `Trade #${row.id} ${outcome} by user ${actor.userId ?? 'system'}`,
      targetType: 'trade',
      targetId: String(row.id),
      before: { status: before === 'accepting' ? 'pending' : before },
      // The parties, so the log names them (issue 28).
      after: { status: outcome, fromUserId: row.fromUserId, toUserId: row.toUserId },
    }),
  );
}

/** What inventory is asked about a trade's items: the sender's side and the recipient's. */
const itemsRequest = (
  row: TradeRow,
  items: Array<{ side: string; inventoryId: number; quantity: number }>,
) => {
  const side = (name: string) =>
    items.filter((i) => i.side === name).map(({ inventoryId, quantity }) => ({ inventoryId, quantity }));
  return {
    tradeId: row.id,
    fromUserId: row.fromUserId,
    toUserId: row.toUserId,
    fromItems: side('from'),
    toItems: side('to'),
  };
};

/** Gives a trade's escrow back and notes it; a failure is left to the sweep. */
async function release(deps: Deps, row: TradeRow): Promise<void> {
  try {
    await deps.bus.request(inventoryTradeRelease, { tradeId: row.id }, rpcOptions(deps));
    await markReleased(deps.database.db, row.id);
  } catch (err) {
    deps.logger.warn({ err, tradeId: row.id }, 'escrow release failed; the sweep retries it');
  }
}

/**
 * Step 2 of making a trade: inventory checks both sides and reserves the sender's copies
 * (idempotent by trade id). A refusal removes the opening row (only while still opening: the
 * sweep may have taken it) and is the caller's answer; anything else leaves it to the sweep.
 */
async function reserve(deps: Deps, opening: TradeRow, body: CreateTradeBody): Promise<TradeItemFacts[]> {
  try {
    const { items } = await deps.bus.request(
      inventoryTradeReserve,
      {
        tradeId: opening.id,
        fromUserId: opening.fromUserId,
        toUserId: body.toUserId,
        fromItems: body.fromItems,
        toItems: body.toItems,
      },
      rpcOptions(deps),
    );
    return items;
  } catch (err) {
    if (isRefusal(err)) await deleteOpening(deps.database.db, opening.id);
    throw err;
  }
}

/** Step 3: the opening row becomes pending with its items, trade.created and its audit event. */
function makePending(deps: Deps, actor: Actor, openingId: number, items: TradeItemFacts[]) {
  return deps.database.transaction(async (tx) => {
    const pending = await moveTrade(tx, openingId, ['opening'], 'pending');
    if (!pending) return undefined;
    await insertItems(tx, pending.id, items);
    await enqueue(
      tx,
      outbox,
      makeEvent(tradeCreated, {
        id: pending.id,
        fromUserId: pending.fromUserId,
        toUserId: pending.toUserId,
        items: items.map((i) => ({
          side: i.side,
          quantity: i.quantity,
          inventoryId: i.inventoryId,
          cardId: i.cardId,
          characterName: i.characterName,
          imageUrl: i.imageUrl,
        })),
        description: pending.description,
        message: pending.message,
        expiresAt: pending.expiresAt.toISOString(),
      }),
    );
    await enqueue(
      tx,
      outbox,
      auditEvent(actor, {
        action: 'trade.created',
        category: 'trades',
        description: `Trade #${pending.id} offered by user ${pending.fromUserId} to user ${pending.toUserId}`,
        targetType: 'trade',
        targetId: String(pending.id),
        after: {
          status: 'pending',
          fromUserId: pending.fromUserId,
          toUserId: pending.toUserId,
          items: items.map((i) => ({ side: i.side, cardId: i.cardId, quantity: i.quantity })),
        },
      }),
    );
    return pending;
  });
}

/**
 * Makes a trade: 1. the row, `opening`; 2. inventory checks both sides and reserves the
 * sender's copies (idempotent by trade id); 3. the row becomes pending with its items, and
 * trade.created with the audit event are written. A refusal in 2 marks the row failed and is
 * the caller's answer; a crash or timeout after 1 leaves `opening`, which the sweep releases.
 */
async function create(deps: Deps, actor: Actor & { userId: number }, body: CreateTradeBody): Promise<Trade> {
  checkNewTrade(actor.userId, body);
  const { users } = await deps.bus.request(usersGet, { ids: [actor.userId, body.toUserId] });
  if (!users.some((u) => u.id === body.toUserId))
    throw new NotFoundError(...tradeRefusal('recipientNotFound', { toUserId: body.toUserId }));
  const opening = await deps.database.transaction((tx) =>
    insertOpening(tx, {
      fromUserId: actor.userId,
      toUserId: body.toUserId,
      description: body.description || null,
      message: body.message || null,
      ttlHours: deps.ttlHours,
    }),
  );
  const items = await reserve(deps, opening, body);
  const row = await makePending(deps, actor, opening.id, items);
  // The sweep gave up on this opening while inventory was slow: it released the escrow.
  if (!row) throw new UnavailableError(...tradeRefusal('notCompleted'));
  deps.relay.kick();
  return (await view(deps, [row], new Map(users.map((u) => [u.id, tradeUserOf(u)]))))[0]!;
}

/**
 * Accepting: 1. the row becomes `accepting` (so no cancel, decline, expiry or second accept
 * can start); 2. inventory moves both sides' copies in one transaction, once per trade id;
 * 3. the row becomes accepted and trade.accepted with the audit event are written. When
 * inventory refuses (the recipient's copies are gone) the row goes back to pending and nothing
 * moved; when inventory cannot be reached the row stays `accepting` and the sweep finishes it.
 */
async function finishAccept(deps: Deps, row: TradeRow, actor: Actor): Promise<TradeRow> {
  const { database } = deps;
  const items = await findItems(database.db, [row.id]);
  try {
    await deps.bus.request(inventoryTradeTransfer, itemsRequest(row, items), rpcOptions(deps));
  } catch (err) {
    if (isRefusal(err)) {
      await database.transaction((tx) => moveTrade(tx, row.id, ['accepting'], 'pending'));
      throw err;
    }
    deps.logger.warn({ err, tradeId: row.id }, 'transfer not confirmed; the sweep finishes the accept');
    throw new UnavailableError(...tradeRefusal('acceptInProgress'));
  }
  const done = await database.transaction(async (tx) => {
    const accepted = await moveTrade(tx, row.id, ['accepting'], 'accepted', { settled: true });
    if (accepted) await recordOutcome(tx, accepted, actor, 'pending');
    return accepted;
  });
  deps.relay.kick();
  return done ?? (await findTrade(database.db, row.id)) ?? row;
}

/** Accept, decline or cancel by a member (through HTTP or the bot's buttons). */
async function act(
  deps: Deps,
  actor: Actor & { userId: number },
  tradeId: number,
  action: TradeAction,
): Promise<Trade> {
  const now = new Date();
  const to: TradeRowState =
    action === 'accept' ? 'accepting' : action === 'decline' ? 'declined' : 'cancelled';
  const row = await deps.database.transaction(async (tx) => {
    const current = await lockTrade(tx, tradeId);
    if (!current || current.status === 'opening' || current.status === 'failed')
      throw new NotFoundError(...tradeRefusal('tradeNotFound', { tradeId }));
    checkAction(current, actor.userId, action, now);
    const moved = await moveTrade(tx, tradeId, ['pending'], to, {
      releasePending: action !== 'accept',
      settled: action !== 'accept',
    });
    if (!moved) throw new Error(`trade ${tradeId} locked as pending but not moved`);
    await recordOutcome(tx, moved, actor, current.status);
    return moved;
  });
  if (action === 'accept') return (await view(deps, [await finishAccept(deps, row, actor)]))[0]!;
  deps.relay.kick();
  await release(deps, row);
  return (await view(deps, [row]))[0]!;
}

/**
 * What happens to trades, step by step (docs/rules.md §34). Every step that changes a trade
 * commits its row and its events (trade.* and audit.recorded, through the outbox) together;
 * the steps in inventory are idempotent by trade id, so a crash between two steps is healed by
 * doing the remaining steps again (the sweep in sweep.ts, or the same request again).
 */
export function createTradeFlow(deps: TradeFlowDeps) {
  const viewOne = async (row: TradeRow, known?: Map<number, TradeUser>) =>
    (await view(deps, [row], known))[0]!;
  return {
    create: (actor: Actor & { userId: number }, body: CreateTradeBody) => create(deps, actor, body),
    act: (actor: Actor & { userId: number }, tradeId: number, action: TradeAction) =>
      act(deps, actor, tradeId, action),
    view: (rows: TradeRow[], known?: Map<number, TradeUser>) => view(deps, rows, known),
    viewOne,
    finishAccept: (row: TradeRow, actor: Actor) => finishAccept(deps, row, actor),
    release: (row: TradeRow) => release(deps, row),
    recordOutcome,
    usersOf: (ids: number[]) => usersOf(deps, ids),
    unknownUser,
  };
}
export type TradeFlow = ReturnType<typeof createTradeFlow>;
