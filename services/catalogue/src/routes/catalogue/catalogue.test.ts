import {
  animeCardsSchema,
  animeListSchema,
  cardsDraw,
  cardsGet,
  characterListSchema,
  inventoryOwnedCards,
  rankListSchema,
} from '@acg/contracts';
import {
  createLogger,
  createMemoryBus,
  createMemoryCache,
  createTestDatabase,
  type Database,
  type RunningService,
  signIdentity,
  type TestDatabase,
} from '@acg/platform';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueConfigSchema } from '../../config';
import { outbox } from '../../db/schema';
import { openCatalogueDatabase, start } from '../../start';

const SECRET = 's'.repeat(32);
const logger = createLogger('catalogue-test', 'silent');
const bus = createMemoryBus();
let testDb: TestDatabase;
let database: Database;
let service: RunningService;
const fan = { 'x-acg-identity': signIdentity({ userId: 7, adminLevel: 0, language: 'en' }, SECRET) };

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openCatalogueDatabase(testDb.url, logger);
  const config = catalogueConfigSchema.parse({
    INTERNAL_SECRET: SECRET,
    PORT: '0',
    SEED_DEMO_CATALOGUE: 'true',
  });
  service = await start({ config, logger, bus, cache: createMemoryCache(), database });
});
afterAll(async () => {
  await service?.close();
  await database?.close();
  await testDb?.drop();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  service.app.inject({ method: 'GET', url, headers });

describe('GET /api/ranks and /api/anime', () => {
  it('lists the ranks from E to X', async () => {
    const res = await get('/api/ranks');
    const ranks = rankListSchema.parse(res.json());
    expect(ranks.map((r) => r.code)).toEqual(['E', 'D', 'C', 'B', 'A', 'S', 'SS', 'SSS', 'X']);
    expect(ranks[5]).toMatchObject({ code: 'S', color: '#f44336' });
  });
  it('lists the anime for the filter', async () => {
    const list = animeListSchema.parse((await get('/api/anime')).json());
    expect(list.map((a) => a.title)).toContain('Steins;Gate');
    expect(list).toHaveLength(6);
  });
});

describe('GET /api/characters', () => {
  it('needs a signed-in user', async () => {
    expect((await get('/api/characters')).statusCode).toBe(401);
  });
  it('lists characters with their cards and ranks', async () => {
    const res = await get('/api/characters', fan);
    const list = characterListSchema.parse(res.json());
    expect(list).toHaveLength(20);
    expect(res.headers['x-total-count']).toBe('20');
    const edward = list.find((c) => c.name === 'Edward Elric')!;
    expect(edward.Cards).toHaveLength(1);
    expect(edward.Cards[0]!.Rank).toMatchObject({ code: 'S', title: 'Mythic', color: '#f44336' });
  });
  it('filters by rank (characters and their cards) and by anime', async () => {
    const byRank = characterListSchema.parse((await get('/api/characters?rank_code=S', fan)).json());
    expect(byRank.map((c) => c.name).sort()).toEqual(['Edward Elric', 'Kurisu Makise']);
    expect(byRank.flatMap((c) => c.Cards).every((card) => card.Rank.code === 'S')).toBe(true);
    const animeId = animeListSchema
      .parse((await get('/api/anime')).json())
      .find((a) => a.title === 'Steins;Gate')!.id;
    const byAnime = characterListSchema.parse((await get(`/api/characters?anime_id=${animeId}`, fan)).json());
    expect(byAnime.map((c) => c.name).sort()).toEqual(['Kurisu Makise', 'Rintarou Okabe']);
    expect((await get('/api/characters?rank_code=ZZ', fan)).json()).toEqual([]);
  });
  it('pages by id with limit and after, keeping the plain list shape', async () => {
    const first = await get('/api/characters?limit=3', fan);
    const page1 = characterListSchema.parse(first.json());
    expect(page1).toHaveLength(3);
    expect(first.headers['x-total-count']).toBe('20');
    const after = first.headers['x-next-after'];
    expect(after).toBe(String(page1[2]!.id));
    const page2 = characterListSchema.parse(
      (await get(`/api/characters?limit=3&after=${after}`, fan)).json(),
    );
    expect(page2[0]!.id).toBeGreaterThan(page1[2]!.id);
    const last = await get(`/api/characters?limit=20&after=${after}`, fan);
    expect(characterListSchema.parse(last.json())).toHaveLength(17);
    expect(last.headers['x-next-after']).toBeUndefined();
  });
  it('answers bad filters with 400 and the error object', async () => {
    const res = await get('/api/characters?anime_id=abc&limit=0', fan);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), details: { issues: expect.any(Array) } });
  });
});

