/**
 * Fuzzes every entry of the route table through the gateway of an embedded system and reports
 * any 5xx (issues "Platform ready to grow" item 4 and 27 item 3):
 *
 *   pnpm exec tsx deploy/runner/bench/fuzz-routes.ts [--rounds 2] [--seed 1] [--budget-seconds 240]
 *     [--timeout-ms 10000] [--concurrency 4]
 *
 * Starts the system on free loopback ports with a fresh database (on DATABASE_URL's server when
 * set, else embedded PostgreSQL; always the in-process bus and memory cache), signs in as the
 * demo administrator (through the fake Discord, language set to Russian) and also calls
 * anonymously. Every route gets, once each: bodies over its own limit (declared, chunked, and
 * announced with Expect: 100-continue), a body of exactly its limit, and per round one request
 * of every variant (random and huge ids, negatives, NUL, long strings, bad percent-encoding,
 * wrong methods, wrong content types, malformed bodies, Expect: 100-continue). Rounds go over the
 * whole table, so a run cut by its budget has still covered every route.
 *
 * Bounded in time: each request has an overall deadline (a stalled upload or an answer that
 * never starts is a "timeout", not a wait), an answer's body is read for at most a moment after
 * its status (the live event stream never ends), and no request starts after the budget.
 * Prints a table per status class and variant, every 5xx, timeout and reset, oversized bodies not
 * refused with a 413 naming the limit, and every refusal to the Russian administrator whose
 * message has no Cyrillic (docs/rules.md, refusals), listed by message with a route that gave it. A 503
 * from a service system.ts marks as not built is counted apart. Exits 1 on any finding.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { bodyLimitOf, isOwnerBuilt, type Method, type RouteSpec, routes } from '@acg/contracts';
import { createTestDatabase } from '@acg/platform/testing';
import { startEmbedded } from '../src/embedded';
import { signIn } from '../src/testing/sign-in';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    seed: { type: 'string', default: '1' },
    'budget-seconds': { type: 'string', default: '240' },
    'timeout-ms': { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '4' },
  },
});
const ROUNDS = Number(values.rounds);
const BUDGET_MS = Number(values['budget-seconds']) * 1000;
const TIMEOUT_MS = Number(values['timeout-ms']);
const CONCURRENCY = Number(values.concurrency);
/** How long an answer's body is read after its status arrived (a stream is cut there). */
const BODY_WAIT_MS = 1500;
const BODY_KEEP = 2000;
const CHUNK = 64 * 1024;

const runStarted = performance.now();
const log = (line: string) =>
  process.stderr.write(`[fuzz ${((performance.now() - runStarted) / 1000).toFixed(1)} s] ${line}\n`);

// A small seeded generator, so a run can be repeated.
let state = Number(values.seed) >>> 0 || 1;
const random = () => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 4_294_967_296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** Hostile values for a path parameter or a query value, already as they go into the URL. */
const VALUE_VARIANTS: Record<string, () => string> = {
  'random id': () => String(1 + Math.floor(random() * 100)),
  'huge number': () =>
    pick(['2147483648', '9223372036854775808', '99999999999999999999', '1e309', '4294967296']),
  negative: () => pick(['-1', '-2147483649', '-0', '-99999999999']),
  zero: () => '0',
  'not a number': () => pick(['abc', '1.5', '0x10', 'NaN', 'Infinity', 'null', '[]', '%7B%7D', '1%20']),
  NUL: () => pick(['%00', 'a%00b', '1%00']),
  'long string': () => 'x'.repeat(pick([300, 3000, 7000])),
  'bad percent-encoding': () => pick(['%zz', '%E0%A4%A', '%', '%C0%AF', '%FF%FE', '%ED%A0%80']),
  unicode: () => encodeURIComponent(pick(['日本語', 'ｶﾀｶﾅ', '😀', 'Ⅻ', '\u202e', 'e\u0301'])),
};
const QUERY_NAMES = [
  ...['id', 'card_id', 'anime_id', 'rank_code', 'after', 'limit', 'q', 'page'],
  ...['width', 'height', 'text', 'url', 'search', 'user_id', 'lang'],
];
const WRONG_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'image/png',
];
const BAD_BODIES = [
  '{x',
  '[]',
  'null',
  '"text"',
  '{"a":"\\u0000"}',
  '{"id":2147483648}',
  '{"id":-1}',
  '{'.repeat(2000),
];
const ALL_METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A body of `size` bytes: valid JSON (one padded string) unless it must not be. */
const padded = (size: number): Buffer => {
  const body = Buffer.alloc(size, 'a');
  body.write('{"pad":"', 0);
  body.write('"}', size - 2);
  return body;
};

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send the body without Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
  expectContinue?: boolean;
}
/** An answer's status, or the way it failed: 'timeout' (no status by the deadline) or 'reset'. */
interface Answer {
  status: number | 'timeout' | 'reset';
  body: string;
  ms: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });

