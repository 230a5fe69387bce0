import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { quoteIdent } from './database';
import { type EmbeddedPostgres, startEmbeddedPostgres, stopRunningPostmaster } from './embedded';

/**
 * A fresh, uniquely named database for one test file (or test). With DATABASE_URL set (CI, a
 * real server) it is created on that server; otherwise on one embedded PostgreSQL shared by the
 * whole test process, started on first use and stopped (its temp folder removed) when the last
 * test database is dropped, so a test run leaves no server behind.
 */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL ?? (await acquireEmbedded());
  const name = `acg_test_${randomBytes(8).toString('hex')}`;
  try {
    await onServer(serverUrl, `create database ${quoteIdent(name)}`);
  } catch (err) {
    if (!process.env.DATABASE_URL) await releaseEmbedded();
    throw err;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      try {
        // FORCE ends connections a test forgot to close (PostgreSQL 13+).
        await onServer(serverUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
      } finally {
        if (!process.env.DATABASE_URL) await releaseEmbedded();
      }
    },
  };
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface Shared {
  server: Promise<EmbeddedPostgres>;
  dir: Promise<string>;
  users: number;
}
let shared: Shared | undefined;
let stopping: Promise<void> = Promise.resolve();

async function acquireEmbedded(): Promise<string> {
  await stopping;
  if (!shared) {
    const dir = reapOrphans().then(async () => {
      const d = await mkdtemp(join(tmpdir(), TEMP_PREFIX));
      await writeFile(join(d, OWNER_FILE), String(process.pid));
      // mkdtemp makes the folder 0700; as root, the postgres user must be able to enter it.
      await chmod(d, 0o755);
      return d;
    });
    const server = dir.then((d) => startEmbeddedPostgres({ dataDir: join(d, 'data'), ephemeral: true }));
    shared = { server, dir, users: 0 };
  }
  shared.users++;
  try {
    return (await shared.server).url;
  } catch (err) {
    const failed = shared;
    shared = undefined;
    await failed?.dir.then((d) => rm(d, { recursive: true, force: true })).catch(() => undefined);
    throw err;
  }
}

async function releaseEmbedded(): Promise<void> {
  if (!shared || --shared.users > 0) return;
  const last = shared;
  shared = undefined;
  stopping = (async () => {
    await (await last.server).stop();
    await rm(await last.dir, { recursive: true, force: true });
  })();
  await stopping;
}

const TEMP_PREFIX = 'acg-pg-';
const OWNER_FILE = 'owner.pid';

/**
 * A test process killed before it dropped its databases (a timeout, Ctrl-C, SIGKILL) leaves its
 * server running and its folder behind; the next test process stops and removes them.
 */
export async function reapOrphans(): Promise<void> {
  const root = tmpdir();
  for (const name of await readdir(root)) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const dir = join(root, name);
    const owner = Number(await readFile(join(dir, OWNER_FILE), 'utf8').catch(() => ''));
    // No owner yet (being created right now) or a live owner: not an orphan.
    if (!Number.isInteger(owner) || owner <= 0 || isAlive(owner)) continue;
    try {
      await stopRunningPostmaster(join(dir, 'data'));
      await rm(dir, { recursive: true, force: true });
    } catch {
      // Another test process is reaping it at the same time, or it cannot be stopped: leave it.
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
