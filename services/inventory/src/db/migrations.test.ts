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
let beforePrints: string;

/** The migrations as a database that had only the first `count` of them saw them. */
async function firstMigrations(count: number): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'inventory-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return folder;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  firstOnly = await firstMigrations(1);
  // Up to 0005: before print numbers.
  beforePrints = await firstMigrations(6);
});
afterAll(async () => {
  await testDb?.drop();
  for (const folder of [firstOnly, beforePrints])
    if (folder) await rm(folder, { recursive: true, force: true });
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

  it('numbers the copies held before print numbers by drop time, and keeps pending trades’ escrow', async () => {
    const db = await createTestDatabase();
    const before = createDatabase({ url: db.url, schema: SERVICE, migrationsFolder: beforePrints });
    try {
      await before.migrate();
      // Card 5: dropped to user 1, then user 2, then user 1 again; user 1's second copy is in a
      // pending trade's escrow. Card 6: two copies of user 3 with no recorded movement (a seed).
      await before.pool.query(
        `insert into entries (id, user_id, card_id, quantity, reserved, obtained_at) values
           (1, 1, 5, 2, 1, '2026-01-01T00:00:00Z'), (2, 2, 5, 1, 0, '2026-01-02T00:00:00Z'),
           (3, 3, 6, 2, 0, '2025-12-01T00:00:00Z'), (4, 4, 6, 0, 0, '2025-11-01T00:00:00Z')`,
      );
      await before.pool.query(
        `insert into movements (card_id, from_user_id, to_user_id, quantity, kind, occurred_at) values
           (5, null, 2, 1, 'drop', '2026-01-02T00:00:00Z'), (5, null, 1, 1, 'drop', '2026-01-03T00:00:00Z'),
           (5, null, 1, 1, 'drop', '2026-01-01T00:00:00Z')`,
      );
      await before.pool.query(`insert into trade_settlements (trade_id, state) values (77, 'reserved')`);
      await before.pool.query(`insert into reservations (trade_id, entry_id, quantity) values (77, 1, 1)`);
    } finally {
      await before.close();
    }

    const after = createDatabase({ url: db.url, schema: SERVICE, migrationsFolder });
    try {
      await after.migrate();
      const copies = await after.pool.query(
        'select card_id, print_number, entry_id, trade_id, dropped_at from copies order by card_id, print_number',
      );
      expect(copies.rows).toEqual([
        {
          card_id: 5,
          print_number: 1,
          entry_id: 1,
          trade_id: null,
          dropped_at: new Date('2026-01-01T00:00:00Z'),
        },
        {
          card_id: 5,
          print_number: 2,
          entry_id: 2,
          trade_id: null,
          dropped_at: new Date('2026-01-02T00:00:00Z'),
        },
        {
          card_id: 5,
          print_number: 3,
          entry_id: 1,
          trade_id: 77,
          dropped_at: new Date('2026-01-03T00:00:00Z'),
        },
        {
          card_id: 6,
          print_number: 1,
          entry_id: 3,
          trade_id: null,
          dropped_at: new Date('2025-12-01T00:00:00Z'),
        },
        {
          card_id: 6,
          print_number: 2,
          entry_id: 3,
          trade_id: null,
          dropped_at: new Date('2025-12-01T00:00:00Z'),
        },
      ]);
      const runs = await after.pool.query('select card_id, printed from print_runs order by card_id');
      expect(runs.rows).toEqual([
        { card_id: 5, printed: 3 },
        { card_id: 6, printed: 2 },
      ]);
    } finally {
      await after.close();
      await db.drop();
    }
  });
});
