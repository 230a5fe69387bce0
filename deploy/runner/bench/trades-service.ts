/**
 * Trade creation and acceptance against the trades service itself (with the real inventory on
 * the same bus), without the gateway and the rest of the system: what the two services cost.
 *
 *   pnpm exec tsx deploy/runner/bench/trades-service.ts [--trades 2000] [--connections 10]
 *
 * Fresh databases (DATABASE_URL's server, else embedded PostgreSQL); NATS when NATS_URL is set.
 * Two users with 500 cards of 20 copies each; prints req/s, p50 and p99 of each phase.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { asUser, startTradesHarness } from '../src/testing/trades-harness';

const { values } = parseArgs({
  options: { trades: { type: 'string', default: '2000' }, connections: { type: 'string', default: '10' } },
});
const total = Number(values.trades);
const connections = Number(values.connections);
const h = await startTradesHarness();
try {
  h.addUsers(1, 2);
  const cards = Array.from({ length: 1000 }, (_, i) => i + 1);
  await h.addCards(...cards);
  const give = async (userId: number, ids: number[]) =>
    (
      await h.inventoryDb.pool.query<{ id: number }>(
        `insert into inventory.entries (user_id, card_id, quantity) select $1, c, 20 from unnest($2::int[]) c returning id`,
        [userId, ids],
      )
    ).rows.map((r) => r.id);
  const a = await give(1, cards.slice(0, 500));
  const b = await give(2, cards.slice(500));
  const report = (title: string, r: autocannon.Result) =>
    console.log(
      `${title.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(5)} ms   2xx ${r['2xx']}   non-2xx ${r.non2xx}`,
    );
  let n = 0;
  report(
    'POST /trade/api (create)',
    await autocannon({
      url: `${h.url}/trade/api`,
      connections,
      amount: total,
      requests: [
        {
          method: 'POST',
          headers: { ...asUser(1), 'content-type': 'application/json' },
          setupRequest: (req) => {
            const i = n++;
            return {
              ...req,
              body: JSON.stringify({
                toUserId: 2,
                fromItems: [{ inventoryId: a[i % a.length], quantity: 1 }],
                toItems: [{ inventoryId: b[(i * 7) % b.length], quantity: 1 }],
              }),
            };
          },
        },
      ],
    }),
  );
  const ids = (
    await h.tradesDb.pool.query<{ id: number }>(`select id from trades.trades where status = 'pending'`)
  ).rows.map((r) => r.id);
  let k = 0;
  report(
    'POST /trade/api/{id}/accept',
    await autocannon({
      url: h.url,
      connections,
      amount: ids.length,
      requests: [
        {
          method: 'POST',
          headers: asUser(2),
          setupRequest: (req) => ({ ...req, path: `/trade/api/${ids[k++ % ids.length]}/accept` }),
        },
      ],
    }),
  );
} finally {
  await h.close();
}
process.exit(0);