describe('GET /api/anime/{animeId}/cards', () => {
  it('lists the cards of the anime with the external Shikimori id, none collected when signed out', async () => {
    const res = animeCardsSchema.parse((await get('/api/anime/5114/cards')).json());
    // Lowest rank first (B, A, S), as the cards tab shows them.
    expect(res.cards.map((c) => c.characterName)).toEqual(['Roy Mustang', 'Alphonse Elric', 'Edward Elric']);
    expect(res.cards).toHaveLength(3);
    expect(res.userProgress).toEqual({ total: 3, collected: 0 });
    expect(res.cards.every((c) => !c.collected && c.rank === c.Rank.code)).toBe(true);
  });
  it('marks what the signed-in user collected, asking inventory over the bus', async () => {
    const all = animeCardsSchema.parse((await get('/api/anime/al-154587/cards')).json());
    expect(all.cards.map((c) => c.characterName).sort()).toEqual(['Fern', 'Frieren', 'Frieren', 'Stark']);
    const frieren = all.cards.find((c) => c.characterName === 'Frieren')!;
    const served = bus.serve(inventoryOwnedCards, async ({ userId, cardIds }) => ({
      cardIds: userId === 7 ? cardIds.filter((id) => id === frieren.id) : [],
    }));
    try {
      const mine = animeCardsSchema.parse((await get('/api/anime/al-154587/cards', fan)).json());
      expect(mine.userProgress).toEqual({ total: 4, collected: 1 });
      expect(mine.cards.find((c) => c.id === frieren.id)!.collected).toBe(true);
    } finally {
      await served.stop();
    }
    // Inventory unavailable: the list still comes, nothing marked collected.
    const degraded = await get('/api/anime/al-154587/cards', fan);
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json().userProgress).toEqual({ total: 4, collected: 0 });
  });
  it('answers 404 for an unknown anime and 400 for a malformed id', async () => {
    expect((await get('/api/anime/999999/cards')).statusCode).toBe(404);
    expect((await get('/api/anime/abc/cards')).statusCode).toBe(400);
  });
});

describe('catalogue over the bus', () => {
  it('looks up card summaries with a version', async () => {
    const { cards } = await bus.request(cardsGet, { ids: [1, 2, 999] });
    expect(cards.map((c) => c.id)).toEqual([1, 2]);
    expect(cards[0]).toMatchObject({ characterName: 'Edward Elric', rankCode: 'S', rankColor: '#f44336' });
    expect(cards[0]!.version).toMatch(/^[\w-]{16}$/);
    expect(cards[0]!.version).not.toBe(cards[1]!.version);
  });
  it('draws by rank weight and returns null when nothing can be drawn', async () => {
    for (let i = 0; i < 20; i++) {
      const { card } = await bus.request(cardsDraw, { weights: { S: 1, E: 0 } });
      expect(card?.rankCode).toBe('S');
    }
    expect((await bus.request(cardsDraw, { weights: {} })).card).toBeNull();
    expect((await bus.request(cardsDraw, { weights: { ZZ: 5 } })).card).toBeNull();
  });
  it('announced every seeded card with card.created in the outbox', async () => {
    const events = await database.db.select().from(outbox).where(eq(outbox.type, 'card.created'));
    expect(events).toHaveLength(22);
  });
});
