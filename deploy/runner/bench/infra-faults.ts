/**
 * The infrastructure under load, restarted (issue 23; rules §48): anyone can rerun it.
 *
 *   pnpm exec tsx deploy/runner/bench/infra-faults.ts [--runtime .tmp/runtime] [--connections 10]
 *     [--down-seconds 3] [--port-offset 300] [--rounds 1]
 *
 * Starts its own PostgreSQL 15 (initdb in a temp folder, pg_ctl), Redis and NATS (JetStream with a
 * file store) on spare loopback ports — never the shared ones — and the distributed system on
 * them (from the sources through tsx, or from runtime trees with --runtime, as the image runs).
 * Under a mixed load (every service's routes) plus a stream of state changes (likes, trades
 * created and accepted), each dependency is taken down for --down-seconds and brought back:
 *   PostgreSQL stopped `-m fast`, then `-m immediate`, then started on the same data;
 *   Redis killed and started empty;
 *   NATS killed and started on its store.
 * Per fault it prints the requests sent, the failures by class (503, 500, other status, over
 * 10 s, connection reset) and the seconds from the dependency being back until every kind of
 * request answers again. Then it checks the invariants: no process exited; every acknowledged
 * like and trade is stored exactly once and every acknowledged accept settled; the copies of
 * every card are conserved; every outbox is drained; no consumer lags; no event was applied twice
 * (audit records per event id). Exit code 1 when a 500, a request over 10 s, a process exit or a
 * broken invariant was seen.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startDistributed } from '../src/distributed';
import { signIn } from '../src/testing/sign-in';
import { type Call, mixedCalls } from './mixed-load';

const { values } = parseArgs({
  options: {
    runtime: { type: 'string' },
    connections: { type: 'string', default: '10' },
    'down-seconds': { type: 'string', default: '3' },
    'port-offset': { type: 'string', default: '300' },
    'settle-seconds': { type: 'string', default: '6' },
    /** Each fault this many times, in turn. */
    rounds: { type: 'string', default: '1' },
  },
});
const connections = Number(values.connections);
const downMs = Number(values['down-seconds']) * 1000;
const settleMs = Number(values['settle-seconds']) * 1000;
const REQUEST_LIMIT_MS = 10_000;
const t0 = performance.now();
const at = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`[${at()}] ${line}`);

const isRoot = process.getuid?.() === 0;
const PG_BIN = '/usr/lib/postgresql/15/bin';
const work = mkdtempSync(join(tmpdir(), 'acg-infra-faults-'));
chmodSync(work, 0o755);
const logDir = resolve('.tmp', 'infra-faults-logs', String(Date.now()));
mkdirSync(logDir, { recursive: true });

