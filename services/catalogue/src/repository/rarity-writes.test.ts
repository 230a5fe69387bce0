import { CARDS_RESCORED_BATCH, CARDS_UPDATED_BATCH, cardsRescored, cardsUpdated } from '@acg/contracts';
import type { Database } from '@acg/platform';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, characters, outbox, RARITY_HISTORY_BLOCK, ranks, rarityHistory, seasons } from '../db/schema';
import { cardVersion } from '../domain/card-version';
import { seedLargeCatalogue } from '../seed/large';
import { openCatalogueTestDatabase } from '../test/harness';
import { findCardSummaries } from './cards';
import { type RarityChange, writeRarityChanges } from './rarity-writes';

let database: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ database, close } = await openCatalogueTestDatabase());
  await seedLargeCatalogue(database, { characters: 400, cardsPerCharacter: 3, anime: 4 });
});
afterAll(() => close?.());

/** Every string JSON.stringify escapes, and what it does not: quotes, controls, non-ASCII. */
const AWKWARD = [
  'Rin "the Blade" \\ Tohsaka',
  'line\nbreak\ttab\rreturn\bback\fform',
  `ctrl\u0001\u001f\u007f end`,
  '東方 — 🐉 café <b>&amp;</b> \u2028\u2029 /slash',
  '',
];

describe('a rarity run writes its changes in one statement', () => {
  it('announces each changed card with exactly the summary findCardSummaries gives, version included', async () => {
    const db = database.db;
    // Awkward text in every string field of a summary, and nulls where a field may be null.
    await db
      .update(characters)
      .set({
        name: AWKWARD[0]!,
        altname: AWKWARD[1]!,
        imageUrl: AWKWARD[3]!,
        names: { en: AWKWARD[0]!, ru: AWKWARD[1]!, ja: AWKWARD[3]! },
      })
      .where(eq(characters.id, 1));
    await db
      .update(characters)
      .set({ name: AWKWARD[2]!, altname: null, imageUrl: null, names: { ja: AWKWARD[2]! } })
      .where(eq(characters.id, 2));
    await db.update(characters).set({ name: AWKWARD[4]!, altname: AWKWARD[3]! }).where(eq(characters.id, 3));
    const [rank] = await db.select().from(ranks).orderBy(asc(ranks.id)).limit(1);
    await db
      .update(ranks)
      .set({ title: AWKWARD[3]!, color: AWKWARD[0]!, imageUrl: AWKWARD[2]! })
      .where(eq(ranks.id, rank!.id));
    const [season] = await db
      .insert(seasons)
      .values({ title: 'Winter', startDate: '2026-01-01', endDate: '2026-03-31' })
      .returning();
    await db
      .update(cards)
      .set({ imageUrl: AWKWARD[1]!, limited: true, seasonId: season!.id })
      .where(eq(cards.id, 1));
    await db.update(cards).set({ imageUrl: null, limited: false, seasonId: null }).where(eq(cards.id, 2));

    const all = await db.select({ id: cards.id, rankId: cards.rankId }).from(cards).orderBy(asc(cards.id));
    expect(all.length).toBe(1200);
    const otherRank = (id: number) => (id === rank!.id ? rank!.id + 1 : rank!.id);
    // Scores only, a rank only (onto the awkward rank), both; a card gone since it was read.
    const changes = all.flatMap((c) => {
      if (c.id % 4 === 0) return [];
      const score = c.id % 4 === 2 ? null : Math.round(c.id * 7.31) / 100;
      const rankId = c.id % 4 === 1 ? null : otherRank(c.rankId);
      return [{ id: c.id, score, rankId }];
    });
    changes.push({ id: 999_999, score: 50, rankId: null });
    const before = new Map(
      (
        await findCardSummaries(
          db,
          all.map((c) => c.id),
        )
      ).map((s) => [s.id, s]),
    );

    const written = await database.transaction((tx) => writeRarityChanges(tx, changes));

    const changedIds = changes.map((c) => c.id).filter((id) => id !== 999_999);
    // A rank change (and a score with it) goes out as a summary; a score alone as a rescore.
    const ranked = changes.filter((c) => c.rankId !== null);
    const rescored = changes.filter((c) => c.rankId === null && c.id !== 999_999);
    expect(ranked.length).toBeGreaterThan(CARDS_UPDATED_BATCH);
    expect(rescored.length).toBeGreaterThan(0);
    // Events take their cards by position in the id-sorted changes, a batch per BATCH positions.
    const sortedIds = changes.map((c) => c.id).sort((a, b) => a - b);
    const batches = (kind: RarityChange[], size: number) =>
      new Set(kind.map((c) => Math.floor(sortedIds.indexOf(c.id) / size))).size;
    expect(written).toBe(batches(ranked, CARDS_UPDATED_BATCH) + batches(rescored, CARDS_RESCORED_BATCH));
    const expected = await findCardSummaries(db, changedIds);
    expect(expected.map((s) => s.id)).toEqual(changedIds);
    // The stored scores and ranks are the new ones.
    for (const c of changes.slice(0, -1)) {
      const now = expected.find((s) => s.id === c.id)!;
      expect(now.rarityScore).toBe(c.score ?? before.get(c.id)!.rarityScore);
      if (c.rankId === null) expect(now.rankCode).toBe(before.get(c.id)!.rankCode);
      else expect(now.rankCode).not.toBe(before.get(c.id)!.rankCode);
    }
    const events = await db.select().from(outbox).where(eq(outbox.type, cardsUpdated.type));
    expect(events).toHaveLength(batches(ranked, CARDS_UPDATED_BATCH));
    for (const e of events) {
      expect(e.version).toBe(cardsUpdated.version);
      expect(e.publishedAt).toBeNull();
    }
    // Each event passes the contract inventory parses it with, and carries what a read gives.
    const announced = events
      .flatMap((e) => cardsUpdated.data.parse(e.data).cards)
      .sort((a, b) => a.id - b.id);
    expect(announced).toEqual(expected.filter((s) => ranked.some((c) => c.id === s.id)));
    for (const s of announced) {
      const { version, ...rest } = s;
      expect(version).toBe(cardVersion(rest));
    }
    // The awkward cards really are among them (card 2's rank changed, onto or off the awkward rank).
    expect(announced.find((s) => s.id === 2)?.characterName).toBe(AWKWARD[0]);
    expect(announced.filter((s) => s.rankTitle === AWKWARD[3]).length).toBeGreaterThan(0);
    // The score-only changes: ids and new scores, in id order.
    const rescoreEvents = await db.select().from(outbox).where(eq(outbox.type, cardsRescored.type));
    expect(rescoreEvents.map((e) => e.version)).toEqual([cardsRescored.version]);
    expect(cardsRescored.data.parse(rescoreEvents[0]!.data)).toEqual({
      ids: rescored.map((c) => c.id),
      scores: rescored.map((c) => c.score),
    });

    // Every changed score in the history, in its block's row; none for a rank-only change or a
    // card gone.
    const rows = await db.select().from(rarityHistory).orderBy(asc(rarityHistory.block));
    for (const row of rows)
      for (const id of row.cardIds) expect(Math.floor(id / RARITY_HISTORY_BLOCK)).toBe(row.block);
    expect(rows.flatMap((r) => r.cardIds.map((cardId, i) => ({ cardId, score: r.scores[i] })))).toEqual(
      changes
        .filter((c) => c.score !== null && c.id !== 999_999)
        .map((c) => ({ cardId: c.id, score: c.score })),
    );
    const [{ n } = { n: -1 }] = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from ${outbox}`)
    ).rows;
    expect(n).toBe(written);
  });
});