/** Writes a body in chunks, honouring back-pressure, until done or the request ended. */
function writeBody(req: ReturnType<typeof httpRequest>, body: Buffer, ended: () => boolean): void {
  let at = 0;
  const more = () => {
    while (at < body.length && !ended()) {
      const chunk = body.subarray(at, at + CHUNK);
      at += chunk.length;
      if (!req.write(chunk)) {
        req.once('drain', more);
        return;
      }
    }
    if (!ended()) req.end();
  };
  more();
}

function send(port: number, call: Call): Promise<Answer> {
  return new Promise((resolve) => {
    const started = performance.now();
    let done = false;
    const headers: Record<string, string> = { ...call.headers };
    if (call.body && !call.chunked) headers['content-length'] = String(call.body.length);
    // Named, or Node sends a GET or DELETE body unframed (it frames only other methods by default).
    if (call.body && call.chunked) headers['transfer-encoding'] = 'chunked';
    if (call.expectContinue) headers.expect = '100-continue';
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: call.method,
      path: call.path,
      headers,
      agent,
    });
    const finish = (status: Answer['status'], body: string) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      // A body not sent in full (answered early, or cut) leaves the connection unusable: close it.
      if (!req.writableFinished) req.destroy();
      resolve({ status, body, ms: performance.now() - started });
    };
    const deadline = setTimeout(() => {
      finish('timeout', `no answer within ${TIMEOUT_MS} ms`);
      req.destroy();
    }, TIMEOUT_MS);
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      let kept = 0;
      const status = res.statusCode ?? 0;
      const cut = () => {
        finish(status, Buffer.concat(parts).toString().slice(0, BODY_KEEP));
        // A body still coming (a stream, a long export) is not waited for.
        if (!res.complete) req.destroy();
      };
      const wait = setTimeout(cut, BODY_WAIT_MS);
      res.on('data', (c: Buffer) => {
        if (kept < BODY_KEEP) parts.push(c);
        kept += c.length;
      });
      res.on('end', () => {
        clearTimeout(wait);
        cut();
      });
      res.on('error', () => {
        clearTimeout(wait);
        cut();
      });
    });
    // An error before any status: the connection was reset or closed under the request.
    req.on('error', (err) => finish('reset', String(err)));
    if (!call.body) req.end();
    else if (call.expectContinue) req.on('continue', () => writeBody(req, call.body!, () => done));
    else writeBody(req, call.body, () => done);
  });
}

/** A concrete path for a route-table path, its parameters (and wildcard) set by `value`. */
const fill = (path: string, value: () => string): string =>
  path.replace(/:[A-Za-z]+/g, () => value()).replace(/\*$/, () => `${value()}/${value()}.png`);
const sample = (path: string): string =>
  fill(path, () => String(1 + Math.floor(random() * 20))).replace(/\/ru$|\/en$/, '/ru');

type Make = () => Call;
interface Work {
  route: RouteSpec;
  variant: string;
  make: Make;
}

/** Bodies over (and at) the route's own limit: sent once per route. */
function oversizedCalls(route: RouteSpec, json: Record<string, string>): Array<[string, Make]> {
  const limit = bodyLimitOf(route);
  const base = () => ({ method: route.method, path: sample(route.path), headers: json });
  const over = padded(limit + 1);
  return [
    ['oversized body', () => ({ ...base(), body: over })],
    ['oversized body, chunked', () => ({ ...base(), body: over, chunked: true })],
    ['oversized body, Expect: 100-continue', () => ({ ...base(), body: over, expectContinue: true })],
    ['body at the limit', () => ({ ...base(), body: padded(limit) })],
  ];
}

/** One request of every variant for a route (a round). */
function variantCalls(route: RouteSpec, methods: Set<Method>, json: Record<string, string>) {
  const calls: Array<[string, Make]> = [];
  const body = route.method !== 'GET' ? Buffer.from('{}') : undefined;
  const at = (path: string, extra: Partial<Call> = {}): Call => ({
    method: route.method,
    path,
    headers: json,
    body,
    ...extra,
  });
  const hasParams = /:|\*$/.test(route.path);
  for (const [name, value] of Object.entries(VALUE_VARIANTS)) {
    if (hasParams) calls.push([`path ${name}`, () => at(fill(route.path, value))]);
    calls.push([
      `query ${name}`,
      () => at(`${sample(route.path)}?${pick(QUERY_NAMES)}=${value()}&${pick(QUERY_NAMES)}=${value()}`),
    ]);
  }
  const wrong = ALL_METHODS.filter((m) => !methods.has(m));
  if (wrong.length)
    calls.push([
      'wrong method',
      () => at(sample(route.path), { method: pick(wrong), body: Buffer.from('{}') }),
    ]);
  calls.push([
    'wrong content type',
    () =>
      at(sample(route.path), {
        headers: { ...json, 'content-type': pick(WRONG_TYPES) },
        body: Buffer.from(pick(['x', '<a/>', 'a=1', '\u0000\u0001'])),
      }),
  ]);
  calls.push(['malformed body', () => at(sample(route.path), { body: Buffer.from(pick(BAD_BODIES)) })]);
  calls.push([
    'Expect: 100-continue',
    () => at(sample(route.path), { body: Buffer.from('{"a":1}'), expectContinue: true }),
  ]);
  calls.push([
    'bad path encoding',
    () =>
      at(`${sample(route.path)}${pick(['%zz', '/%', '%c0%ae%c0%ae', '/..%2f..%2f'])}`, { body: undefined }),
  ]);
  return calls;
}

