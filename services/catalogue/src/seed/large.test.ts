import { createLogger, type Database, openServiceDatabase } from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animeCharacters, characters } from '../db/schema';
import { catalogueDatabase } from '../start';
import { seedLargeCatalogue } from './large';

let testDb: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openServiceDatabase(
    catalogueDatabase,
    testDb.url,
    createLogger('catalogue-test', 'silent'),
  );
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

describe('large catalogue seed', () => {
  it('creates characters in one or two anime and cards across the rank ladder', async () => {
    const cards = await seedLargeCatalogue(database, { characters: 500, cardsPerCharacter: 3, anime: 40 });
    expect(cards).toHaveLength(1500);
    expect(new Set(cards.map((c) => c.rankCode)).size).toBe(9);
    const [chars] = await database.db.select({ n: count() }).from(characters);
    const [links] = await database.db.select({ n: count() }).from(animeCharacters);
    expect(chars?.n).toBe(500);
    expect(links?.n).toBe(600);
    await expect(seedLargeCatalogue(database, { characters: 1 })).rejects.toThrow(/empty catalogue/);
  });
});
