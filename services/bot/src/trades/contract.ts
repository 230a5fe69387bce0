import { tradeAccepted, tradeCancelled, tradeDeclined } from '@acg/contracts';

/**
 * The trades contracts the bot uses (packages/contracts/src/trades.ts). The bot reads only a few
 * fields of each (ids, items' side, quantity and character name, description, status).
 */
export { TRADE_ACTIONS, type TradeAction, tradeCreated, tradesAct } from '@acg/contracts';

/**
 * The outcomes the bot tells Discord users about. trade.expired is not among them: the offer DM
 * keeps its buttons, and a click on an expired trade gets the trades service's refusal.
 */
export const tradeOutcomes = {
  accepted: tradeAccepted,
  declined: tradeDeclined,
  cancelled: tradeCancelled,
} as const;
