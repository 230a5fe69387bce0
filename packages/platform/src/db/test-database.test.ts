import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { STARTUP_TIMEOUT_MS } from './__fixtures__/fixture-database';
import { startEmbeddedPostgres } from './embedded';
import { createTestDatabase, reapOrphans } from './test-database';

const currentDatabase = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ name: string }>('select current_database() as name')).rows[0]!.name;
  } finally {
    await client.end();
  }
};

describe('createTestDatabase', { timeout: STARTUP_TIMEOUT_MS }, () => {
  it('gives each caller its own database and drops it', async () => {
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    try {
      expect(a.url).not.toBe(b.url);
      expect(await currentDatabase(a.url)).toMatch(/^acg_test_[0-9a-f]{16}$/);
      expect(await currentDatabase(b.url)).not.toBe(await currentDatabase(a.url));
      // An open connection does not stop drop() (tests that forget to close still clean up).
      const straggler = new pg.Client({ connectionString: a.url });
      straggler.on('error', () => {});
      await straggler.connect();
      await a.drop();
      await expect(currentDatabase(a.url)).rejects.toThrow(/does not exist/);
      await a.drop(); // idempotent
    } finally {
      await b.drop();
    }
  });

  it('stops and removes a server left behind by a test process that died', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'acg-pg-'));
    await chmod(dir, 0o755);
    const orphan = await startEmbeddedPostgres({ dataDir: join(dir, 'data'), ephemeral: true });
    // The owner: a process that has exited since.
    const deadPid = spawnSync('true').pid;
    await writeFile(join(dir, 'owner.pid'), String(deadPid));

    await reapOrphans();
    await expect(stat(dir)).rejects.toThrow(/ENOENT/);
    await expect(currentDatabase(orphan.url)).rejects.toThrow();
    await orphan.stop(); // already stopped by the reaper: returns at once
  });
});
