/**
 * Size and start time of each process's runtime tree (deploy/build-runtime-tree.sh), run the way
 * the image runs it: `node main.mjs` in the tree, NODE_ENV=production, against the PostgreSQL,
 * Redis and NATS given in the environment. Prints one row per process: the tree's size (du), the
 * time from spawn until /readyz answers 200, the resident memory then, and how long the process
 * takes to exit on SIGTERM (and with which code).
 *
 *   sh deploy/build-runtime-tree.sh .tmp/runtime
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
 *   NATS_URL=nats://127.0.0.1:4222 pnpm exec tsx deploy/runner/bench/runtime-trees.ts [.tmp/runtime]
 *
 * Run as root, each process runs as `nobody` in a tree it cannot write (HOME unset), as in the
 * image with its read-only root filesystem: only /tmp is writable.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processEnvSpecs } from '../src/process-env';

const root = resolve(process.argv[2] ?? '.tmp/runtime');
for (const v of ['DATABASE_URL', 'REDIS_URL', 'NATS_URL']) {
  if (!process.env[v]) throw new Error(`set ${v} (see the comment at the top of this file)`);
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.on('error', fail);
  });

/** Values for the variables a config requires that the infrastructure does not provide. */
const sample: Record<string, string> = {
  INTERNAL_SECRET: randomBytes(24).toString('hex'),
  DISCORD_CLIENT_ID: '100000000000000001',
  DISCORD_CLIENT_SECRET: 'runtime-tree-bench',
  DISCORD_PUBLIC_KEY: randomBytes(32).toString('hex'),
};

const rssMiB = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
};

const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
const namespace = `tree-${randomBytes(3).toString('hex')}`;
const rows: string[][] = [];

for (const spec of processEnvSpecs()) {
  const tree = join(root, spec.name);
  const size = execFileSync('du', ['-sh', tree], { encoding: 'utf8' }).split('\t')[0] ?? '?';
  const port = await freePort();
  const probePort = spec.name === 'gateway' ? await freePort() : port;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    BUS_NAMESPACE: namespace,
    ...(spec.name === 'gateway'
      ? { INTERNAL_PORT: String(probePort), WEB_DIST_DIR: join(tree, 'web', 'dist') }
      : {}),
  };
  for (const key of spec.required) {
    const value = process.env[key] ?? spec.memory[key] ?? sample[key];
    if (value === undefined) throw new Error(`${spec.name}: no value for ${key}`);
    env[key] = value;
  }
  const started = performance.now();
  const child = spawn(process.execPath, ['main.mjs'], {
    cwd: tree,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    ...asNobody,
  });
  let exited: number | null | undefined;
  const exit = new Promise<number | null>((done) =>
    child.on('exit', (code) => {
      exited = code;
      done(code);
    }),
  );
  let readyMs = Number.NaN;
  while (exited === undefined && performance.now() - started < 60_000) {
    const ok = await fetch(`http://127.0.0.1:${probePort}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) {
      readyMs = performance.now() - started;
      break;
    }
    await sleep(10);
  }
  const rss = child.pid && exited === undefined ? rssMiB(child.pid) : Number.NaN;
  const stopping = performance.now();
  child.kill('SIGTERM');
  const code = await exit;
  rows.push([
    spec.name,
    size,
    Number.isNaN(readyMs) ? 'not ready' : `${Math.round(readyMs)} ms`,
    `${rss} MiB`,
    `${Math.round(performance.now() - stopping)} ms (exit ${code})`,
  ]);
}

const header = ['process', 'tree size', 'start to /readyz 200', 'RSS when ready', 'SIGTERM to exit'];
console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
if (rows.some((r) => r[2] === 'not ready')) process.exitCode = 1;
