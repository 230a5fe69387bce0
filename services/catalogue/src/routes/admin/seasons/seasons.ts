import {
  adminDeletedSchema,
  adminSeasonInputSchema,
  adminSeasonListSchema,
  adminSeasonPatchSchema,
  adminSeasonSchema,
} from '@acg/contracts';
import type { HttpServer } from '@acg/platform';
import { LIST_TTL_SECONDS } from '../../../caches';
import * as repo from '../../../repository/admin-catalogue';
import { type AdminCatalogueContext, auditOf, byId, deleteRow, rowCreated } from '../kit';
import { invalid, notFound } from '../messages';

/**
 * Seasons (requirements C7 "Ranks and seasons"): list, create, edit (title and dates; additive),
 * delete one without limited cards.
 */
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
        return rowCreated(req, 'season', s, `Created season ${s.id}: ${s.title}`, row);
      });
      return reply.code(201).send(created);
    },
  );
  registerSeasonEdit(app, ctx);
  app.delete('/admin/seasons/:id', byId(adminDeletedSchema), async (req) =>
    deleteRow(ctx, req, 'season', {
      caches: ['cards', 'seasons'],
      remove: repo.deleteSeasonRow,
      usedBy: 'seasonId',
    }),
  );
}

/** PATCH /admin/seasons/{id} (additive): title and dates, the end not before the start; audited. */
function registerSeasonEdit(app: HttpServer, ctx: AdminCatalogueContext): void {
  app.patch('/admin/seasons/:id', byId(adminSeasonSchema, adminSeasonPatchSchema), async (req) => {
    const { id } = req.params;
    const row = (await repo.listSeasons(ctx.database.db)).find((s) => s.id === id);
    if (!row) throw notFound(req, 'seasonNotFound');
    const patch = req.body;
    const keys = (['title', 'startDate', 'endDate'] as const).filter(
      (k) => patch[k] !== undefined && patch[k] !== row[k],
    );
    // The same values again change nothing and log nothing (rules §36).
    if (keys.length === 0) return row;
    const next = { ...row, ...Object.fromEntries(keys.map((k) => [k, patch[k]])) };
    if (next.endDate < next.startDate) throw invalid(req, 'seasonDates', 'endDate');
    const before = Object.fromEntries(keys.map((k) => [k, row[k]]));
    const after = Object.fromEntries(keys.map((k) => [k, next[k]]));
    // A season's dates decide which limited cards can be drawn (the draw pool reloads).
    return ctx.editor.run(['cards', 'seasons'], async (tx) => {
      const updated = await repo.updateSeason(tx, id, after);
      if (!updated) throw notFound(req, 'seasonNotFound');
      return {
        before: [],
        after: [],
        result: updated,
        audit: auditOf(req, 'season.updated', {
          description: `Edited season ${id}: ${keys.map((k) => `${k} ${before[k]} → ${after[k]}`).join(', ')}`,
          targetType: 'season',
          targetId: id,
          before,
          after,
        }),
      };
    });
  });
}
