import {
  type AnimeCards,
  animeCardsSchema,
  animeListSchema,
  charactersQuerySchema,
  inventoryOwnedCards,
  NEXT_AFTER_HEADER,
  rankListSchema,
  TOTAL_COUNT_HEADER,
} from '@acg/contracts';
import { type Bus, type Cache, type Database, type HttpServer, NotFoundError } from '@acg/platform';
import { z } from 'zod';
import { findAnimeCards } from '../../repository/cards';
import {
  countCharacters,
  findAnimeByExternalId,
  findCharacters,
  listAnime,
  listRanks,
} from '../../repository/catalogue';

interface CatalogueRouteDeps {
  database: Database;
  bus: Bus;
  cache: Cache;
}

/** Hot lists change only through admin writes, which clear these namespaces. */
const LIST_TTL_SECONDS = 300;
const CHARACTERS_TTL_SECONDS = 60;

/** The member-facing catalogue reads (spec 1 §7). */
export function registerCatalogueRoutes(app: HttpServer, { database, bus, cache }: CatalogueRouteDeps): void {
  const db = database.db;
  const ranksCache = cache.namespace('ranks');
  const animesCache = cache.namespace('animes');
  const charactersCache = cache.namespace('characters');

  app.get('/api/ranks', { schema: { response: { 200: rankListSchema } } }, () =>
    ranksCache.wrap('all', LIST_TTL_SECONDS, () => listRanks(db)),
  );

  app.get('/api/anime', { schema: { response: { 200: animeListSchema } } }, () =>
    animesCache.wrap('all', LIST_TTL_SECONDS, () => listAnime(db)),
  );

  // No response schema here: the full list can be tens of thousands of characters, and the
  // cached answer is sent as the JSON text it was first serialised to.
  app.get('/api/characters', { schema: { querystring: charactersQuerySchema } }, async (req, reply) => {
    const { anime_id, rank_code, limit, after, q } = req.query;
    const filter = { animeId: anime_id, rankCode: rank_code, q };
    const key = JSON.stringify([anime_id, rank_code, q, limit, after]);
    const page = await charactersCache.wrap(key, CHARACTERS_TTL_SECONDS, async () => {
      const list = await findCharacters(db, { ...filter, limit, after });
      const total = limit === undefined ? list.length : await countCharacters(db, filter);
      const last = list.at(-1);
      const nextAfter = limit !== undefined && list.length === limit && last ? last.id : null;
      return { json: JSON.stringify(list), total, nextAfter };
    });
    reply.header(TOTAL_COUNT_HEADER, String(page.total));
    if (page.nextAfter !== null) reply.header(NEXT_AFTER_HEADER, String(page.nextAfter));
    return reply.type('application/json; charset=utf-8').send(page.json);
  });

  app.get(
    '/api/anime/:animeId/cards',
    {
      schema: {
        params: z.object({
          animeId: z.string().regex(/^(al-)?\d{1,9}$/, 'an anime id: a number or al-<number>'),
        }),
        response: { 200: animeCardsSchema },
      },
    },
    async (req): Promise<AnimeCards> => {
      const catalogueAnimeId = await findAnimeByExternalId(db, req.params.animeId);
      if (catalogueAnimeId === undefined) throw new NotFoundError('Anime not found in the catalogue');
      const rows = await findAnimeCards(db, catalogueAnimeId);
      const owned = await ownedCardIds(
        req.identity.userId,
        rows.map((r) => r.id),
      );
      const cards = rows.map((c) => ({
        id: c.id,
        imageUrl: c.imageUrl,
        limited: c.limited,
        collected: owned.has(c.id),
        character: { id: c.characterId, imageUrl: c.characterImageUrl, name: c.characterName },
        characterName: c.characterName,
        rank: c.rankCode,
        Rank: { code: c.rankCode, title: c.rankTitle, color: c.rankColor, imageUrl: c.rankImageUrl },
      }));
      return {
        cards,
        userProgress: { total: cards.length, collected: cards.filter((c) => c.collected).length },
      };

      async function ownedCardIds(userId: number | null, cardIds: number[]): Promise<Set<number>> {
        if (userId === null || cardIds.length === 0) return new Set();
        try {
          const res = await bus.request(
            inventoryOwnedCards,
            { userId, cardIds },
            { requestId: req.id, timeoutMs: 800 },
          );
          return new Set(res.cardIds);
        } catch (err) {
          // The list is still worth showing; the page reads "not collected" for every card.
          req.log.warn({ err }, 'inventory unavailable: anime cards without collected flags');
          return new Set();
        }
      }
    },
  );
}
