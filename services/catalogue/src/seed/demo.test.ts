import { cardCreated, cardSummarySchema } from '@acg/contracts';
import type { Database } from '@acg/platform';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anime, animeCharacters, cards, characters, franchises, outbox, ranks, seasons } from '../db/schema';
import { openCatalogueTestDatabase } from '../test/harness';
import { seedDemoCatalogue } from './demo';
import { DEMO_ANIME, DEMO_CHARACTERS, DEMO_RANKS, DEMO_SEASONS } from './demo-catalogue';

/** What the demo data holds (derived from it, not a literal). */
const demoLimited = DEMO_CHARACTERS.flatMap((c) => c.limited ?? []);
const demoCards = DEMO_CHARACTERS.reduce((n, c) => n + c.cards.length, 0) + demoLimited.length;

let opened: Awaited<ReturnType<typeof openCatalogueTestDatabase>>;
let database: Database;
beforeAll(async () => {
  opened = await openCatalogueTestDatabase();
  database = opened.database;
});
afterAll(() => opened?.close());

const countOf = async (table: PgTable) => (await database.db.select({ n: count() }).from(table))[0]!.n;

describe('the demo catalogue', () => {
  it('is seeded once, even by replicas starting together', async () => {
    const results = await Promise.all([seedDemoCatalogue(database), seedDemoCatalogue(database)]);
    expect(results.sort()).toEqual([false, true]);
    expect(await seedDemoCatalogue(database)).toBe(false);
    expect(await countOf(ranks)).toBe(DEMO_RANKS.length);
  });

  it('holds the whole demo data: its anime, franchises, characters, cards and seasons', async () => {
    expect(await countOf(anime)).toBe(DEMO_ANIME.length);
    expect(await countOf(franchises)).toBe(new Set(DEMO_ANIME.map((a) => a.franchise)).size);
    expect(await countOf(characters)).toBe(DEMO_CHARACTERS.length);
    expect(await countOf(cards)).toBe(demoCards);
    expect(await countOf(seasons)).toBe(Object.keys(DEMO_SEASONS).length);
    const inTwo = await database.db
      .select({ id: animeCharacters.characterId })
      .from(animeCharacters)
      .groupBy(animeCharacters.characterId)
      .having(sql`count(*) = 2`);
    expect(inTwo).toHaveLength(9);
    // Every character belongs to an anime and has a card; none has an image (art is generated).
    expect(await database.db.select().from(characters).where(isNotNull(characters.imageUrl))).toEqual([]);
    const [orphans] = await database.db
      .select({ n: count() })
      .from(characters)
      .where(
        sql`not exists (select 1 from ${animeCharacters} where ${animeCharacters.characterId} = ${characters.id}) or not exists (select 1 from ${cards} where ${cards.characterId} = ${characters.id})`,
      );
    expect(orphans!.n).toBe(0);
  });

  it('has limited cards in a running and in a past season, and cards of every rank', async () => {
    const limited = await database.db
      .select({ start: seasons.startDate, end: seasons.endDate })
      .from(cards)
      .innerJoin(seasons, eq(seasons.id, cards.seasonId))
      .where(eq(cards.limited, true));
    const today = new Date().toISOString().slice(0, 10);
    const running = limited.filter((s) => s.start <= today && today <= s.end);
    expect(limited).toHaveLength(demoLimited.length);
    expect(running).toHaveLength(demoLimited.filter((l) => l.season === 'current').length);
    expect(running.length).toBeGreaterThan(0);
    expect(running.length).toBeLessThan(limited.length);
    const perRank = await database.db
      .select({ code: ranks.code, n: count() })
      .from(cards)
      .innerJoin(ranks, eq(ranks.id, cards.rankId))
      .groupBy(ranks.code);
    expect(perRank).toHaveLength(DEMO_RANKS.length);
  });

  it('announced every card with card.created, in the seeding transaction', async () => {
    const events = await database.db.select().from(outbox).where(eq(outbox.type, cardCreated.type));
    expect(events).toHaveLength(demoCards);
    const summaries = events.map((e) => cardSummarySchema.parse(e.data));
    expect(new Set(summaries.map((s) => s.id)).size).toBe(demoCards);
  });
});

describe('the demo catalogue in three languages', () => {
  it('names every character and anime in English, Russian and Japanese, and describes each in Russian', async () => {
    const rows = await database.db
      .select({ names: characters.names, descriptions: characters.descriptions })
      .from(characters);
    expect(rows).toHaveLength(DEMO_CHARACTERS.length);
    for (const r of rows) {
      expect(r.names.en, JSON.stringify(r.names)).toMatch(/^[A-Za-z]/);
      expect(r.names.ru, JSON.stringify(r.names)).toMatch(/^[А-ЯЁ]/);
      expect(r.names.ja, JSON.stringify(r.names)).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(r.descriptions.ru, JSON.stringify(r.names)).toMatch(/[а-яё]/);
    }
    const titles = await database.db.select({ titles: anime.titles }).from(anime);
    for (const { titles: t } of titles)
      expect([t.en, t.ru, t.ja].every(Boolean), JSON.stringify(t)).toBe(true);
  });

  it('announces each card with its character’s names', async () => {
    const [event] = await database.db.select().from(outbox).where(eq(outbox.type, cardCreated.type)).limit(1);
    const summary = cardSummarySchema.parse(event!.data);
    expect(Object.keys(summary.characterNames ?? {}).sort()).toEqual(['en', 'ja', 'ru']);
  });
});

describe('the demo catalogue with demo art (DEMO_ART_BASE_URL)', () => {
  it('gives every demo character its own portrait under the base URL', async () => {
    const art = await openCatalogueTestDatabase();
    const artDatabase = art.database;
    try {
      const base = 'http://127.0.0.1:4197/uploads/art/';
      expect(await seedDemoCatalogue(artDatabase, { artBaseUrl: base })).toBe(true);
      const rows = await artDatabase.db
        .select({ name: characters.name, imageUrl: characters.imageUrl })
        .from(characters);
      const artOf = new Map(rows.map((r) => [r.name, r.imageUrl]));
      expect(artOf.get('Edward Elric')).toBe('http://127.0.0.1:4197/uploads/art/edward-elric.jpg');
      expect(artOf.get('Asuka Langley Soryu')).toBe(
        'http://127.0.0.1:4197/uploads/art/asuka-langley-soryu.jpg',
      );
      const urls = DEMO_CHARACTERS.map((ch) => artOf.get(ch.name));
      expect(urls.every((u) => u?.startsWith('http://127.0.0.1:4197/uploads/art/'))).toBe(true);
      expect(new Set(urls).size).toBe(DEMO_CHARACTERS.length);
    } finally {
      await art.close();
    }
  });
});
