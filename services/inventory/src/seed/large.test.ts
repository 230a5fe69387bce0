import { createLogger, type Database, openServiceDatabase } from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { count, countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSummaries, entries, likes, userSummaries } from '../db/schema';
import { toInventoryEntry } from '../domain/entry-view';
import { findUserEntries } from '../repository/entries';
import { inventoryDatabase } from '../start';
import { card } from '../test/harness';
import { seedLargeInventory, type UserSeed } from './large';

let testDb: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openServiceDatabase(
    inventoryDatabase,
    testDb.url,
    createLogger('inventory-test', 'silent'),
  );
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

const users = (from: number, n: number): UserSeed[] =>
  Array.from({ length: n }, (_, i) => ({
    id: from + i,
    username: `fan_${from + i}`,
    discordId: String(900_000_000_000_000_000n + BigInt(from + i)),
    avatar: null,
  }));
const cards = Array.from({ length: 3000 }, (_, i) =>
  card(i + 1, { limited: i % 10 === 0, characterId: 1 + Math.floor(i / 3) }),
);

/** A user's entries and likes as plain rows, to compare two seeds. */
const holdings = async (userId: number) => ({
  entries: await database.db
    .select({ cardId: entries.cardId, quantity: entries.quantity })
    .from(entries)
    .where(eq(entries.userId, userId))
    .orderBy(entries.cardId),
  likes: await database.db
    .select({ cardId: likes.cardId })
    .from(likes)
    .where(eq(likes.userId, userId))
    .orderBy(likes.cardId),
});

describe('seedLargeInventory', () => {
  it('bulk-inserts read models, distinct entries and likes per user, fast', async () => {
    const t0 = performance.now();
    const result = await seedLargeInventory(database, { users: users(1, 2000), cards });
    const ms = performance.now() - t0;
    expect(result).toMatchObject({ cards: 3000, users: 2000, entries: 60_000, likes: 40_000 });
    expect(ms).toBeLessThan(15_000);

    const [e] = await database.db
      .select({
        n: count(),
        users: countDistinct(entries.userId),
        copies: sql<number>`sum(${entries.quantity})::int`,
      })
      .from(entries);
    expect(e).toEqual({ n: 60_000, users: 2000, copies: result.copies });
    expect(result.copies).toBeGreaterThan(60_000);
    // Every seeded copy has its print number: per card 1…n, and the print runs say n.
    const { rows: prints } = await database.pool.query(
      `select count(*)::int as copies,
         (select count(*)::int from (select card_id from copies group by card_id
            having max(print_number) <> count(*) or min(print_number) <> 1) gapped) as gapped,
         (select sum(printed)::int from print_runs) as printed
       from copies`,
    );
    expect(prints[0]).toEqual({ copies: result.copies, gapped: 0, printed: result.copies });
    const [l] = await database.db.select({ n: count() }).from(likes);
    expect(l?.n).toBe(40_000);
    const [c] = await database.db.select({ n: count() }).from(cardSummaries);
    const [u] = await database.db.select({ n: count() }).from(userSummaries);
    expect([c?.n, u?.n]).toEqual([3000, 2000]);

    // Some cards are popular: the most held card has many more owners than the average of 20.
    const [top] = await database.db
      .select({ owners: count() })
      .from(entries)
      .groupBy(entries.cardId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    expect(top!.owners).toBeGreaterThan(60);

    // The rows read back as listings.
    const mine = (await findUserEntries(database.db, 1)).map((row) => toInventoryEntry(row, 'en'));
    expect(mine).toHaveLength(30);
    expect(mine.every((m) => !m.character.startsWith('Card #'))).toBe(true);
  });

  it('gives the same entries and likes for the same seed', async () => {
    await seedLargeInventory(database, { users: users(10_001, 3), cards, seed: 7 });
    const first = await Promise.all([10_001, 10_002, 10_003].map(holdings));
    await database.db.delete(entries).where(sql`${entries.userId} > 10000`);
    await database.db.delete(likes).where(sql`${likes.userId} > 10000`);
    await seedLargeInventory(database, { users: users(10_001, 3), cards, seed: 7, entriesPerUser: 30 });
    expect(await Promise.all([10_001, 10_002, 10_003].map(holdings))).toEqual(first);

    await seedLargeInventory(database, {
      users: users(20_001, 1),
      cards,
      seed: 8,
      entriesPerUser: 5,
      likesPerUser: 0,
    });
    const other = await holdings(20_001);
    expect(other.entries).toHaveLength(5);
    expect(other.likes).toEqual([]);
  });
});
