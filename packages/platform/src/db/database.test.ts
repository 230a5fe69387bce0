import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXTURE_SCHEMA,
  fixtureMigrations,
  STARTUP_TIMEOUT_MS,
  tables,
} from './__fixtures__/fixture-database';
import { createDatabase, MIGRATIONS_TABLE } from './database';
import { createTestDatabase, type TestDatabase } from './test-database';

const open = (url: string, migrationsFolder = fixtureMigrations) =>
  createDatabase({ url, schema: FIXTURE_SCHEMA, migrationsFolder, tables, poolMax: 2 });

describe('createDatabase', { timeout: STARTUP_TIMEOUT_MS }, () => {
  const testDbs: TestDatabase[] = [];
  const fresh = async () => {
    const t = await createTestDatabase();
    testDbs.push(t);
    return t.url;
  };
  afterAll(async () => {
    for (const t of testDbs) await t.drop();
  });

  it('applies drizzle-kit migrations inside the service schema, and again as a no-op', async () => {
    const database = open(await fresh());
    try {
      await database.migrate();
      const schemaTables = await database.pool.query<{ table_name: string }>(
        'select table_name from information_schema.tables where table_schema = $1 order by table_name',
        [FIXTURE_SCHEMA],
      );
      expect(schemaTables.rows.map((r) => r.table_name)).toEqual(
        [MIGRATIONS_TABLE, 'cards', 'outbox', 'processed_messages'].sort(),
      );
      // drizzle's default `drizzle` schema is never created: services cannot collide there.
      const drizzleSchema = await database.pool.query(
        "select 1 from information_schema.schemata where schema_name = 'drizzle'",
      );
      expect(drizzleSchema.rowCount).toBe(0);

      await database.migrate();
      const applied = await database.pool.query(`select hash from ${FIXTURE_SCHEMA}.${MIGRATIONS_TABLE}`);
      // The fixture's two migrations (its tables, then the outbox's trace_parent), once each.
      expect(applied.rowCount).toBe(2);

      // Unqualified names resolve to the service schema (search_path).
      await database.pool.query("insert into cards (name) values ('Megumin')");
      expect((await database.db.select().from(tables.cards)).map((c) => c.name)).toEqual(['Megumin']);
    } finally {
      await database.close();
    }
  });

  it('serialises concurrent migrations of one schema (replicas starting together)', async () => {
    const url = await fresh();
    const replicas = Array.from({ length: 4 }, () => open(url));
    try {
      await Promise.all(replicas.map((r) => r.migrate()));
      const applied = await replicas[0]!.pool.query(`select hash from ${FIXTURE_SCHEMA}.${MIGRATIONS_TABLE}`);
      expect(applied.rowCount).toBe(2);
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
    }
  });

  it('applies a later migration on top of an earlier one', async () => {
    const url = await fresh();
    const folder = await mkdtemp(join(tmpdir(), 'acg-migrations-'));
    try {
      await cp(fixtureMigrations, folder, { recursive: true });
      const first = open(url, folder);
      await first.migrate();
      await first.close();

      // A second migration as drizzle-kit would write it: a SQL file plus a journal entry.
      const journalPath = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalPath, 'utf8'));
      const last = journal.entries[journal.entries.length - 1];
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '0002_card_rank' });
      await writeFile(journalPath, JSON.stringify(journal));
      await writeFile(
        join(folder, '0002_card_rank.sql'),
        'ALTER TABLE "fixture"."cards" ADD COLUMN "rank" text;',
      );

      const second = open(url, folder);
      try {
        await second.migrate();
        const columns = await second.pool.query(
          "select 1 from information_schema.columns where table_schema = 'fixture' and table_name = 'cards' and column_name = 'rank'",
        );
        expect(columns.rowCount).toBe(1);
        expect(
          (await second.pool.query(`select 1 from ${FIXTURE_SCHEMA}.${MIGRATIONS_TABLE}`)).rowCount,
        ).toBe(3);
      } finally {
        await second.close();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('explains a migration that creates the service schema itself', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'acg-migrations-'));
    try {
      await cp(fixtureMigrations, folder, { recursive: true });
      const sqlFile = (await readdir(folder)).find((f) => f.endsWith('.sql'))!;
      const original = await readFile(join(folder, sqlFile), 'utf8');
      await writeFile(
        join(folder, sqlFile),
        `CREATE SCHEMA "fixture";\n--> statement-breakpoint\n${original}`,
      );
      const database = open(await fresh(), folder);
      try {
        await expect(database.migrate()).rejects.toThrow(/do not export the pgSchema/);
      } finally {
        await database.close();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses to migrate without a migrations folder', async () => {
    const database = createDatabase({ url: await fresh(), schema: FIXTURE_SCHEMA });
    try {
      await expect(database.migrate()).rejects.toThrow(/no migrationsFolder/);
    } finally {
      await database.close();
    }
  });

  describe('transactions and readiness', () => {
    let database: ReturnType<typeof open>;
    beforeAll(async () => {
      database = open(await fresh());
      await database.migrate();
    }, STARTUP_TIMEOUT_MS);
    afterAll(() => database.close());

    it('commits, or rolls back everything when the function throws', async () => {
      await database.transaction(async (tx) => {
        await tx.insert(tables.cards).values({ name: 'Rem', copies: 1 });
      });
      await expect(
        database.transaction(async (tx) => {
          await tx.insert(tables.cards).values({ name: 'Ram', copies: 1 });
          await tx.execute(sql`update ${tables.cards} set copies = copies + 1`);
          throw new Error('trade failed');
        }),
      ).rejects.toThrow('trade failed');
      const cards = await database.db.select().from(tables.cards);
      expect(cards.map((c) => [c.name, c.copies])).toEqual([['Rem', 1]]);
    });

    it('is ready while open and not after close', async () => {
      expect(await database.ready()).toBe(true);
      await database.close();
      expect(await database.ready()).toBe(false);
    });
  });
});
