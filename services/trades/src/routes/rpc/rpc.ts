import { tradesAct } from '@acg/contracts';
import type { Bus, Subscription } from '@acg/platform';
import type { TradeFlow } from '../../domain/trade-flow';

/** trades.act: the bot's Accept and Decline buttons act as the clicking user, under the same rules. */
export function serveTradesRpc(bus: Bus, flow: TradeFlow): Subscription[] {
  return [
    bus.serve(tradesAct, async ({ tradeId, userId, action }) => ({
      trade: await flow.act({ userId, ip: null }, tradeId, action),
    })),
  ];
}
