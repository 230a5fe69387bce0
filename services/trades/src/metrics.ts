import { type Database, readGauge } from '@acg/platform';
import { count } from 'drizzle-orm';
import { TRADE_ROW_STATES, tradeRows } from './db/schema';

/**
 * Trades by state, read from the table at each scrape (issue 26): `pending` is the offers waiting
 * for an answer, `opening` and `accepting` the steps the sweep heals, and the growth of
 * `accepted` and `failed` over a window the accepted trades and the failures per minute (the
 * dashboards take `delta`). Every state is reported, 0 when no trade is in it.
 */
export const tradeMetrics = (database: Database) =>
  readGauge({
    name: 'acg_trades_by_status',
    help: 'Trades in each state',
    labelNames: ['status'],
    read: async () => {
      const rows = await database.db
        .select({ status: tradeRows.status, n: count() })
        .from(tradeRows)
        .groupBy(tradeRows.status);
      const found = new Map(rows.map((r) => [r.status, r.n]));
      return TRADE_ROW_STATES.map((status) => ({ labels: { status }, value: found.get(status) ?? 0 }));
    },
  });
