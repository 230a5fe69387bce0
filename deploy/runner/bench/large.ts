/**
 * Benchmarks with the large seed, through the gateway, one run each (issue "collection core"):
 *   - the trivial gateway route (GET /api/stats) as the baseline;
 *   - GET /api/characters without a filter, with a rank filter, and one page (limit=60);
 *   - card image cold render time (median of 100 different cards) and cached hits per second.
 *
 *   pnpm exec tsx deploy/runner/bench/large.ts [--duration 10] [--connections 20]
 *
 * Seeds ~5,000 users, ~20,000 characters, ~60,000 cards and inventories with likes into a fresh
 * database (DATABASE_URL's server, or an embedded PostgreSQL), starts the embedded system on it
 * and measures with wrk (a C client: autocannon decodes every body into a string, which made it,
 * not the server, the limit for the megabyte-sized list). The peer is Debian's nginx (one
 * worker) serving the same bytes from files: the stats answer and the gzipped unpaged list,
 * which shows what the list's size alone allows. Prints figures; asserts nothing.
 */

import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureWrk, type LoadResult, load, nginxVersion, startNginx } from '@acg/bench';
import { createLogger } from '@acg/platform';
import { createTestDatabase } from '@acg/platform/testing';
import { startEmbedded } from '../src/embedded';
import { signIn } from '../src/testing/sign-in';
import { seedLarge } from './large-seed';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const logger = createLogger('bench', 'warn');
/** One GET, its headers and its body's bytes exactly as they came. */
const rawGet = (url: string, headers: Record<string, string>) =>
  new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.once('error', reject);
    }).once('error', reject);
  });
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

const db = await createTestDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'acg-bench-'));
try {
  let t0 = performance.now();
  const { users, cards } = await seedLarge(db.url, logger);
  console.log(
    `seeded ${users.length} users, ${cards.length} cards (+ inventories, likes) in ${seconds(t0)} s`,
  );

  const system = await startEmbedded({
    env: { ...process.env, DATABASE_URL: db.url, RATE_LIMIT_ENABLED: 'false', SEED_DEMO_CATALOGUE: 'false' },
    dataDir,
    port: 0,
    ephemeralPorts: true,
    logLevel: 'warn',
  });
  try {
    const cookie = await signIn(system.url, 'sakura_fan');
    ensureWrk();
    const rows: { title: string; r: LoadResult }[] = [];
    const run = async (title: string, url: string, headers: Record<string, string> = {}) => {
      const r = await load({ url, headers, connections, durationSeconds: duration });
      rows.push({ title, r });
      console.log(
        `${title.padEnd(52)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50ms.toFixed(2).padStart(7)} ms   p99 ${r.p99ms.toFixed(1).padStart(7)} ms   errors ${r.errors}`,
      );
      return r;
    };
    // The answers' bytes as sent (node:http does not decompress), for the nginx peer.
    const gzipped = await rawGet(`${system.url}/api/characters`, { cookie, 'accept-encoding': 'gzip' });
    const gzipBytes = gzipped.body;
    const plainBytes = (await rawGet(`${system.url}/api/characters`, { cookie })).body.length;
    const stats = (await rawGet(`${system.url}/api/stats`, {})).body;
    console.log(
      `\nunpaged GET /api/characters: ${(plainBytes / 1e6).toFixed(1)} MB of JSON, ${(gzipBytes.length / 1e6).toFixed(2)} MB gzipped (${gzipped.headers['content-encoding']})`,
    );
    // The peer: nginx serving the same bytes from files (one worker, no proxying).
    const nginx = await startNginx(
      {
        http: `  server {
    listen 127.0.0.1:$PORT;
    default_type application/json;
    location = /api/stats { alias $DIR/stats.json; }
    location = /api/characters { alias $DIR/characters.json.gz; add_header Content-Encoding gzip; }
  }`,
        readyPath: '/api/stats',
      },
      (dir) => {
        writeFileSync(join(dir, 'stats.json'), stats);
        writeFileSync(join(dir, 'characters.json.gz'), gzipBytes);
      },
    );
    console.log(`\nwrk -t1, ${connections} connections, ${duration} s each:`);
    try {
      await run('nginx: the stats bytes from a file', `${nginx.url}/api/stats`);
      await run('nginx: the unpaged list gzipped, from a file', `${nginx.url}/api/characters`, {
        'accept-encoding': 'gzip',
      });
    } finally {
      await nginx.stop();
    }
    const trivial = await run('GET /api/stats (trivial baseline)', `${system.url}/api/stats`);
    await run('GET /api/characters (no filter)', `${system.url}/api/characters`, { cookie });
    const unpaged = await run('GET /api/characters (no filter, gzip)', `${system.url}/api/characters`, {
      cookie,
      'accept-encoding': 'gzip',
    });
    await run('GET /api/characters?rank_code=S', `${system.url}/api/characters?rank_code=S`, { cookie });
    await run('GET /api/characters?limit=60 (one page)', `${system.url}/api/characters?limit=60`, {
      cookie,
    });
    const [nginxTrivial, nginxList] = [rows[0]!.r, rows[1]!.r];
    console.log(
      `\nunpaged gzipped / trivial route: ${(unpaged.rps / trivial.rps).toFixed(3)}×, p99 ${unpaged.p99ms.toFixed(0)} ms ` +
        `(nginx serving the same bytes from files: ${(nginxList.rps / nginxTrivial.rps).toFixed(3)}×; ` +
        `ours / nginx's for the list: ${(unpaged.rps / nginxList.rps).toFixed(2)}×; ${nginxVersion()})`,
    );

    const sample = cards.filter((_, i) => i % Math.floor(cards.length / 100) === 0).slice(0, 100);
    const times: number[] = [];
    for (const card of sample) {
      t0 = performance.now();
      const res = await fetch(`${system.url}/api/cards/${card.id}/image`, {
        headers: { accept: 'image/webp' },
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`image ${card.id}: ${res.status}`);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `\ncard image cold render (WebP, ${times.length} different cards): median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, p95 ${times[Math.floor(times.length * 0.95)]!.toFixed(1)} ms`,
    );
    await run(
      `GET /api/cards/${sample[0]!.id}/image (cached hit)`,
      `${system.url}/api/cards/${sample[0]!.id}/image`,
      {
        accept: 'image/webp',
      },
    );
  } finally {
    await system.close();
  }
} finally {
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
}