const freePort = () =>
  new Promise<number>((done, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

// --- PostgreSQL: initdb and pg_ctl, as the postgres user when we are root ----------------------
const pgDir = join(work, 'pg');
const pgPort = await freePort();
const asPostgres = (cmd: string, args: string[]) =>
  execFileSync(isRoot ? 'runuser' : cmd, isRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
mkdirSync(pgDir, { mode: 0o700 });
if (isRoot) {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(pgDir, id('-u'), id('-g'));
}
asPostgres(join(PG_BIN, 'initdb'), [
  '-D',
  pgDir,
  '-U',
  'postgres',
  '--auth=trust',
  '-E',
  'UTF8',
  '--no-sync',
]);
const pgOptions = `-p ${pgPort} -c listen_addresses=127.0.0.1 -k ${pgDir} -c max_connections=300 -c fsync=off`;
const pgStart = () =>
  asPostgres(join(PG_BIN, 'pg_ctl'), [
    '-D',
    pgDir,
    '-l',
    join(pgDir, 'server.log'),
    '-o',
    pgOptions,
    '-w',
    'start',
  ]);
const pgStop = (mode: 'fast' | 'immediate') =>
  asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', pgDir, '-m', mode, '-w', 'stop']);
pgStart();
const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;

// --- Redis and NATS: processes of our own ------------------------------------------------------
const redisPort = await freePort();
const natsPort = await freePort();
const natsMonitorPort = await freePort();
const natsStore = join(work, 'nats');
const startProcess = async (cmd: string, args: string[], ready: RegExp): Promise<ChildProcess> => {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${cmd} did not start within 15 s`)), 15_000);
    const look = (chunk: Buffer) => {
      if (ready.test(chunk.toString())) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('error', fail);
  });
  return child;
};
const kill = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
};
const startRedis = () =>
  startProcess(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    /Ready to accept connections/,
  );
const startNats = () =>
  startProcess(
    'nats-server',
    ['-js', '-a', '127.0.0.1', '-p', String(natsPort), '-m', String(natsMonitorPort), '-sd', natsStore],
    /Server is ready/,
  );
let redis = await startRedis();
let nats = await startNats();
const natsUrl = `nats://127.0.0.1:${natsPort}`;
say(`own PostgreSQL :${pgPort}, Redis :${redisPort}, NATS :${natsPort} (work folder ${work})`);

let exitCode = 0;
const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
// The checks' own connections meet the outages too: they are not the subject.
db.on('error', () => {});
const system = await startDistributed({
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    NATS_URL: natsUrl,
    LOG_LEVEL: 'info',
    RATE_LIMIT_ENABLED: 'false',
  },
  portOffset: Number(values['port-offset']),
  logDir,
  readyTimeoutMs: 120_000,
  ...(values.runtime ? { runtimeRoot: values.runtime } : {}),
});
say(`system started: ${[...system.processes.keys()].join(', ')} (logs in ${logDir})`);

// Any exit of a process (the supervisor starts it again; it still counts).
const exits: string[] = [];
for (const [name, child] of system.processes) {
  child.once('exit', (code, signal) => {
    exits.push(`${name} (code ${code}, signal ${signal}) at ${at()}`);
  });
}

try {
  const base = system.url.replace('localhost', '127.0.0.1');
  let fan = await signIn(system.url, 'sakura_fan');
  let other = await signIn(system.url, 'admin_hikari');
  const idOf = async (cookie: string) =>
    ((await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as { user: { id: number } }).user
      .id;
  const [fanId, otherId] = [await idOf(fan), await idOf(other)];
  // Copies to trade: 1000 of each of 10 cards for each of the two members.
  const cardIds = (
    await db.query<{ id: number }>('select id from catalogue.cards order by id limit 20')
  ).rows.map((r) => r.id);
  const give = async (userId: number, cards: number[]) =>
    (
      await db.query<{ id: number }>(
        `insert into inventory.entries (user_id, card_id, quantity) select $1, c, 1000 from unnest($2::int[]) c
         on conflict (user_id, card_id) do update set quantity = inventory.entries.quantity + 1000 returning id`,
        [userId, cards],
      )
    ).rows.map((r) => r.id);
  const fanEntries = await give(fanId, cardIds.slice(0, 10));
  const otherEntries = await give(otherId, cardIds.slice(10, 20));
  const copies = async () =>
    (await db.query<{ n: number }>('select sum(quantity)::int as n from inventory.entries')).rows[0]!.n;
  const copiesBefore = await copies();

  // --- the load: the mixed calls, and state changes ----------------------------------------
  type Klass = 'ok' | '503' | '500' | 'other' | 'timeout' | 'reset';
  let phase = 'warm-up';
  const tally = new Map<string, Record<Klass, number>>();
  const count = (klass: Klass) => {
    let t = tally.get(phase);
    if (!t) {
      t = { ok: 0, '503': 0, '500': 0, other: 0, timeout: 0, reset: 0 };
      tally.set(phase, t);
    }
    t[klass]++;
  };
  const failures: string[] = [];
  const classify = (status: number, ok: number[]): Klass =>
    ok.includes(status) ? 'ok' : status === 503 ? '503' : status === 500 ? '500' : 'other';
  const request = async (name: string, url: string, init: RequestInit, ok: number[]) => {
    const began = performance.now();
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
      const body = await res.text();
      const klass = classify(res.status, ok);
      count(klass);
      if (klass !== 'ok' && klass !== '503' && failures.length < 40)
        failures.push(`[${at()} ${phase}] ${name}: ${res.status} ${body.slice(0, 160)}`);
      return { status: res.status, body, ok: klass === 'ok' };
    } catch (err) {
      const timedOut = performance.now() - began >= REQUEST_LIMIT_MS - 50;
      count(timedOut ? 'timeout' : 'reset');
      if (failures.length < 40) failures.push(`[${at()} ${phase}] ${name}: ${(err as Error).message}`);
      return { status: 0, body: '', ok: false };
    }
  };
  const callsOf = (cookie: string): Call[] =>
    mixedCalls(cookie, system.url).filter((c) => c.method !== 'POST');
  let calls = callsOf(fan);
  const send = (call: Call, n: number) =>
    request(call.name, base + call.path(n), { method: call.method ?? 'GET', headers: call.headers }, call.ok);

  let loading = true;
  const readers = Array.from({ length: connections }, async (_, w) => {
    for (let n = w; loading; n += connections) await send(calls[n % calls.length]!, n);
  });

  // Likes: every card of the catalogue in turn; acknowledged ones must be stored.
  const write = (cookie: string) => ({
    cookie,
    accept: 'application/json',
    'content-type': 'application/json',
    origin: system.url,
  });
  const allCards = (await db.query<{ id: number }>('select id from catalogue.cards order by id')).rows.map(
    (r) => r.id,
  );
  const likedAck: number[] = [];
  const liker = (async () => {
    for (let i = 0; loading && i < allCards.length; i++) {
      const cardId = allCards[i]!;
      const r = await request(
        'POST like',
        `${base}/api/cards/${cardId}/like`,
        { method: 'POST', headers: write(fan), body: '{}' },
        [200, 201, 409],
      );
      if (r.ok && r.status !== 409) likedAck.push(cardId);
      await sleep(150);
    }
  })();
  // Trades: the fan offers one copy for one copy; the other member accepts.
  const createdAck: number[] = [];
  const acceptedAck: number[] = [];
  const trader = (async () => {
    for (let i = 0; loading; i++) {
      const r = await request(
        'POST /trade/api',
        `${base}/trade/api`,
        {
          method: 'POST',
          headers: write(fan),
          body: JSON.stringify({
            toUserId: otherId,
            fromItems: [{ inventoryId: fanEntries[i % fanEntries.length], quantity: 1 }],
            toItems: [{ inventoryId: otherEntries[(i * 3) % otherEntries.length], quantity: 1 }],
            description: `infra-faults ${i}`,
          }),
        },
        [200, 201],
      );
      if (r.ok) {
        const id = (JSON.parse(r.body) as { id?: number }).id;
        if (typeof id === 'number') {
          createdAck.push(id);
          const a = await request(
            'POST /trade/api/:id/accept',
            `${base}/trade/api/${id}/accept`,
            { method: 'POST', headers: write(other), body: '{}' },
            [200],
          );
          if (a.ok) acceptedAck.push(id);
        }
      }
      await sleep(200);
    }
  })();

  /** A sign-in right after Redis is back may meet auth before it reconnected: tried for 10 s. */
  const signInAgain = async (username: string) => {
    for (let attempt = 0; attempt < 40; attempt++) {
      try {
        return await signIn(system.url, username);
      } catch {
        await sleep(250);
      }
    }
    return signIn(system.url, username);
  };

  /** Seconds from `since` until every kind of request answers as it should, in one round. */
  const recovery = async (since: number): Promise<number> => {
    for (let round = 0; round < 600; round++) {
      const results = await Promise.all(
        calls.map(async (call, i) => {
          const res = await fetch(base + call.path(i), {
            headers: call.headers,
            signal: AbortSignal.timeout(5000),
          }).catch(() => undefined);
          await res?.arrayBuffer().catch(() => undefined);
          return res !== undefined && call.ok.includes(res.status);
        }),
      );
      if (results.every(Boolean)) return (performance.now() - since) / 1000;
      await sleep(100);
    }
    return Number.NaN;
  };

  await sleep(5000);
  const faults: Array<{ name: string; down: () => Promise<void>; up: () => Promise<void> }> = [
    {
      name: 'PostgreSQL stop -m fast, start',
      down: async () => void pgStop('fast'),
      up: async () => void pgStart(),
    },
    {
      name: 'PostgreSQL stop -m immediate, start',
      down: async () => void pgStop('immediate'),
      up: async () => void pgStart(),
    },
    {
      name: 'Redis killed, started empty',
      down: () => kill(redis),
      up: async () => {
        redis = await startRedis();
        // Sessions lived in Redis: everyone is signed out (rules §48). The members sign in again;
        // what the load sent with the old cookies meanwhile counts as 'other status' (401).
        fan = await signInAgain('sakura_fan');
        other = await signInAgain('admin_hikari');
        calls = callsOf(fan);
      },
    },
    {
      name: 'NATS killed, started on its store',
      down: () => kill(nats),
      up: async () => {
        nats = await startNats();
      },
    },
  ];
  const rows: string[] = [];
  const rounds = Number(values.rounds);
  for (const [i, fault] of Array.from({ length: rounds }, () => faults)
    .flat()
    .entries()) {
    phase = rounds > 1 ? `${fault.name} (round ${Math.floor(i / faults.length) + 1})` : fault.name;
    say(`${phase}: down for ${downMs / 1000} s`);
    await fault.down();
    await sleep(downMs);
    await fault.up();
    const back = performance.now();
    const seconds = await recovery(back);
    say(`${phase}: back; every request answers again after ${seconds.toFixed(1)} s`);
    await sleep(settleMs);
    const t = tally.get(phase)!;
    const sent = Object.values(t).reduce((a, b) => a + b, 0);
    rows.push(
      `| ${phase} | ${sent} | ${t['503']} | ${t['500']} | ${t.other} | ${t.timeout} | ${t.reset} | ${seconds.toFixed(1)} |`,
    );
    if (t['500'] > 0 || t.timeout > 0 || !(seconds <= 5)) exitCode = 1;
  }
  phase = 'after';
  await sleep(3000);
  loading = false;
  await Promise.all([...readers, liker, trader]);

  console.log(
    '\n| fault | requests | 503 | 500 | other status | over 10 s | reset | recovery (s) |\n|---|---|---|---|---|---|---|---|',
  );
  for (const r of rows) console.log(r);
  for (const f of failures) console.log(`  ${f}`);

  // --- invariants ------------------------------------------------------------------------
  say('load stopped; checking the invariants');
  const checks: Array<[string, boolean, string]> = [];
  const waitFor = async (what: () => Promise<boolean>, ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (await what().catch(() => false)) return true;
      await sleep(500);
    }
    return false;
  };
  const schemas = ['auth', 'catalogue', 'inventory', 'trades', 'admin'];
  const pendingOutbox = async () => {
    let n = 0;
    for (const s of schemas) {
      n += (
        await db.query<{ n: number }>(`select count(*)::int as n from ${s}.outbox where published_at is null`)
      ).rows[0]!.n;
    }
    return n;
  };
  const drained = await waitFor(async () => (await pendingOutbox()) === 0, 60_000);
  checks.push(['every outbox drained', drained, `${await pendingOutbox()} rows pending`]);

  // JetStream's state from the server's monitoring endpoint.
  interface Jsz {
    account_details?: Array<{
      stream_detail?: Array<{
        name: string;
        state: { messages: number };
        consumer_detail?: Array<{ name: string; num_pending: number; num_ack_pending: number }>;
      }>;
    }>;
  }
  const streamsOf = async () =>
    (
      (await (
        await fetch(`http://127.0.0.1:${natsMonitorPort}/jsz?streams=true&consumers=true`)
      ).json()) as Jsz
    ).account_details?.flatMap((a) => a.stream_detail ?? []) ?? [];
  const lagOf = async () =>
    (await streamsOf())
      .filter((st) => st.name === 'EVENTS')
      .flatMap((st) => st.consumer_detail ?? [])
      .filter((c) => c.num_pending + c.num_ack_pending > 0)
      .map((c) => `${c.name}: ${c.num_pending} pending, ${c.num_ack_pending} unacked`);
  const noLag = await waitFor(async () => (await lagOf()).length === 0, 60_000);
  checks.push(['no consumer lag', noLag, (await lagOf()).join('; ') || 'none']);
  const streams = await streamsOf();
  const streamMessages = streams.find((st) => st.name === 'EVENTS')?.state.messages ?? 0;
  let outboxRows = 0;
  for (const s of schemas)
    outboxRows += (await db.query<{ n: number }>(`select count(*)::int as n from ${s}.outbox`)).rows[0]!.n;
  const deadLetters = streams.find((st) => st.name === 'DEADLETTER')?.state.messages ?? 0;
  checks.push(['no event dead-lettered', deadLetters === 0, `${deadLetters} dead letters`]);

  const doubledAudit = (
    await db.query<{ n: number }>(
      'select (count(*) - count(distinct event_id))::int as n from admin.audit_log',
    )
  ).rows[0]!.n;
  checks.push([
    'no event applied twice',
    doubledAudit === 0,
    `stream ${streamMessages} messages for ${outboxRows} outbox rows; audit records per event id: ${doubledAudit} doubled`,
  ]);

  const likes = (
    await db.query<{ card_id: number }>('select card_id from inventory.likes where user_id = $1', [fanId])
  ).rows.map((r) => r.card_id);
  const missingLikes = likedAck.filter((c) => !likes.includes(c));
  checks.push([
    'every acknowledged like stored once',
    missingLikes.length === 0,
    `${likedAck.length} acknowledged, ${missingLikes.length} missing (a like is one row by its key)`,
  ]);

  const trades = (
    await db.query<{ id: number; status: string }>(
      "select id, status from trades.trades where description like 'infra-faults %'",
    )
  ).rows;
  const byId = new Map(trades.map((t) => [t.id, t.status]));
  const missingTrades = createdAck.filter((id) => !byId.has(id));
  const unsettled = acceptedAck.filter((id) => byId.get(id) !== 'accepted');
  const settled = await waitFor(async () => {
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from trades.trades where status in ('opening', 'accepting') or release_pending",
    );
    return rows[0]!.n === 0;
  }, 60_000);
  checks.push([
    'every acknowledged trade stored once, every acknowledged accept settled',
    missingTrades.length === 0 && unsettled.length === 0 && settled,
    `${createdAck.length} created, ${acceptedAck.length} accepted acknowledged; ${missingTrades.length} missing, ${unsettled.length} not accepted; half-done left: ${!settled}`,
  ]);
  const copiesAfter = await copies();
  const { rows: broken } = await db.query<{ n: number }>(
    'select count(*)::int as n from inventory.entries where quantity < 0 or reserved < 0 or reserved > quantity',
  );
  checks.push([
    'copies conserved',
    copiesAfter === copiesBefore && broken[0]!.n === 0,
    `${copiesBefore} before, ${copiesAfter} after; ${broken[0]!.n} entries out of bounds`,
  ]);
  const fatal = readdirSync(logDir)
    .filter((f) => readFileSync(join(logDir, f), 'utf8').includes('fatal error, shutting down'))
    .map((f) => f.replace(/\.log$/, ''));
  checks.push([
    'no process exited',
    exits.length === 0 && fatal.length === 0,
    exits.length === 0 ? 'none' : exits.join('; ') + (fatal.length ? `; fatal in ${fatal.join(', ')}` : ''),
  ]);

  console.log('\n| invariant | held | figures |\n|---|---|---|');
  for (const [name, held, figures] of checks) {
    console.log(`| ${name} | ${held ? 'yes' : '**no**'} | ${figures} |`);
    if (!held) exitCode = 1;
  }
  const total = [...tally.values()].reduce((n, t) => n + Object.values(t).reduce((a, b) => a + b, 0), 0);
  console.log(`\nrequests in all: ${total}; logs in ${logDir}`);
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await system.close().catch((err) => console.error('close failed', err));
  await db.end().catch(() => {});
  await kill(redis);
  await kill(nats);
  try {
    pgStop('fast');
  } catch {
    // already stopped
  }
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
