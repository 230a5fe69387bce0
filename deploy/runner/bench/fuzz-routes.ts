/**
 * Fuzzes every path of the route table through the gateway of an embedded system and reports
 * any 5xx (issue "Platform ready to grow", item 4):
 *
 *   pnpm exec tsx deploy/runner/bench/fuzz-routes.ts [--per-variant 5] [--seed 1]
 *
 * Starts the system on free loopback ports with a fresh database, signs in as the demo
 * administrator (through the fake Discord) and also calls anonymously. For each path and each
 * variant (random and huge ids, negatives, NUL, long strings, bad percent-encoding, wrong
 * methods, wrong content types, malformed and oversized bodies, Expect: 100-continue) it sends a
 * bounded number of requests. A 503 from a service system.ts marks as not built is expected and
 * counted apart; any other 5xx is a finding. Exits 1 when there is one.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isOwnerBuilt, type Method, type RouteSpec, routes } from '@acg/contracts';
import { createTestDatabase } from '@acg/platform/testing';
import { startEmbedded } from '../src/embedded';
import { signIn } from '../src/testing/sign-in';

const { values } = parseArgs({
  options: { 'per-variant': { type: 'string', default: '5' }, seed: { type: 'string', default: '1' } },
});
const PER_VARIANT = Number(values['per-variant']);

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
  'id',
  'card_id',
  'anime_id',
  'rank_code',
  'after',
  'limit',
  'q',
  'page',
  'width',
  'height',
  'text',
  'url',
  'search',
  'user_id',
  'lang',
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

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  expectContinue?: boolean;
}
interface Answer {
  status: number;
  body: string;
}

function send(base: URL, call: Call): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...call.headers };
    if (call.body) headers['content-length'] = String(call.body.length);
    if (call.expectContinue) headers.expect = '100-continue';
    const req = httpRequest(
      { host: '127.0.0.1', port: base.port, method: call.method, path: call.path, headers },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString().slice(0, 300) }),
        );
        res.on('error', () => resolve({ status: res.statusCode ?? 0, body: '' }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timed out')));
    // A refused oversized body may close the connection while it is still being written.
    req.on('error', (err) => resolve({ status: -1, body: String(err) }));
    if (call.expectContinue && call.body) req.on('continue', () => req.end(call.body));
    else req.end(call.body);
  });
}

/** A concrete path for a route-table path, its parameters (and wildcard) set by `value`. */
const fill = (path: string, value: () => string): string =>
  path.replace(/:[A-Za-z]+/g, () => value()).replace(/\*$/, () => `${value()}/${value()}.png`);
const sample = (path: string): string =>
  fill(path, () => String(1 + Math.floor(random() * 20))).replace(/\/ru$|\/en$/, '/ru');