/** Every request of the run, in rounds over the whole table (a cut run still covered every route). */
function planWork(origin: string): Work[] {
  // The public host (a sign-in started on another name for the site is first redirected there).
  const json = {
    host: new URL(origin).host,
    origin,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  const methodsOf = new Map<string, Set<Method>>();
  for (const r of routes) methodsOf.set(r.path, (methodsOf.get(r.path) ?? new Set()).add(r.method));
  const work: Work[] = [];
  for (const route of routes)
    for (const [variant, make] of oversizedCalls(route, json)) work.push({ route, variant, make });
  for (let round = 0; round < ROUNDS; round++)
    for (const route of routes)
      for (const [variant, make] of variantCalls(route, methodsOf.get(route.path)!, json))
        work.push({ route, variant, make });
  return work;
}

const CLASSES = ['2xx', '3xx', '4xx', '5xx', 'timeout', 'reset'] as const;
type StatusClass = (typeof CLASSES)[number];
const classOf = (status: Answer['status']): StatusClass =>
  typeof status === 'string' ? status : (`${Math.floor(status / 100)}xx` as StatusClass);

/** What a run found: counts per variant and class, and the findings by kind. */
class Tally {
  readonly byVariant = new Map<string, Record<StatusClass, number>>();
  readonly findings = new Map<string, { count: number; example: string }>();
  /** Refusals (4xx, 5xx) to the Russian administrator without a word of Russian, by message. */
  readonly english = new Map<string, { count: number; example: string }>();
  readonly routesCovered = new Set<RouteSpec>();
  notBuilt = 0;
  /** Refusals (4xx, 5xx) the Russian administrator got: each checked for Russian. */
  russianRefusals = 0;
  total = 0;
  slowest = 0;

  add(work: Work, call: Call, answer: Answer, russian: boolean): void {
    this.total++;
    this.routesCovered.add(work.route);
    this.slowest = Math.max(this.slowest, answer.ms);
    const row = this.byVariant.get(work.variant) ?? this.newRow();
    this.byVariant.set(work.variant, row);
    const cls = classOf(answer.status);
    row[cls]++;
    const { route } = work;
    const where = `${route.method} ${route.path} [${work.variant}]`;
    if (answer.status === 503 && !isOwnerBuilt(route)) this.notBuilt++;
    else if (cls === '5xx' || cls === 'timeout' || cls === 'reset')
      this.find(`${answer.status} ${where}`, call, answer);
    else if (work.variant.startsWith('oversized') && !refusedWithLimit(answer, route, call.chunked === true))
      this.find(`oversized not refused with its limit (${answer.status}) ${where}`, call, answer);
    if (!russian || (cls !== '4xx' && cls !== '5xx')) return;
    this.russianRefusals++;
    if (!/[а-яё]/i.test(messageOf(answer.body))) this.find(englishKey(answer), call, answer, this.english);
  }

  private newRow(): Record<StatusClass, number> {
    return Object.fromEntries(CLASSES.map((c) => [c, 0])) as Record<StatusClass, number>;
  }

  private find(key: string, call: Call, answer: Answer, into = this.findings): void {
    const seen = into.get(key);
    if (seen) seen.count++;
    else
      into.set(key, {
        count: 1,
        example: `${call.method} ${call.path.slice(0, 100)} -> ${answer.body.slice(0, 240)}`,
      });
  }
}

/** A refusal in English, by status, code and message (its numbers as #: one line per text). */
const englishKey = (answer: Answer): string => {
  let code = '';
  try {
    code = String((JSON.parse(answer.body) as { code?: unknown }).code ?? '');
  } catch {}
  return `${answer.status} ${code} "${messageOf(answer.body).slice(0, 160).replace(/\d+/g, '#')}"`;
};

const messageOf = (body: string): string => {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    return String(parsed.error ?? parsed.message ?? body);
  } catch {
    return body;
  }
};
/**
 * A body over the limit is refused with a 413 naming the limit. A chunked one announces no size,
 * so the gateway counts it only while forwarding it: a caller the route refuses anyway (401, 403)
 * hears that first, and nothing of the body is read.
 */
