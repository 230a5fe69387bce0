import { defineEvent, defineRpc } from '@acg/contracts';
import { z } from 'zod';

/**
 * PROVISIONAL: the trades contracts as the bot was designed against them (helper trades-core
 * owns `packages/contracts/src/trades.ts`, which did not exist yet). At merge, re-export the real
 * `tradeCreated` and `tradesAct` from @acg/contracts here; the bot reads only the fields below.
 */
export const TRADE_ACTIONS = ['accept', 'decline', 'cancel'] as const;
export type TradeAction = (typeof TRADE_ACTIONS)[number];

const tradeItemSchema = z
  .object({
    side: z.enum(['from', 'to']),
    quantity: z.number().int().positive().default(1),
    /** Shown in the DM when the event carries it. */
    characterName: z.string().optional(),
  })
  .passthrough();

/** trade.created: a user offered a trade to another user. */
export const tradeCreated = defineEvent(
  'trade.created',
  z
    .object({
      id: z.number().int().positive(),
      fromUserId: z.number().int().positive(),
      toUserId: z.number().int().positive(),
      items: z.array(tradeItemSchema).default([]),
      description: z.string().nullish(),
    })
    .passthrough(),
);

const settledData = z
  .object({
    id: z.number().int().positive(),
    fromUserId: z.number().int().positive(),
    toUserId: z.number().int().positive(),
  })
  .passthrough();
/** A trade left "pending": the recipient accepted or declined it, or the sender cancelled it. */
export const tradeAccepted = defineEvent('trade.accepted', settledData);
export const tradeDeclined = defineEvent('trade.declined', settledData);
export const tradeCancelled = defineEvent('trade.cancelled', settledData);
export const tradeOutcomes = {
  accepted: tradeAccepted,
  declined: tradeDeclined,
  cancelled: tradeCancelled,
} as const;

/** trades.act: `userId` accepts, declines or cancels trade `tradeId` (the trades service checks who may). */
export const tradesAct = defineRpc(
  'trades.act',
  z.object({
    tradeId: z.number().int().positive(),
    userId: z.number().int().positive(),
    action: z.enum(TRADE_ACTIONS),
  }),
  z
    .object({
      trade: z
        .object({ id: z.number().int(), status: z.enum(['pending', 'accepted', 'declined', 'cancelled']) })
        .passthrough(),
    })
    .passthrough(),
);
