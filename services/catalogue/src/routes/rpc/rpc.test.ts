import {
  type CardSummary,
  cardSummarySchema,
  cardsDraw,
  cardsGet,
  cardsSeries,
  catalogueAnimeExternalIds,
} from '@acg/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anime, seasons } from '../../db/schema';
import { createCardDrawer } from '../../draw/draw-card';
import { createDrawPool } from '../../draw/draw-pool';
import { type CatalogueHarness, startCatalogue } from '../../test/harness';

let h: CatalogueHarness;
beforeAll(async () => {
  h = await startCatalogue();
});
afterAll(() => h?.close());

const draw = async (weights: Record<string, number>, at?: string) =>
  (await h.bus.request(cardsDraw, { weights, ...(at ? { at } : {}) })).card;
const drawMany = async (n: number, weights: Record<string, number>, at?: string) => {
  const cards: CardSummary[] = [];
  for (let i = 0; i < n; i++) {
    const card = await draw(weights, at);
    if (!card) throw new Error('nothing drawn');
    cards.push(card);
  }
  return cards;
};
const summary = async (id: number) => (await h.bus.request(cardsGet, { ids: [id] })).cards[0]!;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();

describe('catalogue.cards.series', () => {
  it('answers the series a card prints, with its anime’s title per language', async () => {
    const [frieren] = await h.cardIdsOf('Frieren');
    const { cards } = await h.bus.request(cardsSeries, { ids: [frieren!] });
    expect(cards).toEqual([
      {
        id: frieren,
        // The franchise's title is the primary series; the anime's titles name it per language.
        series: 'Sousou no Frieren',
        seriesTitles: expect.objectContaining({
          ru: 'Провожающая в последний путь Фрирен',
          ja: '葬送のフリーレン',
        }),
        seasonYear: null,
      },
    ]);
  });
});

describe('catalogue.cards.get', () => {
  it('answers card summaries by id in id order, leaving unknown ids out', async () => {
    const [frierenSSS, frierenX] = await h.cardIdsOf('Frieren');
    const { cards } = await h.bus.request(cardsGet, { ids: [frierenX!, 999_999, frierenSSS!, frierenX!] });
    expect(cards.map((c) => c.id)).toEqual([frierenSSS, frierenX]);
    for (const c of cards) cardSummarySchema.parse(c);
    expect(cards[1]).toMatchObject({
      characterName: 'Frieren',
      characterAltname: 'フリーレン',
      characterImageUrl: null,
      rankCode: 'X',
      rankTitle: 'Exclusive',
      rankColor: '#00e5ff',
      rankOrder: 8,
      limited: true,
      seasonId: expect.any(Number),
      imageUrl: null,
    });
    expect(cards[0]!.version).toMatch(/^[\w-]{16}$/);
    expect(cards[0]!.version).not.toBe(cards[1]!.version);
    expect((await h.bus.request(cardsGet, { ids: [] })).cards).toEqual([]);
  });

  it('gives a card a new version whenever its look changes, and only then', async () => {
    const fern = await h.characterId('Fern');
    const [id] = await h.cardIdsOf('Fern');
    const versions = [(await summary(id!)).version];
    await h.editor.updateCard(id!, { rarityScore: 31 });
    expect((await summary(id!)).version).toBe(versions[0]);
    await h.editor.updateCharacter(fern, { name: 'Fern the Mage' });
    versions.push((await summary(id!)).version);
    await h.editor.updateCharacter(fern, { imageUrl: 'data:image/png;base64,iVBORw0KGgo=' });
    versions.push((await summary(id!)).version);
    await h.editor.updateRank('C', { color: '#123456' });
    versions.push((await summary(id!)).version);
    await h.editor.updateCard(id!, { rankCode: 'B' });
    versions.push((await summary(id!)).version);
    await h.editor.updateCard(id!, { imageUrl: 'data:image/png;base64,AAAA' });
    versions.push((await summary(id!)).version);
    expect(new Set(versions).size).toBe(versions.length);
  });
});

