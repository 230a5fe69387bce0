import {
  adminDeletedSchema,
  adminRankInputSchema,
  adminRankListSchema,
  adminRankPatchSchema,
  adminRankSchema,
} from '@acg/contracts';
import { cleanLocalized, type Localized, type StoredTexts } from '@acg/i18n';
import { ConflictError, type HttpServer } from '@acg/platform';
import * as repo from '../../../repository/admin-catalogue';
import { findCardSummariesOf } from '../../../repository/cards';
import { type AdminCatalogueContext, auditOf, byId, deleteRow, rowCreated } from '../kit';
import { notFound, say } from '../messages';

/** The titles after an edit: the languages it names replace theirs (empty removes one), the others stay. */
const editedTitles = (stored: StoredTexts, edit: Localized | undefined): StoredTexts | undefined =>
  edit === undefined ? undefined : cleanLocalized({ ...stored, ...edit });

const same = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && a !== null && JSON.stringify(a) === JSON.stringify(b));

/** The fields of a rank an edit changes, and their values before and after (nothing when none differ). */
function rankChanges(row: Record<string, unknown>, patch: Record<string, unknown>) {
  const keys = Object.keys(patch).filter((k) => patch[k] !== undefined && !same(patch[k], row[k]));
  return {
    keys,
    before: Object.fromEntries(keys.map((k) => [k, row[k]])),
    after: Object.fromEntries(keys.map((k) => [k, patch[k]])),
  };
}

/**
 * Ranks (requirements C7 "Ranks and seasons"): list, create (after the highest), edit (code, title,
 * threshold, image; additive), delete an unused one.
 */
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
      const titles = cleanLocalized(req.body.titles);
      const imageUrl = req.body.imageUrl ?? null;
      const ranks = await repo.listRanks(db);
      if (ranks.some((r) => r.code === code)) throw new ConflictError(say(req, 'rankCodeTaken', { code }));
      const sortOrder = ranks.reduce((m, r) => Math.max(m, r.sortOrder + 1), 0);
      const created = await editor.run(['ranks'], async (tx) => {
        const row = await repo.insertRank(tx, { code, title, titles, threshold, imageUrl, sortOrder });
        return rowCreated(req, 'rank', row, `Created rank ${code}: ${title}`);
      });
      return reply.code(201).send(created);
    },
  );
  registerRankEdit(app, ctx);
  app.delete('/admin/ranks/:id', byId(adminDeletedSchema), async (req) =>
    deleteRow(ctx, req, 'rank', {
      caches: ['ranks'],
      remove: repo.deleteRankRow,
      usedBy: 'rankId',
      describe: (row) => `Deleted rank ${row.code}`,
    }),
  );
}

const shown = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

/** PATCH /admin/ranks/{id} (additive): code, title, titles, threshold, image; a code another rank has is a 409; audited. */
function registerRankEdit(app: HttpServer, ctx: AdminCatalogueContext): void {
  app.patch('/admin/ranks/:id', byId(adminRankSchema, adminRankPatchSchema), async (req) => {
    const { id } = req.params;
    const ranks = await repo.listRanks(ctx.database.db);
    const row = ranks.find((r) => r.id === id);
    if (!row) throw notFound(req, 'rankNotFound');
    const { code } = req.body;
    if (code !== undefined && ranks.some((r) => r.code === code && r.id !== id))
      throw new ConflictError(say(req, 'rankCodeTaken', { code }));
    const change = rankChanges(row, { ...req.body, titles: editedTitles(row.titles, req.body.titles) });
    // The same values again change nothing and log nothing (rules §36).
    if (change.keys.length === 0) return row;
    return ctx.editor.run(['ranks', 'characters', 'cards'], async (tx) => {
      const before = await findCardSummariesOf(tx, { rankId: id });
      const updated = await repo.updateRank(tx, id, change.after);
      if (!updated) throw notFound(req, 'rankNotFound');
      return {
        before,
        after: await findCardSummariesOf(tx, { rankId: id }),
        result: updated,
        audit: auditOf(req, 'rank.updated', {
          description: `Edited rank ${row.code}: ${change.keys.map((k) => `${k} ${shown(change.before[k])} → ${shown(change.after[k])}`).join(', ')}`,
          targetType: 'rank',
          targetId: id,
          before: change.before,
          after: change.after,
        }),
      };
    });
  });
}
