import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
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

/** Polls until `check` neither throws nor returns false: an assertion that waits. */
export async function eventually(check: () => Promise<unknown>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await check()) !== false) return;
      if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
    await sleep(20);
  }
}
