import { demoAccounts } from '@acg/fakes';
import { createLogger, type Database, openServiceDatabase } from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authDatabase } from '../db/database';
import { outbox, users } from '../db/schema';
import { seedDemoUsers } from './demo-users';

let testDb: TestDatabase;
let database: Database;
const logger = createLogger('auth', 'silent');

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openServiceDatabase(authDatabase, testDb.url);
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

describe('demo user seed', () => {
  it('creates the demo accounts once, with their intended levels, and announces them', async () => {
    expect(await seedDemoUsers(database, demoAccounts, undefined, logger)).toBe(2);
    expect(await seedDemoUsers(database, demoAccounts, undefined, logger)).toBe(0);
    const rows = await database.db
      .select({ discordId: users.discordId, username: users.username, adminLevel: users.adminLevel })
      .from(users)
      .orderBy(asc(users.id));
    expect(rows).toEqual(
      demoAccounts.map((a) => ({
        discordId: a.discordId,
        username: a.username,
        adminLevel: a.intendedAdminLevel,
      })),
    );
    const events = await database.db.select().from(outbox).where(eq(outbox.type, 'user.created'));
    expect(events).toHaveLength(2);
  });
});
