import {
  adminDeletedSchema,
  adminIdParamsSchema,
  adminRankInputSchema,
  adminRankListSchema,
  adminRankSchema,
} from '@acg/contracts';
import { ConflictError, type HttpServer } from '@acg/platform';
import * as repo from '../../../repository/admin-catalogue';
import { type AdminCatalogueContext, auditOf } from '../kit';
import { notFound, say } from '../messages';

/** Ranks (requirements C7 "Ranks and seasons"): list, create (after the highest), delete an unused one. */
export function registerRankRoutes(app: HttpServer, ctx: AdminCatalogueContext): void {
  const { editor } = ctx;
  const db = ctx.database.db;

  app.get('/admin/ranks', { schema: { response: { 200: adminRankListSchema } } }, async () =>
    repo.listRanks(db),
  );
  app.post(
    '/admin/ranks',
    { schema: { body: adminRankInputSchema, response: { 201: adminRankSchema } } },
    async (req, reply) => {
      const { code, title, threshold } = req.body;
      const imageUrl = req.body.imageUrl ?? null;
      const ranks = await repo.listRanks(db);
      if (ranks.some((r) => r.code === code)) throw new ConflictError(say(req, 'rankCodeTaken', { code }));
      const sortOrder = ranks.reduce((m, r) => Math.max(m, r.sortOrder + 1), 0);
      const created = await editor.run(['ranks'], async (tx) => {
        const row = await repo.insertRank(tx, { code, title, threshold, imageUrl, sortOrder });
        return {
          before: [],
          after: [],
          result: row,
          audit: auditOf(req, 'rank.created', {
            description: `Created rank ${code}: ${title}`,
            targetType: 'rank',
            targetId: row.id,
            after: row,
          }),
        };
      });
      return reply.code(201).send(created);
    },
  );
  app.delete(
    '/admin/ranks/:id',
    { schema: { params: adminIdParamsSchema, response: { 200: adminDeletedSchema } } },
    async (req) => {
      const inUse = await repo.cardCountOf(db, 'rankId', req.params.id);
      if (inUse > 0) throw new ConflictError(say(req, 'rankInUse', { n: inUse }), { cards: inUse });
      return editor.run(['ranks'], async (tx) => {
        const row = await repo.deleteRankRow(tx, req.params.id);
        if (!row) throw notFound(req, 'rankNotFound');
        return {
          before: [],
          after: [],
          result: { success: true as const, id: row.id },
          audit: auditOf(req, 'rank.deleted', {
            description: `Deleted rank ${row.code}`,
            targetType: 'rank',
            targetId: row.id,
            before: row,
          }),
        };
      });
    },
  );
}
