import {
  type AdminCardInput,
  adminCardBulkSchema,
  adminCardCreatedSchema,
  adminCardInputSchema,
  adminCardListQuerySchema,
  adminCardListSchema,
  adminCardPatchSchema,
  adminCardSummarySchema,
  adminCardsByAnimeResultSchema,
  adminCardsByAnimeSchema,
  adminCardsCreatedSchema,
  adminCardsForAllAnimeResultSchema,
  adminCardsForAllAnimeSchema,
  adminDeletedSchema,
  adminIdParamsSchema,
  TOTAL_COUNT_HEADER,
} from '@acg/contracts';
import type { HttpServer } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import * as repo from '../../../repository/admin-catalogue';
import { findCardSummaries } from '../../../repository/cards';
import { deleteCardRow, insertCard, updateCardRow } from '../../../repository/catalogue-writes';
import { type AdminCatalogueContext, auditOf, byId, refuseHeldCards } from '../kit';
import { notFound, say } from '../messages';

/** Cards added one by one or as a list, in one transaction with their events and one audit record. */
function insertCards(
  ctx: AdminCatalogueContext,
  req: FastifyRequest,
  rows: AdminCardInput[],
  action: string,
) {
  return ctx.editor.run(['characters', 'cards', 'stats'], async (tx) => {
    const ids: number[] = [];
    for (const row of rows) ids.push(await insertCard(tx, row));
    return {
      before: [],
      after: await findCardSummaries(tx, ids),
      result: ids,
      audit: auditOf(req, action, {
        description: ids.length === 1 ? `Created card ${ids[0]}` : `Created ${ids.length} cards`,
        targetType: 'card',
        targetId: ids.length === 1 ? ids[0] : undefined,
        after: { ids: ids.slice(0, 200), ...(rows.length === 1 ? rows[0] : {}) },
      }),
    };
  });
}

/**
 * A card of `rankId` for every character of the anime (or of every anime) that has none of that
 * rank: idempotent per character and rank, one transaction, one multi-row insert per 1000 (rules §36).
 */
async function cardsByAnime(
  ctx: AdminCatalogueContext,
  req: FastifyRequest,
  animeIds: number[] | 'all',
  rankId: number,
  seasonId: number | null,
) {
  const db = ctx.database.db;
  const missing = await repo.charactersWithoutCard(db, animeIds, rankId);
  const total = await repo.charactersOfAnime(db, animeIds);
  if (missing.length === 0) return { added: 0, skipped: total };
  const all = animeIds === 'all';
  const added = await ctx.editor.run(['characters', 'cards', 'stats'], async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < missing.length; i += 1000)
      ids.push(...(await repo.insertCardsFor(tx, missing.slice(i, i + 1000), rankId, seasonId)));
    return {
      before: [],
      after: await findCardSummaries(tx, ids),
      result: ids.length,
      audit: auditOf(req, all ? 'card.bulk-added-all-anime' : 'card.bulk-added-anime', {
        description: `Added ${ids.length} cards of rank ${rankId}${all ? ' for every anime' : ` for anime ${animeIds.join(', ')}`}`,
        targetType: all ? 'card' : 'anime',
        targetId: all ? undefined : animeIds[0],
        after: { rankId, seasonId, added: ids.length },
      }),
    };
  });
  return { added, skipped: total - added };
}

/** Cards (requirements C7 "Cards"): list, add (one, a list, per anime, for all anime), change rank, delete. */
export function registerCardRoutes(app: HttpServer, ctx: AdminCatalogueContext): void {
  const db = ctx.database.db;

  app.get(
    '/admin/cards',
    { schema: { querystring: adminCardListQuerySchema, response: { 200: adminCardListSchema } } },
    async (req, reply) => {
      const rows = await repo.listCards(db, req.query);
      if (req.query.limit !== undefined)
        reply.header(TOTAL_COUNT_HEADER, String(await repo.countCards(db, req.query)));
      return rows.map(({ characterName, rankCode, rankTitle, rankColor, seasonTitle, ...c }) => ({
        ...c,
        Character: { id: c.character_id, name: characterName },
        Rank: { id: c.rank_id, code: rankCode, title: rankTitle, color: rankColor },
        Season: c.season_id === null ? null : { id: c.season_id, title: seasonTitle },
      }));
    },
  );
  registerCardAdds(app, ctx);
  registerCardEdits(app, ctx);
}

