import {
  adminDeletedSchema,
  adminIdParamsSchema,
  adminSeasonInputSchema,
  adminSeasonListSchema,
  adminSeasonSchema,
} from '@acg/contracts';
import { ConflictError, type HttpServer } from '@acg/platform';
import { LIST_TTL_SECONDS } from '../../../caches';
import * as repo from '../../../repository/admin-catalogue';
import { type AdminCatalogueContext, auditOf } from '../kit';
import { notFound, say } from '../messages';

/** Seasons (requirements C7 "Ranks and seasons"): list, create, delete one without limited cards. */
export function registerSeasonRoutes(app: HttpServer, ctx: AdminCatalogueContext): void {
  const { editor } = ctx;
  const db = ctx.database.db;

  app.get('/admin/seasons', { schema: { response: { 200: adminSeasonListSchema } } }, async () =>
    ctx.caches.seasons.wrap('all', LIST_TTL_SECONDS, () => repo.listSeasons(db)),
  );
  app.post(
    '/admin/seasons',
    { schema: { body: adminSeasonInputSchema, response: { 201: adminSeasonSchema } } },
    async (req, reply) => {
      const row = req.body;
      const created = await editor.run(['cards', 'seasons'], async (tx) => {
        const s = await repo.insertSeason(tx, row);
        return {
          before: [],
          after: [],
          result: s,
          audit: auditOf(req, 'season.created', {
            description: `Created season ${s.id}: ${s.title}`,
            targetType: 'season',
            targetId: s.id,
            after: row,
          }),
        };
      });
      return reply.code(201).send(created);
    },
  );
  app.delete(
    '/admin/seasons/:id',
    { schema: { params: adminIdParamsSchema, response: { 200: adminDeletedSchema } } },
    async (req) => {
      const inUse = await repo.cardCountOf(db, 'seasonId', req.params.id);
      if (inUse > 0) throw new ConflictError(say(req, 'seasonInUse', { n: inUse }), { cards: inUse });
      return editor.run(['cards', 'seasons'], async (tx) => {
        const row = await repo.deleteSeasonRow(tx, req.params.id);
        if (!row) throw notFound(req, 'seasonNotFound');
        return {
          before: [],
          after: [],
          result: { success: true as const, id: row.id },
          audit: auditOf(req, 'season.deleted', {
            description: `Deleted season ${row.id}: ${row.title}`,
            targetType: 'season',
            targetId: row.id,
            before: row,
          }),
        };
      });
    },
  );
}
