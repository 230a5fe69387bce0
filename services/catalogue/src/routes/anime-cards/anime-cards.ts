import {
  type AnimeCards,
  animeCardsSchema,
  inventoryOwnedCards,
  parseAnimeExternalId,
  safeString,
} from '@acg/contracts';
import { type HttpServer, NotFoundError, text } from '@acg/platform';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { LIST_TTL_SECONDS } from '../../caches';
import type { CatalogueContext } from '../../context';
import { findAnimeIdByExternalId } from '../../repository/anime';
import { findAnimeCards } from '../../repository/cards';

type AnimeCard = Omit<AnimeCards['cards'][number], 'collected'>;

const INVENTORY_TIMEOUT_MS = 800;
/** inventoryOwnedCards takes at most this many card ids per request. */
const OWNED_CARDS_BATCH = 5000;

/** The cards of `cardIds` the user holds, asked of inventory in batches; none when it cannot answer. */
async function ownedCardIds(
  bus: CatalogueContext['bus'],
  userId: number | null,
  cardIds: number[],
  requestId: string,
  log: FastifyBaseLogger,
): Promise<Set<number>> {
  if (userId === null || cardIds.length === 0) return new Set();
  try {
    const batches: number[][] = [];
    for (let i = 0; i < cardIds.length; i += OWNED_CARDS_BATCH)
      batches.push(cardIds.slice(i, i + OWNED_CARDS_BATCH));
    const answers = await Promise.all(
      batches.map((ids) =>
        bus.request(
          inventoryOwnedCards,
          { userId, cardIds: ids },
          { requestId, timeoutMs: INVENTORY_TIMEOUT_MS },
        ),
      ),
    );
    return new Set(answers.flatMap((a) => a.cardIds));
  } catch (err) {
    // The page shows 0/0 when this call fails anyway; the cards themselves are still worth showing.
    log.warn({ err, userId }, 'inventory unavailable: anime cards answered without collected flags');
    return new Set();
  }
}

/**
 * GET /api/anime/{animeId}/cards (requirements M7): every card of the anime, lowest rank first, and
 * the caller's progress. `{animeId}` is the external id of the anime pages (parseAnimeExternalId);
 * no catalogue anime with it is a 404. `collected` is asked of inventory for the signed-in
 * caller only; if inventory does not answer, the list still comes with nothing collected.
 * Anonymous callers get the same list with nothing collected.
 */
export function registerAnimeCardRoutes(app: HttpServer, ctx: CatalogueContext): void {
  const { caches, database, bus } = ctx;

  // Only found anime are cached: ids nobody has would otherwise fill the cache from any URL.
  const catalogueAnimeId = async (externalId: string): Promise<number | null> => {
    const parsed = parseAnimeExternalId(externalId);
    if (!parsed) return null;
    const key = `external:${parsed.service}:${parsed.id}`;
    const cached = await caches.animes.get<number>(key);
    if (cached !== undefined) return cached;
    const found = await findAnimeIdByExternalId(database.db, parsed);
    if (found !== null) await caches.animes.set(key, found, LIST_TTL_SECONDS);
    return found;
  };

  const animeCards = (animeId: number): Promise<AnimeCard[]> =>
    caches.cards.wrap(`anime:${animeId}`, LIST_TTL_SECONDS, async () =>
      (await findAnimeCards(database.db, animeId)).map((c) => ({
        id: c.id,
        imageUrl: c.imageUrl,
        limited: c.limited,
        character: { id: c.characterId, imageUrl: c.characterImageUrl, name: c.characterName },
        characterName: c.characterName,
        rank: c.rankCode,
        Rank: {
          code: c.rankCode,
          title: c.rankTitle,
          titles: c.rankTitles ?? {},
          color: c.rankColor,
          imageUrl: c.rankImageUrl,
        },
      })),
    );

  app.get(
    '/api/anime/:animeId/cards',
    {
      schema: {
        params: z.object({ animeId: safeString().max(32) }),
        response: { 200: animeCardsSchema },
      },
    },
    async (req): Promise<AnimeCards> => {
      const animeId = await catalogueAnimeId(req.params.animeId);
      if (animeId === null)
        throw new NotFoundError(text('catalogue.animeNotInCatalogue'), { animeId: req.params.animeId });
      const list = await animeCards(animeId);
      const owned = await ownedCardIds(
        bus,
        req.identity.userId,
        list.map((c) => c.id),
        req.id,
        req.log,
      );
      const cards = list.map((c) => ({ ...c, collected: owned.has(c.id) }));
      return {
        cards,
        userProgress: { total: cards.length, collected: cards.filter((c) => c.collected).length },
      };
    },
  );
}