/** Adding cards: one, a list, per anime, for all anime. */
function registerCardAdds(app: HttpServer, ctx: AdminCatalogueContext): void {
  const db = ctx.database.db;

  app.post(
    '/admin/cards',
    { schema: { body: adminCardInputSchema, response: { 201: adminCardCreatedSchema } } },
    async (req, reply) => {
      const [id] = await insertCards(ctx, req, [req.body], 'card.created');
      return reply.code(201).send({ success: true, id: id! });
    },
  );
  app.post(
    '/admin/cards/bulk',
    {
      bodyLimit: 2 * 1024 * 1024,
      schema: { body: adminCardBulkSchema, response: { 201: adminCardsCreatedSchema } },
    },
    async (req, reply) => {
      const ids = await insertCards(ctx, req, req.body.cards, 'card.bulk-created');
      return reply.code(201).send({ success: true, added: ids.length, ids });
    },
  );
  app.post(
    '/admin/cards/bulk-add-anime',
    { schema: { body: adminCardsByAnimeSchema, response: { 200: adminCardsByAnimeResultSchema } } },
    async (req) => {
      const { anime_id: animeId, rank_id: rankId, season_id: seasonId } = req.body;
      if (!(await repo.findAnimeBy(db, { id: animeId }))) throw notFound(req, 'animeNotFound', { animeId });
      return cardsByAnime(ctx, req, [animeId], rankId, seasonId ?? null);
    },
  );
  app.post(
    '/admin/cards/bulk-add-all-anime',
    { schema: { body: adminCardsForAllAnimeSchema, response: { 200: adminCardsForAllAnimeResultSchema } } },
    async (req) => {
      const result = await cardsByAnime(ctx, req, 'all', req.body.rank_id, req.body.season_id ?? null);
      return {
        total_anime: await repo.animeCount(db),
        total_added: result.added,
        total_skipped: result.skipped,
      };
    },
  );
}

/** Changing a card's rank and deleting a card nobody holds. */
function registerCardEdits(app: HttpServer, ctx: AdminCatalogueContext): void {
  const { editor } = ctx;

  app.patch('/admin/cards/:id', byId(adminCardSummarySchema, adminCardPatchSchema), async (req) => {
    const { id } = req.params;
    return editor.run(['characters', 'cards'], async (tx) => {
      const [before] = await findCardSummaries(tx, [id]);
      if (!before) throw notFound(req, 'cardNotFound');
      await updateCardRow(tx, id, { rankId: req.body.rank_id });
      const [after] = await findCardSummaries(tx, [id]);
      if (!after) throw notFound(req, 'cardNotFound');
      return {
        before: [before],
        after: [after],
        result: after,
        audit:
          before.rankCode === after.rankCode
            ? []
            : auditOf(req, 'card.updated', {
                description: `Card ${id}: rank ${before.rankCode} → ${after.rankCode}`,
                targetType: 'card',
                targetId: id,
                before: { rank: before.rankCode },
                after: { rank: after.rankCode },
              }),
      };
    });
  });
  app.delete(
    '/admin/cards/:id',
    { schema: { params: adminIdParamsSchema, response: { 200: adminDeletedSchema } } },
    async (req) => {
      const { id } = req.params;
      await refuseHeldCards(ctx, req, [id], say(req, 'cardWord', { id }));
      return editor.run(['characters', 'cards', 'stats'], async (tx) => {
        const before = await findCardSummaries(tx, [id]);
        if (!before[0]) throw notFound(req, 'cardNotFound');
        await deleteCardRow(tx, id);
        return {
          before,
          after: [],
          result: { success: true as const, id },
          audit: auditOf(req, 'card.deleted', {
            description: `Deleted card ${id} (${before[0].characterName}, ${before[0].rankCode})`,
            targetType: 'card',
            targetId: id,
            before: before[0],
          }),
        };
      });
    },
  );
}
