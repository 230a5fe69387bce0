import {
  type CreateTradeBody,
  MAX_TRADE_ITEMS_PER_SIDE,
  type TradeAction,
  type TradeItemInput,
} from '@acg/contracts';
import { type TradeRefusal, tradeRefusal } from '@acg/i18n/server';
import { AuthorizationError, ConflictError, ValidationError } from '@acg/platform';
import type { TradeRowState } from '../db/schema';

/**
 * The rules of making a trade that need no database (docs/rules.md §34): a recipient other than
 * the sender, at least one item, at most MAX_TRADE_ITEMS_PER_SIDE per side, each inventory entry
 * once (its quantity says how many copies).
 */
export function checkNewTrade(fromUserId: number, body: CreateTradeBody): void {
  if (body.toUserId === fromUserId) throw new ValidationError(...tradeRefusal('selfTrade'));
  const items: TradeItemInput[] = [...body.fromItems, ...body.toItems];
  if (items.length === 0) throw new ValidationError(...tradeRefusal('noItems'));
  for (const side of ['fromItems', 'toItems'] as const)
    if (body[side].length > MAX_TRADE_ITEMS_PER_SIDE)
      throw new ValidationError(...tradeRefusal('tooManyItems', { max: MAX_TRADE_ITEMS_PER_SIDE }));
  const seen = new Set<number>();
  for (const item of items) {
    if (seen.has(item.inventoryId))
      throw new ValidationError(...tradeRefusal('listedTwice', { inventoryId: item.inventoryId }));
    seen.add(item.inventoryId);
  }
}

export interface TradeParties {
  fromUserId: number;
  toUserId: number;
  status: TradeRowState;
  expiresAt: Date;
}

const settled: Partial<Record<TradeRowState, TradeRefusal>> = {
  accepted: 'alreadyAccepted',
  declined: 'alreadyDeclined',
  cancelled: 'alreadyCancelled',
  expired: 'expired',
  accepting: 'beingAccepted',
};

/**
 * Who may do what (docs/rules.md §34): the recipient accepts or declines, the sender cancels,
 * and only a pending trade that has not passed its expiry. A user who is neither party gets 403;
 * a party asking for the other party's action gets 403; a trade no longer pending gets 409.
 */
export function checkAction(trade: TradeParties, userId: number, action: TradeAction, now: Date): void {
  const isSender = trade.fromUserId === userId;
  const isRecipient = trade.toUserId === userId;
  if (!isSender && !isRecipient) throw new AuthorizationError(...tradeRefusal('notYourTrade'));
  if (action === 'cancel' && !isSender) throw new AuthorizationError(...tradeRefusal('onlySenderCancels'));
  if (action !== 'cancel' && !isRecipient)
    throw new AuthorizationError(
      ...tradeRefusal(action === 'accept' ? 'onlyRecipientAccepts' : 'onlyRecipientDeclines'),
    );
  if (trade.status !== 'pending')
    throw new ConflictError(...tradeRefusal(settled[trade.status] ?? 'notPending', { status: trade.status }));
  if (trade.expiresAt.getTime() <= now.getTime()) throw new ConflictError(...tradeRefusal('expired'));
}
