import { createTradeBodySchema, TRADE_ACTIONS, tradeSchema } from '@acg/contracts';
import { isTradeRefusal, tradeRefusalText } from '@acg/i18n/server';
import {
  clientIpOf,
  type Database,
  type HttpServer,
  refusalsInCallersLanguage,
  requireUser,
} from '@acg/platform';
import { z } from 'zod';
import type { TradeFlow } from '../../domain/trade-flow';
import { findUserTrades } from '../../repository/trades';
import { idParam, statusQuery } from '../params';

/**
 * The member's trade calls (requirements M7), in their own scope: a refusal (ours or inventory's, by
 * `details.reason`) is answered in the caller's language, since the trade page shows the
 * server's text (requirements M8, rules §34).
 */
export function registerTradeRoutes(app: HttpServer, deps: { database: Database; flow: TradeFlow }): void {
  const { database, flow } = deps;
  refusalsInCallersLanguage(app, (details, language) =>
    isTradeRefusal(details.reason) ? tradeRefusalText(details.reason, language, details) : undefined,
  );

  app.get(
    '/trade/api/my',
    {
      schema: {
        querystring: z.object({ status: statusQuery }),
        response: { 200: z.array(tradeSchema) },
      },
    },
    async (req) => flow.view(await findUserTrades(database.db, requireUser(req), req.query.status)),
  );

  app.post(
    '/trade/api',
    { schema: { body: createTradeBodySchema, response: { 201: tradeSchema } } },
    async (req, reply) => {
      const userId = requireUser(req);
      const trade = await flow.create({ userId, ip: clientIpOf(req) }, req.body);
      return reply.code(201).send(trade);
    },
  );

  app.post(
    '/trade/api/:id/:action',
    {
      schema: {
        params: z.object({ id: idParam, action: z.enum(TRADE_ACTIONS) }),
        response: { 200: tradeSchema },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      return flow.act({ userId, ip: clientIpOf(req) }, req.params.id, req.params.action);
    },
  );
}
