/**
 * The audit log over a million rows: the log list with filters (autocannon, p50/p99 and
 * requests/s per query) and the streamed CSV export (rows/s, bytes, peak RSS of this process,
 * which holds the service).
 *
 *   pnpm exec tsx services/admin/bench/logs.ts [--rows 1000000] [--duration 8] [--connections 10]
 *
 * Uses DATABASE_URL's server when set (a fresh database on it, dropped at the end), else
 * embedded PostgreSQL. The rows are written with one INSERT … SELECT generate_series (1,000
 * actors, six actions, one row every 30 s back from now), then ANALYZEd.
 */
import { parseArgs } from 'node:util';
import { IDENTITY_HEADER } from '@acg/contracts';
import {
  createLogger,
  createMemoryBus,
  createMemoryCache,
  openServiceDatabase,
  signIdentity,
} from '@acg/platform';
import { createTestDatabase } from '@acg/platform/testing';
import autocannon from 'autocannon';
import { adminConfigSchema } from '../src/config';
import { adminDatabase, start } from '../src/start';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
  },
});
const rows = Number(values.rows);
const duration = Number(values.duration);
const connections = Number(values.connections);
const SECRET = 'bench-secret-0123456789abcdef0123456789';

const logger = createLogger('admin-bench', 'silent');
const testDb = await createTestDatabase();
const database = await openServiceDatabase(adminDatabase, testDb.url, logger);
let t = performance.now();
await database.pool.query(`
  insert into admin.users (id, username, discord_id, avatar, admin_level, as_of)
  select g, 'Админ ' || g, (100000000000000000 + g)::text, null, case when g <= 10 then 3 else 0 end, now()
  from generate_series(1, 1000) g`);
await database.pool.query(
  `insert into admin.audit_log (event_id, actor_id, action, category, description, target_type, target_id, ip, service, created_at)
   select 'bench-' || g, (g % 1000) + 1,
     (array['card.deleted','card.updated','user.level-changed','news.created','trade.cleanup','setting.updated'])[1 + g % 6],
     (array['cards','cards','users','other','trades','system'])[1 + g % 6],
     'Действие администратора №' || g || ' над карточкой ' || (g % 5000),
     'card', (g % 5000)::text, '203.0.113.' || (g % 250), 'catalogue',
     now() - g * interval '30 seconds'
   from generate_series(1, $1::int) g`,
  [rows],
);
await database.pool.query('analyze admin.audit_log; analyze admin.users');
console.log(
  `seeded ${rows.toLocaleString('en')} audit rows in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);

const config = adminConfigSchema.parse({
  INTERNAL_SECRET: SECRET,
  PORT: '0',
  LOG_LEVEL: 'silent',
  RELAY_ENABLED: 'false',
});
const service = await start({
  config,
  logger,
  bus: createMemoryBus({ logger }),
  cache: createMemoryCache(),
  database,
  ownsInfra: false,
});
const headers = {
  [IDENTITY_HEADER]: signIdentity({ userId: 1, adminLevel: 3, language: 'ru' }, SECRET, 3600),
};
const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const queries: Array<[string, string]> = [
  ['first page, no filter', '/admin/logs?limit=50'],
  ['category, page 21', '/admin/logs?category=cards&limit=50&offset=1000'],
  ['action + last 7 days', `/admin/logs?action=user.level-changed&startDate=${day(7)}&limit=50`],
  [
    'Discord ID + date range',
    `/admin/logs?adminId=100000000000000007&startDate=${day(60)}&endDate=${day(30)}&limit=50`,
  ],
  ['sorted by administrator', '/admin/logs?sort=admin-asc&limit=50'],
  ['stats', '/admin/logs/stats'],
];

console.log(`\nlog list: ${connections} connections, ${duration} s each`);
console.log('query                          req/s    p50 ms   p99 ms   non-2xx');
for (const [name, path] of queries) {
  const result = await autocannon({ url: `${service.url}${path}`, headers, connections, duration });
  console.log(
    `${name.padEnd(30)} ${result.requests.average.toFixed(0).padStart(6)} ${String(result.latency.p50).padStart(9)} ${String(result.latency.p99).padStart(8)} ${String(result.non2xx).padStart(9)}`,
  );
}

for (const [name, path] of [
  ['all rows', '/admin/logs/export'],
  ['category=users', '/admin/logs/export?category=users'],
] as const) {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const rssBefore = process.memoryUsage().rss;
  t = performance.now();
  const res = await fetch(`${service.url}${path}`, { headers });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const seconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  const dataRows = lines - 1;
  console.log(
    `\nCSV export (${name}): ${dataRows.toLocaleString('en')} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(2)} s = ${Math.round(dataRows / seconds).toLocaleString('en')} rows/s; RSS ${(rssBefore / 1024 / 1024).toFixed(0)} → peak ${(peakRss / 1024 / 1024).toFixed(0)} MB`,
  );
}

await service.close();
await database.close();
await testDb.drop();
process.exit(0);
