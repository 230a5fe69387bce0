import {
  CARD_STATS_PAGE,
  CARDS_RESCORED_BATCH,
  cardsRescored,
  cardsUpdated,
  cardUpdated,
  inventoryCardStats,
} from '@acg/contracts';
import {
  createLogger,
  createMemoryBus,
  createMemoryCache,
  type Database,
  type InspectableBus,
  openServiceDatabase,
  packInts,
} from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueCaches } from '../caches';
import { cards, outbox } from '../db/schema';
import { seedLargeCatalogue } from '../seed/large';
import { catalogueDatabase } from '../start';
import { rarityScore } from './formulas';
import { createRarityJob } from './rarity-job';

const logger = createLogger('rarity-test', 'silent');
const ACTIVE_PLAYERS = 11;
/** What inventory would count for a card: some cards held by nobody, some only by idle players. */
const activeOwnersOf = (id: number) => (id % 5 === 0 ? 0 : (id * 7) % ACTIVE_PLAYERS);

let testDb: TestDatabase;
let database: Database;
let bus: InspectableBus;
/** The pages inventory was asked for. */
const asked: Array<{
  afterCardId: number;
  span: number;
  runId?: string;
  release?: boolean;
  packed?: boolean;
}> = [];
/** Whether the stand-in answers `packed` when asked (false: an inventory that predates it). */
let answerPacked = true;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openServiceDatabase(catalogueDatabase, testDb.url, logger);
  await seedLargeCatalogue(database, { characters: 12, cardsPerCharacter: 3, anime: 3 });
  bus = createMemoryBus({ logger });
  // A stand-in inventory answering each page from the figures above.
  bus.serve(inventoryCardStats, async (page) => {
    asked.push(page);
    const ids = Array.from({ length: page.span }, (_, i) => page.afterCardId + 1 + i).filter(
      (id) => id <= 36 && id % 5 !== 0,
    );
    const lists = {
      cardIds: ids,
      activeOwners: ids.map(activeOwnersOf),
      owners: ids.map((id) => activeOwnersOf(id) + 1),
      copies: ids.map((id) => activeOwnersOf(id) + 2),
      likes: ids.map(() => 0),
    };
    const totals = { activePlayers: ACTIVE_PLAYERS, maxCardId: 36 };
    if (!(page.packed && answerPacked)) return { ...lists, ...totals };
    const packed = Object.fromEntries(Object.entries(lists).map(([k, v]) => [k, packInts(v)]));
    return {
      ...{ cardIds: [], activeOwners: [], owners: [], copies: [], likes: [] },
      packed: packed as Record<keyof typeof lists, string>,
      ...totals,
    };
  });
});
afterAll(async () => {
  await bus?.drain();
  await database?.close();
  await testDb?.drop();
});

const job = (pageSize?: number) =>
  createRarityJob({
    database,
    bus,
    caches: catalogueCaches(createMemoryCache()),
    logger,
    activeDays: 90,
    pageSize,
  });

describe('rarity recalculation, page by page', () => {
  it('scores every card as computed directly, over many small pages of one run, and writes each change once', async () => {
    const list = await database.db
      .select({ id: cards.id, rarityScore: cards.rarityScore })
      .from(cards)
      .orderBy(asc(cards.id));
    expect(list.map((c) => c.id)).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    const direct = new Map(list.map((c) => [c.id, rarityScore(activeOwnersOf(c.id), ACTIVE_PLAYERS)]));
    const willChange = list.filter((c) => Math.round(c.rarityScore * 100) / 100 !== direct.get(c.id));

    const result = await job(5).run({ type: 'manual', method: 'scores' });

    // 8 pages of 5 card ids, one run id, released on the last page only.
    expect(asked.map((p) => [p.afterCardId, p.span])).toEqual(
      Array.from({ length: 8 }, (_, i) => [i * 5, 5]),
    );
    expect(new Set(asked.map((p) => p.runId)).size).toBe(1);
    expect(asked.map((p) => p.release)).toEqual([...Array(7).fill(false), true]);

    const after = await database.db
      .select({ id: cards.id, rarityScore: cards.rarityScore })
      .from(cards)
      .orderBy(asc(cards.id));
    expect(after.map((c) => [c.id, c.rarityScore])).toEqual(list.map((c) => [c.id, direct.get(c.id)]));
    expect(result.rarityScores).toMatchObject({ updated: willChange.length, total: 36 });
    // Each changed card's history holds its new score; an unchanged card's is empty.
    const scoring = job(5);
    for (const c of list) {
      const history = await scoring.history(c.id);
      const changed = willChange.some((w) => w.id === c.id);
      expect(history.map((h) => h.score)).toEqual(changed ? [direct.get(c.id)] : []);
    }
    // Scores alone changed: the cards go out as one cards.rescored (ids and scores), not as
    // summaries or one card.updated each.
    for (const type of [cardUpdated.type, cardsUpdated.type])
      expect(await database.db.select().from(outbox).where(eq(outbox.type, type))).toEqual([]);
    const events = await database.db.select().from(outbox).where(eq(outbox.type, cardsRescored.type));
    expect(events.length).toBe(Math.ceil(willChange.length / CARDS_RESCORED_BATCH));
    const announced = cardsRescored.data.parse(events[0]!.data);
    expect(announced.ids).toEqual(willChange.map((c) => c.id));
    expect(announced.scores).toEqual(willChange.map((c) => direct.get(c.id)));

    // Read in one page, the same figures change nothing; from an inventory that answers arrays
    // (it predates `packed`) too.
    for (const packed of [true, false]) {
      answerPacked = packed;
      asked.length = 0;
      const again = await job(CARD_STATS_PAGE).run({ type: 'manual', method: 'scores' });
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({ packed: true, scoresOnly: true });
      expect(again.rarityScores.updated).toBe(0);
    }
  });
});
