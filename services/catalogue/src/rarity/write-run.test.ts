import { auditRecorded, inventoryCardStats } from '@acg/contracts';
import {
  createLogger,
  createMemoryBus,
  type Database,
  openServiceDatabase,
  systemAuditEvent,
} from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, outbox, rankRevisions, ranks, rarityRuns } from '../db/schema';
import { seedLargeCatalogue } from '../seed/large';
import { catalogueDatabase } from '../start';
import { readCards, readFigures, readRanks } from './inputs';
import { history } from './records';
import { RARITY_LOCK, type RunResult, writeRun } from './write-run';

let testDb: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openServiceDatabase(catalogueDatabase, testDb.url, createLogger('rarity-test', 'silent'));
  await seedLargeCatalogue(database, { characters: 4, cardsPerCharacter: 2, anime: 2 });
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

const result = (method: RunResult['method']): RunResult => {
  const at = new Date().toISOString();
  const none = {
    updated: 0,
    total: 0,
    startedAt: at,
    finishedAt: at,
    durationMs: 0,
    updatedIds: [],
    errors: [],
  };
  return { rarityScores: none, cardRanks: none, totalDuration: 1, method };
};

describe('write and audit (step 5)', () => {
  it('writes the thresholds, the changed scores and ranks with their history, the run and its audit event at once', async () => {
    const [first, second] = await readCards(database.db);
    const rankList = await readRanks(database.db);
    const top = rankList.at(-1)!;
    const { written, revision } = await database.transaction((tx) =>
      writeRun(tx, {
        type: 'manual',
        thresholds: rankList.map((r, i) => ({ id: r.id, threshold: i * 10 })),
        changedScores: [{ id: first!.id, score: 42.5 }],
        rankChanges: [{ id: second!.id, rankId: top.id }],
        audit: (r) =>
          systemAuditEvent('catalogue', {
            action: 'rarity.test',
            category: 'cards',
            description: `${r.method} run`,
          }),
        finish: () => result('smart'),
        revision: { kind: 'smart', actorId: 7 },
      }),
    );
    expect(written).toBeGreaterThanOrEqual(2);
    // The revision keeps the moved card's rank before and after, and the thresholds before.
    const [kept] = await database.db.select().from(rankRevisions);
    expect(kept).toMatchObject({
      id: revision,
      kind: 'smart',
      actorId: 7,
      cardIds: [second!.id],
      ranksBefore: [second!.rankId],
      ranksAfter: [top.id],
      thresholdsBefore: rankList.map((r) => ({ id: r.id, code: r.code, threshold: r.threshold })),
    });
    const after = await database.db.select().from(cards).orderBy(asc(cards.id));
    expect(after.find((c) => c.id === first!.id)?.rarityScore).toBe(42.5);
    expect(after.find((c) => c.id === second!.id)?.rankId).toBe(top.id);
    expect((await readRanks(database.db)).map((r) => r.threshold)).toEqual(rankList.map((_, i) => i * 10));
    expect((await history(database.db, first!.id)).map((h) => h.score)).toEqual([42.5]);
    const [run] = await database.db.select().from(rarityRuns);
    expect(run).toMatchObject({ type: 'manual', method: 'smart' });
    const audits = await database.db.select().from(outbox).where(eq(outbox.type, auditRecorded.type));
    expect(audits.map((a) => (a.data as { description: string }).description)).toEqual(['smart run']);
  });

  it('refuses while another replica holds the rarity lock, writing nothing', async () => {
    // Another replica's run: a transaction holding the lock until the test lets it go.
    let letGo!: () => void;
    const done = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const other = database.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${RARITY_LOCK})`);
      locked();
      await done;
    });
    await holding;
    try {
      const rankList = await readRanks(database.db);
      const before = await database.db.select().from(ranks).orderBy(asc(ranks.id));
      await expect(
        database.transaction((tx) =>
          writeRun(tx, {
            type: 'auto',
            thresholds: rankList.map((r) => ({ id: r.id, threshold: 99 })),
            changedScores: [],
            rankChanges: [],
            finish: () => result('percentile'),
          }),
        ),
      ).rejects.toMatchObject({ status: 409, details: { reason: 'already_running' } });
      expect(await database.db.select().from(ranks).orderBy(asc(ranks.id))).toEqual(before);
      expect(await database.db.select().from(rarityRuns)).toHaveLength(1);
    } finally {
      letGo();
      await other;
    }
  });
});

describe('load inputs (step 1)', () => {
  it('says inventory cannot give the figures as a 503 with its reason', async () => {
    const logger = createLogger('rarity-test', 'silent');
    const bus = createMemoryBus({ logger });
    await expect(
      readFigures({ db: database.db, bus, logger, activeDays: 30, pageSize: 100 }),
    ).rejects.toMatchObject({ status: 503, details: { reason: 'inventory_unavailable' } });
    const served = bus.serve(inventoryCardStats, async () => ({
      cardIds: [1, 2],
      activeOwners: [3, 0],
      owners: [4, 1],
      copies: [5, 1],
      likes: [0, 2],
      activePlayers: 7,
      maxCardId: 8,
    }));
    try {
      const { figures, activePlayers } = await readFigures({
        db: database.db,
        bus,
        logger,
        activeDays: 30,
        pageSize: 100,
      });
      expect(activePlayers).toBe(7);
      expect([...figures.activeOwners.slice(0, 4)]).toEqual([0, 3, 0, 0]);
      expect([...figures.likes.slice(0, 3)]).toEqual([0, 0, 2]);
    } finally {
      await served.stop();
      await bus.drain();
    }
  });
});