function callsFor(
  route: RouteSpec,
  methods: Set<Method>,
  origin: string,
): Array<{ variant: string; call: Call }> {
  const calls: Array<{ variant: string; call: Call }> = [];
  const json = { origin, 'content-type': 'application/json', accept: 'application/json' };
  const hasBody = route.method !== 'GET';
  const bodyOf = () => (hasBody ? Buffer.from('{}') : undefined);
  const add = (variant: string, make: () => Call) => {
    for (let i = 0; i < PER_VARIANT; i++) calls.push({ variant, call: make() });
  };
  const hasParams = /:|\*$/.test(route.path);
  for (const [name, value] of Object.entries(VALUE_VARIANTS)) {
    if (hasParams)
      add(`path ${name}`, () => ({
        method: route.method,
        path: fill(route.path, value),
        headers: json,
        body: bodyOf(),
      }));
    add(`query ${name}`, () => ({
      method: route.method,
      path: `${sample(route.path)}?${pick(QUERY_NAMES)}=${value()}&${pick(QUERY_NAMES)}=${value()}`,
      headers: json,
      body: bodyOf(),
    }));
  }
  const wrong = ALL_METHODS.filter((m) => !methods.has(m));
  if (wrong.length)
    add('wrong method', () => ({
      method: pick(wrong),
      path: sample(route.path),
      headers: json,
      body: Buffer.from('{}'),
    }));
  add('wrong content type', () => ({
    method: route.method,
    path: sample(route.path),
    headers: { ...json, 'content-type': pick(WRONG_TYPES) },
    body: Buffer.from(pick(['x', '<a/>', 'a=1', '\u0000\u0001'])),
  }));
  add('malformed body', () => ({
    method: route.method,
    path: sample(route.path),
    headers: json,
    body: Buffer.from(pick(BAD_BODIES)),
  }));
  // Oversized: a few per path (each is up to 2 MB).
  for (const size of [70 * 1024, 2 * 1024 * 1024, 6 * 1024 * 1024]) {
    calls.push({
      variant: 'oversized body',
      call: {
        method: route.method,
        path: sample(route.path),
        headers: json,
        body: Buffer.from(JSON.stringify({ pad: 'a'.repeat(size) })),
      },
    });
  }
  add('Expect: 100-continue', () => ({
    method: route.method,
    path: sample(route.path),
    headers: json,
    body: Buffer.from(JSON.stringify({ a: 1 })),
    expectContinue: true,
  }));
  add('bad path encoding', () => ({
    method: route.method,
    path: `${sample(route.path)}${pick(['%zz', '/%', '%c0%ae%c0%ae', '/..%2f..%2f'])}`,
    headers: json,
  }));
  return calls;
}

const db = await createTestDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'acg-fuzz-'));
const sys = await startEmbedded({
  env: { ...process.env, DATABASE_URL: db.url, RATE_LIMIT_ENABLED: 'false' },
  dataDir,
  port: 0,
  ephemeralPorts: true,
  logLevel: 'silent',
});
const findings = new Map<string, { count: number; example: string }>();
let total = 0;
let notBuilt = 0;
const statuses = new Map<string, number>();
try {
  const base = new URL(sys.url);
  const admin = await signIn(sys.url, 'admin_hikari');
  const methodsOf = new Map<string, Set<Method>>();
  for (const r of routes) methodsOf.set(r.path, (methodsOf.get(r.path) ?? new Set()).add(r.method));

  const work: Array<{ route: RouteSpec; variant: string; call: Call }> = [];
  for (const route of routes) {
    for (const { variant, call } of callsFor(route, methodsOf.get(route.path)!, sys.url)) {
      // Alternate the administrator and an anonymous visitor (never signing the administrator
      // out: /auth/* is called anonymously).
      if (!route.path.startsWith('/auth/') && random() < 0.5)
        call.headers = { ...call.headers, cookie: admin };
      work.push({ route, variant, call });
    }
  }
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const { route, variant, call } = work[next++]!;
      const answer = await send(base, call);
      total++;
      const who = call.headers.cookie ? 'admin' : 'anonymous';
      const tally = `${who} ${answer.status}`;
      statuses.set(tally, (statuses.get(tally) ?? 0) + 1);
      if (answer.status < 500) continue;
      if (answer.status === 503 && !isOwnerBuilt(route)) {
        notBuilt++;
        continue;
      }
      const key = `${answer.status} ${route.method} ${route.path} [${variant}]`;
      const seen = findings.get(key);
      if (seen) seen.count++;
      else
        findings.set(key, {
          count: 1,
          example: `${call.method} ${call.path.slice(0, 120)} -> ${answer.body}`,
        });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);

  console.log(`\nfuzzed ${routes.length} route-table entries: ${total} requests in ${seconds} s`);
  const tallies = [...statuses].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
  console.log(`statuses: ${tallies.map(([s, n]) => `${s}×${n}`).join(', ')}`);
  console.log(`503 from services not built yet (expected): ${notBuilt}`);
  if (findings.size === 0) console.log('5xx from built services: 0');
  else {
    console.log(`5xx from built services: ${[...findings.values()].reduce((n, f) => n + f.count, 0)}`);
    for (const [key, { count, example }] of findings) console.log(`  ${key} ×${count}\n    e.g. ${example}`);
  }
} finally {
  await sys.close();
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(findings.size === 0 ? 0 : 1);
