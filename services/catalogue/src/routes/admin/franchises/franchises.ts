import {
  adminDeletedSchema,
  adminFranchiseCheckQuerySchema,
  adminFranchiseCheckSchema,
  adminFranchiseInputSchema,
  adminFranchiseListSchema,
  adminFranchiseSchema,
  adminFranchiseSearchQuerySchema,
} from '@acg/contracts';
import { ConflictError, type HttpServer } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import * as repo from '../../../repository/admin-catalogue';
import { type AdminCatalogueContext, auditOf, byId, deleteRow, rowCreated } from '../kit';
import { notFound, say } from '../messages';

/** Renames a franchise; the same title again is no change and logs nothing (rules §36). */
function renameFranchise(ctx: AdminCatalogueContext, req: FastifyRequest, id: number, title: string) {
  return ctx.editor.run(['animes'], async (tx) => {
    const changed = await repo.renameFranchise(tx, id, title);
    if (!changed) throw notFound(req, 'franchiseNotFound');
    return {
      before: [],
      after: [],
      result: changed.after,
      // The same title again is no change: nothing to log (rules §36).
      audit:
        changed.before.title === title
          ? []
          : auditOf(req, 'franchise.updated', {
              description: `Renamed franchise ${id}: ${changed.before.title} → ${title}`,
              targetType: 'franchise',
              targetId: id,
              before: changed.before,
              after: changed.after,
            }),
    };
  });
}

/** Franchises (requirements C7 "Franchises"): list, search, existence check, create, rename, delete. */
export function registerFranchiseRoutes(app: HttpServer, ctx: AdminCatalogueContext): void {
  const db = ctx.database.db;
  registerFranchiseWrites(app, ctx);

  app.get('/admin/franchises', { schema: { response: { 200: adminFranchiseListSchema } } }, async () =>
    repo.listFranchises(db),
  );
  app.get(
    '/admin/franchises/search',
    { schema: { querystring: adminFranchiseSearchQuerySchema, response: { 200: adminFranchiseListSchema } } },
    async (req) => {
      const q = req.query.q.trim();
      return q.length < 2 ? [] : repo.searchFranchises(db, q);
    },
  );
  app.get(
    '/admin/franchises/check-exists',
    { schema: { querystring: adminFranchiseCheckQuerySchema, response: { 200: adminFranchiseCheckSchema } } },
    async (req) => {
      const title = req.query.title.trim();
      if (title.length < 2) return { exists: false, exactMatch: null, similar: [] };
      const exact = await repo.findFranchiseByTitle(db, title);
      const similar = (await repo.searchFranchises(db, title, 10)).filter((f) => f.id !== exact?.id);
      return { exists: exact !== undefined, exactMatch: exact ?? null, similar };
    },
  );
}

/** Creating, renaming and deleting a franchise. */
function registerFranchiseWrites(app: HttpServer, ctx: AdminCatalogueContext): void {
  const { editor } = ctx;
  const db = ctx.database.db;

  app.post(
    '/admin/franchises',
    { schema: { body: adminFranchiseInputSchema, response: { 201: adminFranchiseSchema } } },
    async (req, reply) => {
      const { title } = req.body;
      if (await repo.findFranchiseByTitle(db, title))
        throw new ConflictError(say(req, 'franchiseExists', { title }));
      const created = await editor.run([], async (tx) => {
        const row = await repo.insertFranchise(tx, title);
        return rowCreated(req, 'franchise', row, `Created franchise ${row.id}: ${title}`);
      });
      return reply.code(201).send(created);
    },
  );
  app.patch('/admin/franchises/:id', byId(adminFranchiseSchema, adminFranchiseInputSchema), async (req) => {
    const { title } = req.body;
    const { id } = req.params;
    const other = await repo.findFranchiseByTitle(db, title);
    if (other && other.id !== id) throw new ConflictError(say(req, 'franchiseExists', { title }));
    return renameFranchise(ctx, req, id, title);
  });
  // Its anime stay, without a franchise (the foreign key sets it null; rules §36).
  app.delete('/admin/franchises/:id', byId(adminDeletedSchema), async (req) =>
    deleteRow(ctx, req, 'franchise', { caches: ['animes'], remove: repo.deleteFranchiseRow }),
  );
}
