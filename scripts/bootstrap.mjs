#!/usr/bin/env node
// Entry point of the README's two commands (`npm start`, `npm test`) on a fresh machine that has
// only Node and npm: makes sure pnpm 10 is available (falls back to `npx pnpm@10`), installs the
// workspace (which brings Node 24 as the `node` devDependency), then runs the real command
// through `pnpm run`, so it executes on Node 24 whatever Node started this script.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM = 'pnpm@10.34.9';
const targets = { start: 'dev:embedded', test: 'test:all' };
const command = process.argv[2];
if (!(command in targets)) {
  console.error(`usage: node scripts/bootstrap.mjs ${Object.keys(targets).join('|')}`);
  process.exit(2);
}

const run = (cmd, args, opts = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env, ...opts });

function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { cwd: root, encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim().startsWith('10.')) return ['pnpm', []];
  console.log(`[bootstrap] pnpm 10 not found on PATH; using npx ${PNPM}`);
  return ['npx', ['--yes', PNPM]];
}

const [pnpm, pre] = pnpmCommand();
const lock = join(root, 'pnpm-lock.yaml');
const marker = join(root, 'node_modules', '.modules.yaml');
const installed = existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
if (!installed) {
  console.log('[bootstrap] installing dependencies (first run takes a minute)…');
  const started = Date.now();
  const res = run(pnpm, [...pre, 'install', '--frozen-lockfile']);
  if (res.status !== 0) process.exit(res.status ?? 1);
  console.log(`[bootstrap] dependencies installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
const res = run(pnpm, [...pre, 'run', targets[command], ...process.argv.slice(3)]);
process.exit(res.status ?? 1);
