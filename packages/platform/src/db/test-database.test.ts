import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { STARTUP_TIMEOUT_MS } from './__fixtures__/fixture-database';
import { createTestDatabase } from './test-database';

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
});
