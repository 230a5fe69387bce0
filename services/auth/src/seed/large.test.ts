import { createLogger, type Database, openServiceDatabase } from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authDatabase } from '../db/database';
import { seedLargeUsers, seedUsername } from './large';

let testDb: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openServiceDatabase(authDatabase, testDb.url, createLogger('auth-test', 'silent'));
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

describe('large user seed', () => {
  it('inserts distinct deterministic users in batches and is safe to run twice', async () => {
    const users = await seedLargeUsers(database, 2500);
    expect(users).toHaveLength(2500);
    expect(new Set(users.map((u) => u.discordId)).size).toBe(2500);
    expect(users[7]?.username).toBe(seedUsername(7));
    expect(await seedLargeUsers(database, 2500)).toHaveLength(0);
  });
});
