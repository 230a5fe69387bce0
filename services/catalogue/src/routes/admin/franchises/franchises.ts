import {
  adminDeletedSchema,
  adminFranchiseCheckQuerySchema,
  adminFranchiseCheckSchema,
  adminFranchiseInputSchema,
  adminFranchiseListSchema,
  adminFranchiseSchema,
  adminFranchiseSearchQuerySchema,
  adminIdParamsSchema,
} from '@acg/contracts';
import { ConflictError, type HttpServer } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import * as repo from '../../../repository/admin-catalogue';
import { type AdminCatalogueContext, auditOf } from '../kit';
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
        return {
          before: [],
          after: [],
          result: row,
          audit: auditOf(req, 'franchise.created', {
            description: `Created franchise ${row.id}: ${title}`,
            targetType: 'franchise',
            targetId: row.id,
            after: row,
          }),
        };
      });
      return reply.code(201).send(created);
    },
  );
  app.patch(
    '/admin/franchises/:id',
    {
      schema: {
        params: adminIdParamsSchema,
        body: adminFranchiseInputSchema,
        response: { 200: adminFranchiseSchema },
      },
    },
    async (req) => {
      const { title } = req.body;
      const { id } = req.params;
      const other = await repo.findFranchiseByTitle(db, title);
      if (other && other.id !== id) throw new ConflictError(say(req, 'franchiseExists', { title }));
      return renameFranchise(ctx, req, id, title);
    },
  );
  app.delete(
    '/admin/franchises/:id',
    { schema: { params: adminIdParamsSchema, response: { 200: adminDeletedSchema } } },
    async (req) =>
      editor.run(['animes'], async (tx) => {
        // Its anime stay, without a franchise (the foreign key sets it null; rules §36).
        const row = await repo.deleteFranchiseRow(tx, req.params.id);
        if (!row) throw notFound(req, 'franchiseNotFound');
        return {
          before: [],
          after: [],
          result: { success: true as const, id: row.id },
          audit: auditOf(req, 'franchise.deleted', {
            description: `Deleted franchise ${row.id}: ${row.title}`,
            targetType: 'franchise',
            targetId: row.id,
            before: row,
          }),
        };
      }),
  );
}