describe('catalogue.cards.draw', () => {
  it('draws only from ranks with a weight, and null when nothing can be drawn', async () => {
    for (const card of await drawMany(30, { S: 1, E: 0 })) expect(card.rankCode).toBe('S');
    expect(await draw({})).toBeNull();
    expect(await draw({ S: 0 })).toBeNull();
    expect(await draw({ ZZ: 5 })).toBeNull();
    await expect(draw({ S: 1 }, 'not a time')).rejects.toMatchObject({ status: 400 });
  });

  it('follows the rank weights, then picks uniformly within the rank', async () => {
    // The maths of the pick is unit-tested with many draws (domain/draw.test.ts); here a few
    // hundred draws through the bus show the served draw follows it.
    const cards = await drawMany(500, { E: 3, X: 1, SSS: 0 });
    const e = cards.filter((c) => c.rankCode === 'E');
    expect(cards.every((c) => c.rankCode === 'E' || c.rankCode === 'X')).toBe(true);
    // 3:1 → 75 % E; four standard deviations of 500 draws are about 7.7 %.
    expect(e.length / cards.length).toBeGreaterThan(0.67);
    expect(e.length / cards.length).toBeLessThan(0.83);
    const perCard = new Map<number, number>();
    for (const c of e) perCard.set(c.id, (perCard.get(c.id) ?? 0) + 1);
    // The demo has 7 regular E cards: each about 375 / 7 ≈ 54 times (σ ≈ 7).
    expect(perCard.size).toBe(7);
    for (const n of perCard.values()) expect(n).toBeGreaterThan(25);
  });

  it('draws limited cards only while their season runs', async () => {
    const spikeLimited = (await h.cardIdsOf('Spike Spiegel')).at(-1);
    const reigenLimited = (await h.cardIdsOf('Arataka Reigen')).at(-1);
    const anyaLimited = (await h.cardIdsOf('Anya Forger')).at(-1);
    const now = new Set((await drawMany(250, { SS: 1 })).map((c) => c.id));
    expect(now.has(reigenLimited!)).toBe(true);
    expect(now.has(spikeLimited!)).toBe(false);
    expect(now.has(anyaLimited!)).toBe(false);
    // Back in the past season it is the other way round.
    const then = new Set((await drawMany(250, { SS: 1 }, day(-350))).map((c) => c.id));
    expect(then.has(spikeLimited!)).toBe(true);
    expect(then.has(anyaLimited!)).toBe(true);
    expect(then.has(reigenLimited!)).toBe(false);
  });

  it('sees catalogue changes at once, in every replica: deleted cards, new cards, season dates', async () => {
    // A second replica: its own draw pool, the same cache.
    const other = createCardDrawer(h.database, createDrawPool(h.database, h.caches.cards));
    const xIds = async (
      drawCard: (w: { weights: Record<string, number> }) => Promise<CardSummary | null>,
    ) => {
      const ids = new Set<number>();
      for (let i = 0; i < 200; i++) ids.add((await drawCard({ weights: { X: 1 } }))!.id);
      return ids;
    };
    const viaBus = (w: { weights: Record<string, number> }) => draw(w.weights);
    const [anyaX] = await h.cardIdsOf('Anya Forger');
    expect((await xIds(viaBus)).has(anyaX!)).toBe(true);
    expect((await xIds(other)).has(anyaX!)).toBe(true);

    await h.editor.deleteCard(anyaX!);
    const bond = await h.characterId('Bond Forger');
    const added = await h.editor.createCard({ characterId: bond, rankCode: 'X' });
    for (const drawCard of [viaBus, other]) {
      const ids = await xIds(drawCard);
      expect(ids.has(anyaX!)).toBe(false);
      expect(ids.has(added.id)).toBe(true);
    }

    // The past season is moved to now: its limited cards become drawable.
    const spikeLimited = (await h.cardIdsOf('Spike Spiegel')).at(-1);
    const [past] = await h.database.db.select().from(seasons).where(eq(seasons.title, 'Summer Matsuri'));
    await h.editor.updateSeason(past!.id, { startDate: day(-1).slice(0, 10), endDate: day(1).slice(0, 10) });
    const ss = new Set((await drawMany(250, { SS: 1 })).map((c) => c.id));
    expect(ss.has(spikeLimited!)).toBe(true);
  });

  it('keeps the drawable list in memory between draws, reloading it only after a change', async () => {
    const pool = createDrawPool(h.database, h.caches.cards);
    const first = await pool.idsByRank(new Date());
    expect(await pool.idsByRank(new Date())).toBe(first);
    await h.editor.updateCharacter(await h.characterId('Ein'), { altname: 'データ犬' });
    const reloaded = await pool.idsByRank(new Date());
    expect(reloaded).not.toBe(first);
    expect(await pool.idsByRank(new Date())).toBe(reloaded);
    // Another day is another list (seasons are dates).
    expect(await pool.idsByRank(new Date(day(-350)))).not.toBe(reloaded);
  });
});

describe('catalogue.anime.external-ids', () => {
  it('lists every anime with a Shikimori or AniList id, page by page, for the anime index', async () => {
    const [noIds] = await h.database.db.insert(anime).values({ title: 'Only ours' }).returning();
    const [alOnly] = await h.database.db
      .insert(anime)
      .values({ title: 'AniList only', anilistId: 999_001 })
      .returning();
    const stored = await h.database.db.select().from(anime);
    const pages: Array<{ anime: unknown[]; nextAfterId: number | null }> = [];
    let afterId = 0;
    for (let i = 0; i < 100; i++) {
      const page = await h.bus.request(catalogueAnimeExternalIds, { afterId, limit: 3 });
      pages.push(page);
      if (page.nextAfterId === null) break;
      afterId = page.nextAfterId;
    }
    const listed = pages.flatMap((p) => p.anime);
    const expected = stored
      .filter((a) => a.shikimoriId !== null || a.anilistId !== null)
      .sort((x, y) => x.id - y.id)
      .map(({ id, shikimoriId, anilistId }) => ({ id, shikimoriId, anilistId }));
    expect(expected.length).toBeGreaterThan(3);
    expect(listed).toEqual(expected);
    expect(pages.slice(0, -1).every((p) => p.anime.length === 3)).toBe(true);
    expect(listed).toContainEqual({ id: alOnly!.id, shikimoriId: null, anilistId: 999_001 });
    expect(listed.some((a) => (a as { id: number }).id === noIds!.id)).toBe(false);
  });
});
