import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTUP_TIMEOUT_MS } from './__fixtures__/fixture-database';
import { startEmbeddedPostgres } from './embedded';

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', { timeout: STARTUP_TIMEOUT_MS }, () => {
  let root: string;
  let dataDir: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'acg-embedded-'));
    await chmod(root, 0o755); // as root, the postgres user must be able to enter it
    dataDir = join(root, 'project', '.data', 'pg');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('initialises once and keeps its data across restarts', async () => {
    const first = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    try {
      expect(first.url).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/postgres$/);
      await query(first.url, "create table ranks (name text); insert into ranks values ('S')");
    } finally {
      await first.stop();
    }
    expect((await readFile(join(dataDir, 'PG_VERSION'), 'utf8')).trim()).toMatch(/^\d+$/);

    const second = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    try {
      expect(await query(second.url, 'select name from ranks')).toEqual([{ name: 'S' }]);
    } finally {
      await second.stop();
    }
  });

  it('starts despite a stale postmaster.pid naming a live process that is not PostgreSQL', async () => {
    // As the postgres user when we are root, so PostgreSQL's own check would think it is alive.
    const asPostgres =
      process.getuid?.() === 0
        ? {
            uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
            gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
          }
        : {};
    const impostor: ChildProcess = spawn('sleep', ['30'], { ...asPostgres, stdio: 'ignore' });
    try {
      await writeFile(join(dataDir, 'postmaster.pid'), `${impostor.pid}\n${dataDir}\n0\n5999\n`);
      const server = await startEmbeddedPostgres({ dataDir, ephemeral: true });
      try {
        expect(await query(server.url, 'select name from ranks')).toEqual([{ name: 'S' }]);
      } finally {
        await server.stop();
      }
    } finally {
      impostor.kill();
    }
  });

  it('adopts a server still running on its data folder instead of starting a second one', async () => {
    const orphan = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    const adopted = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    try {
      expect(adopted.url).toBe(orphan.url);
      expect(await query(adopted.url, 'select name from ranks')).toEqual([{ name: 'S' }]);
    } finally {
      await orphan.stop();
      await adopted.stop();
    }
    // Stopped: the port no longer answers.
    await expect(query(orphan.url, 'select 1')).rejects.toThrow();
  });

  it('listens on the port it is given', async () => {
    const { freePort } = await import('./embedded');
    const port = await freePort();
    const server = await startEmbeddedPostgres({ dataDir, port, ephemeral: true });
    try {
      expect(server.port).toBe(port);
      expect(server.url).toContain(`:${port}/`);
      expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await server.stop();
    }
  });
});
