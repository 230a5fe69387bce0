import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import { createDatabase, type Database } from '../database';
import { createTestDatabase, type TestDatabase } from '../test-database';
import * as tables from './schema';

export const FIXTURE_SCHEMA = 'fixture';
/** Starting the embedded server runs initdb: seconds when many test files start at once. */
export const STARTUP_TIMEOUT_MS = 60_000;
export const fixtureMigrations = fileURLToPath(new URL('./drizzle', import.meta.url));
export { tables };

export type FixtureDatabase = Database<typeof tables>;

/** A migrated fixture database on a fresh test database; `open()` adds replicas (own pools). */
export async function openFixtureDatabase(): Promise<{
  database: FixtureDatabase;
  open: () => FixtureDatabase;
  close: () => Promise<void>;
  testDb: TestDatabase;
}> {
  const testDb = await createTestDatabase();
  const opened: FixtureDatabase[] = [];
  const open = () => {
    const db = createDatabase({
      url: testDb.url,
      schema: FIXTURE_SCHEMA,
      migrationsFolder: fixtureMigrations,
      tables,
      poolMax: 4,
    });
    opened.push(db);
    return db;
  };
  const database = open();
  await database.migrate();
  return {
    database,
    open,
    testDb,
    async close() {
      await Promise.all(opened.map((db) => db.close()));
      await testDb.drop();
    },
  };
}

/** Polls until `check` neither throws nor returns false: an assertion that waits (vitest's polling). */
export async function eventually(check: () => Promise<unknown>, timeoutMs = 20_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if ((await check()) === false) throw new Error('condition not met yet');
    },
    { timeout: timeoutMs, interval: 20 },
  );
}
