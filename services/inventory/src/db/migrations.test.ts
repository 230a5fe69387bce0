import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryDatabase, SERVICE } from '../start';

const { migrationsFolder } = inventoryDatabase;

let testDb: TestDatabase;
let firstOnly: string;
beforeAll(async () => {
  testDb = await createTestDatabase();
  // The migrations as a database from before 0001 saw them: the first one only.
  firstOnly = await mkdtemp(join(tmpdir(), 'inventory-migrations-'));
  await cp(migrationsFolder, firstOnly, { recursive: true });
  const journalFile = join(firstOnly, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }));
});
afterAll(async () => {
  await testDb?.drop();
  if (firstOnly) await rm(firstOnly, { recursive: true, force: true });
});

describe('inventory migrations', () => {
  it('gives grants made before 0001 their entry’s first-obtained time, and old summaries the oldest as_of', async () => {
    const before = createDatabase({ url: testDb.url, schema: SERVICE, migrationsFolder: firstOnly });
    try {
      await before.migrate();
      await before.pool.query(
        `insert into entries (id, user_id, card_id, quantity, obtained_at) values (1, 7, 3, 2, '2026-01-02T03:04:05Z')`,
      );
      await before.pool.query(
        `insert into grants (idempotency_key, user_id, card_id, entry_id, quantity, source, created_at)
         values ('first', 7, 3, 1, 1, 'drop', '2026-01-02T03:04:05Z'), ('second', 7, 3, 1, 2, 'drop', '2026-02-01T00:00:00Z')`,
      );
      await before.pool.query(
        `insert into card_summaries (id, character_id, character_name, rank_code, rank_title, rank_color, limited)
         values (3, 1, 'Frieren', 'S', 'Mythic', '#f44336', false)`,
      );
    } finally {
      await before.close();
    }

    const after = createDatabase({ url: testDb.url, schema: SERVICE, migrationsFolder });
    try {
      await after.migrate();
      const grants = await after.pool.query(
        'select idempotency_key, quantity, obtained_at from grants order by idempotency_key',
      );
      expect(grants.rows).toEqual([
        { idempotency_key: 'first', quantity: 1, obtained_at: new Date('2026-01-02T03:04:05Z') },
        { idempotency_key: 'second', quantity: 2, obtained_at: new Date('2026-01-02T03:04:05Z') },
      ]);
      const summaries = await after.pool.query('select as_of, deleted from card_summaries');
      expect(summaries.rows).toEqual([{ as_of: new Date(0), deleted: false }]);
    } finally {
      await after.close();
    }
  });
});