const refusedWithLimit = (answer: Answer, route: RouteSpec, chunked: boolean): boolean =>
  (answer.status === 413 && messageOf(answer.body).includes(String(bodyLimitOf(route)))) ||
  (chunked && (answer.status === 401 || answer.status === 403)) ||
  // The routes the gateway answers itself read no body: an unannounced one is left unread.
  (chunked && route.service === 'gateway' && typeof answer.status === 'number' && answer.status < 500);

function printReport(tally: Tally, planned: number, seconds: number): void {
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(
    `\nfuzzed ${tally.routesCovered.size} of ${routes.length} route-table entries: ${tally.total} of ${planned} planned requests in ${seconds.toFixed(1)} s (slowest answer ${Math.round(tally.slowest)} ms)`,
  );
  console.log(`\n${'variant'.padEnd(38)}${CLASSES.map((c) => pad(c, 9)).join('')}`);
  const sum = Object.fromEntries(CLASSES.map((c) => [c, 0])) as Record<StatusClass, number>;
  for (const [variant, row] of [...tally.byVariant].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${variant.padEnd(38)}${CLASSES.map((c) => pad(row[c], 9)).join('')}`);
    for (const c of CLASSES) sum[c] += row[c];
  }
  console.log(`${'all'.padEnd(38)}${CLASSES.map((c) => pad(sum[c], 9)).join('')}`);
  console.log(`\n503 from services not built yet (expected): ${tally.notBuilt}`);
  console.log(`findings: ${[...tally.findings.values()].reduce((n, f) => n + f.count, 0)}`);
  for (const [key, { count, example }] of tally.findings)
    console.log(`  ${key} ×${count}\n    e.g. ${example}`);
  const english = [...tally.english.values()].reduce((n, f) => n + f.count, 0);
  console.log(
    `\nrefusals to the Russian administrator: ${tally.russianRefusals}, without Russian in the message: ${english}`,
  );
  for (const [key, { count, example }] of tally.english)
    console.log(`  ${key} ×${count}\n    e.g. ${example}`);
}

/** Sends the planned work with CONCURRENCY workers until it is done or the budget is spent. */
async function run(port: number, work: Work[], admin: string, tally: Tally): Promise<void> {
  const stopAt = performance.now() + BUDGET_MS;
  let next = 0;
  const progress = setInterval(
    () => log(`${tally.total} / ${work.length} requests, ${tally.findings.size} kinds of finding`),
    15_000,
  );
  const worker = async () => {
    while (next < work.length && performance.now() < stopAt) {
      const item = work[next++]!;
      const call = item.make();
      // Alternate the administrator (Russian) and an anonymous visitor (never signing the
      // administrator out: /auth/* is called anonymously).
      const asAdmin = !item.route.path.startsWith('/auth/') && random() < 0.5;
      if (asAdmin) call.headers = { ...call.headers, cookie: admin };
      tally.add(item, call, await send(port, call), asAdmin);
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    clearInterval(progress);
  }
  if (next < work.length) log(`budget spent: ${work.length - next} planned requests not sent`);
}

log('creating the database and starting the system (builds the web client when stale)');
const db = await createTestDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'acg-fuzz-'));
const tally = new Tally();
try {
  const sys = await startEmbedded({
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      REDIS_URL: undefined,
      NATS_URL: undefined,
      RATE_LIMIT_ENABLED: 'false',
    },
    dataDir,
    port: 0,
    ephemeralPorts: true,
    logLevel: 'silent',
  });
  try {
    log(`system up at ${sys.url}; signing in the demo administrator`);
    const admin = await signIn(sys.url, 'admin_hikari');
    const ru = await fetch(`${sys.url}/change-language/ru`, {
      method: 'POST',
      headers: { cookie: admin, origin: sys.url, 'content-type': 'application/json' },
      body: '{}',
    });
    if (ru.status >= 400) throw new Error(`/change-language/ru answered ${ru.status}`);
    const work = planWork(sys.url);
    log(`${work.length} requests planned over ${routes.length} routes; budget ${BUDGET_MS / 1000} s`);
    const started = performance.now();
    await run(Number(new URL(sys.url).port), work, admin, tally);
    printReport(tally, work.length, (performance.now() - started) / 1000);
  } finally {
    agent.destroy();
    await sys.close();
  }
} finally {
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
}
const complete = tally.routesCovered.size === routes.length;
process.exit(tally.findings.size === 0 && tally.english.size === 0 && complete ? 0 : 1);
