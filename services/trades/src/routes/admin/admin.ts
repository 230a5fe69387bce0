import {
  auditRecorded,
  TRADE_STATUSES,
  tradeCleanupSchema,
  tradeListSchema,
  tradeSchema,
  tradeStatsSchema,
} from '@acg/contracts';
import {
  clientIpOf,
  type Database,
  enqueue,
  type HttpServer,
  makeEvent,
  type OutboxRelay,
  requireUser,
} from '@acg/platform';
import { z } from 'zod';
import { outbox } from '../../db/schema';
import { SERVICE, type TradeFlow } from '../../domain/trade-flow';
import { publicStatus } from '../../domain/trade-view';
import { countByState, deleteExpired, findAllTrades, findUserTrades } from '../../repository/trades';
import type { Sweep } from '../../sweep/sweep';
import { idParam, limitQuery, offsetQuery, statusQuery } from '../params';

/** Start of the current day in UTC ("today" of the stats; docs/rules.md §34). */
const startOfToday = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** Trade monitoring (requirements O2.5, O7) and the user modal's trades tab (§2.2). */
export function registerAdminTradeRoutes(
  app: HttpServer,
  deps: { database: Database; flow: TradeFlow; sweep: Sweep; relay: OutboxRelay },
): void {
  const { database, flow, sweep, relay } = deps;

  app.get('/trade/api/admin/stats', { schema: { response: { 200: tradeStatsSchema } } }, async (_req) => {
    const byStatus: Record<string, number> = Object.fromEntries(TRADE_STATUSES.map((s) => [s, 0]));
    let total = 0;
    for (const { status, n } of await countByState(database.db)) {
      const s = publicStatus(status);
      byStatus[s] = (byStatus[s] ?? 0) + n;
      total += n;
    }
    const today = (await countByState(database.db, startOfToday())).reduce((sum, r) => sum + r.n, 0);
    return { total, today, byStatus };
  });

  app.get(
    '/trade/api/admin/all',
    {
      schema: {
        querystring: z.object({ limit: limitQuery, offset: offsetQuery, status: statusQuery }),
        response: { 200: tradeListSchema },
      },
    },
    async (req) => {
      const { rows, count } = await findAllTrades(database.db, req.query);
      return { rows: await flow.view(rows), count };
    },
  );

  // Expires what is overdue (giving the escrow back), then removes every expired trade.
  app.post('/trade/api/admin/cleanup', { schema: { response: { 200: tradeCleanupSchema } } }, async (req) => {
    const adminId = requireUser(req);
    await sweep.expireOverdue();
    const ids = await database.transaction(async (tx) => {
      const removed = await deleteExpired(tx);
      await enqueue(
        tx,
        outbox,
        makeEvent(auditRecorded, {
          actorId: adminId,
          ip: clientIpOf(req),
          service: SERVICE,
          action: 'trade.cleanup',
          category: 'trades',
          description: `Removed ${removed.length} expired trades`,
          targetType: 'trade',
          targetId: null,
          after: { cleanedCount: removed.length, ids: removed.slice(0, 100) },
        }),
      );
      return removed;
    });
    relay.kick();
    return { cleanedCount: ids.length };
  });

  app.get(
    '/admin/users/:id/trades',
    { schema: { params: z.object({ id: idParam }), response: { 200: z.array(tradeSchema) } } },
    async (req) => {
      return flow.view(await findUserTrades(database.db, req.params.id));
    },
  );
}
