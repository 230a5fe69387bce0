import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { quoteIdent } from './database';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded';

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
    const dir = mkdtemp(join(tmpdir(), 'acg-pg-'));
    const server = dir.then(async (d) => {
      // mkdtemp makes the folder 0700; as root, the postgres user must be able to enter it.
      await chmod(d, 0o755);
      return startEmbeddedPostgres({ dataDir: join(d, 'data'), ephemeral: true });
    });
    shared = { server, dir, users: 0 };
  }
  shared.users++;
  try {
    return (await shared.server).url;
  } catch (err) {
    shared = undefined;
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
