import {
  type AdminCharacterPatch,
  adminCharacterDeleteBulkSchema,
  adminCharacterInputSchema,
  adminCharacterListQuerySchema,
  adminCharacterListSchema,
  adminCharacterPatchSchema,
  adminCharacterSchema,
  adminCharactersDeletedSchema,
  adminIdParamsSchema,
} from '@acg/contracts';
import { ConflictError, type HttpServer } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import * as repo from '../../../repository/admin-catalogue';
import { findCardSummariesOf } from '../../../repository/cards';
import { deleteCharacterRow, updateCharacterRow } from '../../../repository/catalogue-writes';
import { type AdminCatalogueContext, auditOf, byId, refuseHeldCards, rowCreated } from '../kit';
import { notFound, say } from '../messages';
import { registerCharacterImport, registerImportMatches } from './import';

type CharacterRow = NonNullable<Awaited<ReturnType<typeof repo.findCharacter>>>;
type Reader = AdminCatalogueContext['database']['db'];

/** A character as the admin calls answer it (its time of adding as ISO text, as JSON writes it). */
const answerOf = (row: CharacterRow) => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * The fields a form gave (absent ones left out), with a Shikimori or AniList id that another
 * character has refused as a 409 naming it (requirements C5).
 */
async function characterFields(db: Reader, req: FastifyRequest, body: AdminCharacterPatch, selfId?: number) {
  const fields = Object.fromEntries(
    Object.entries({
      name: body.name,
      altname: body.altname,
      description: body.description,
      imageUrl: body.imageUrl,
      shikimoriId: body.shikimoriId,
      anilistId: body.anilistId,
    }).filter(([, v]) => v !== undefined),
  ) as AdminCharacterPatch;
  for (const [field, taken] of [
    ['shikimoriId', 'shikimoriTaken'],
    ['anilistId', 'anilistTaken'],
  ] as const) {
    const value = fields[field];
    if (value === undefined || value === null) continue;
    const other = await repo.findCharacterByExternal(db, field, value);
    if (other && other.id !== selfId)
      throw new ConflictError(say(req, taken, { n: value, name: other.name }), { field });
  }
  return fields;
}

/** Deletes characters nobody holds a card of, with their cards; one id not found is a 404. */
async function deleteCharacters(ctx: AdminCatalogueContext, req: FastifyRequest, ids: number[]) {
  await refuseHeldCards(
    ctx,
    req,
    await repo.cardIdsOfCharacters(ctx.database.db, ids),
    ids.length === 1
      ? say(req, 'characterWord', { id: ids[0]! })
      : say(req, 'charactersWord', { n: ids.length }),
  );
  return ctx.editor.run(['characters', 'cards', 'stats'], async (tx) => {
    const before = (await Promise.all(ids.map((id) => findCardSummariesOf(tx, { characterId: id })))).flat();
    const removed: Array<{ id: number; name: string }> = [];
    for (const id of ids) {
      const row = await repo.findCharacter(tx, id);
      if (!row) continue;
      await deleteCharacterRow(tx, id);
      removed.push({ id, name: row.name });
    }
    if (ids.length === 1 && removed.length === 0) throw notFound(req, 'characterNotFound');
    return {
      before,
      after: [],
      result: { success: true as const, deleted: removed.length, ids: removed.map((r) => r.id) },
      audit: removed.flatMap((r) =>
        auditOf(req, 'character.deleted', {
          description: `Deleted character ${r.id}: ${r.name}`,
          targetType: 'character',
          targetId: r.id,
          before: r,
        }),
      ),
    };
  });
}

/** Characters (requirements C7 "Characters"): list, create, edit, delete (one or many), import. */
export function registerCharacterRoutes(app: HttpServer, ctx: AdminCatalogueContext): void {
  const { editor } = ctx;
  const db = ctx.database.db;
  registerCharacterEdits(app, ctx);
  registerCharacterImport(app, ctx);
  registerImportMatches(app, ctx);

  app.get(
    '/admin/characters',
    { schema: { querystring: adminCharacterListQuerySchema, response: { 200: adminCharacterListSchema } } },
    async (req) => repo.listCharacters(db, req.query),
  );
  app.post(
    '/admin/characters',
    { schema: { body: adminCharacterInputSchema, response: { 201: adminCharacterSchema } } },
    async (req, reply) => {
      const { name, altname, description, imageUrl, shikimoriId, anilistId, animeId } = req.body;
      const given = { name, altname, description, imageUrl, shikimoriId, anilistId };
      await characterFields(db, req, given);
      const fields = Object.fromEntries(
        Object.entries(given).map(([k, v]) => [k, v ?? null]),
      ) as typeof given & {
        name: string;
      };
      const created = await editor.run(['characters', 'stats'], async (tx) => {
        const row = await repo.insertCharacter(tx, fields);
        if (animeId !== undefined && animeId !== null) await repo.linkCharacters(tx, animeId, [row.id]);
        return rowCreated(req, 'character', row, `Created character ${row.id}: ${row.name}`, fields);
      });
      return reply.code(201).send(answerOf(created));
    },
  );
}

/** Editing and deleting characters (one or many). */
function registerCharacterEdits(app: HttpServer, ctx: AdminCatalogueContext): void {
  const { editor } = ctx;
  const db = ctx.database.db;

  app.patch('/admin/characters/:id', byId(adminCharacterSchema, adminCharacterPatchSchema), async (req) => {
    const { id } = req.params;
    const patch = await characterFields(db, req, req.body, id);
    const before = await repo.findCharacter(db, id);
    if (!before) throw notFound(req, 'characterNotFound');
    // Nothing differs (an empty body, the same values): nothing is written or logged as a change.
    const was = before as Record<string, unknown>;
    if (Object.entries(patch).every(([k, v]) => was[k] === v)) return answerOf(before);
    await editor.run(['characters', 'cards'], async (tx) => {
      const cardsBefore = await findCardSummariesOf(tx, { characterId: id });
      await updateCharacterRow(tx, id, patch);
      return {
        before: cardsBefore,
        after: await findCardSummariesOf(tx, { characterId: id }),
        result: undefined,
        audit: auditOf(req, 'character.updated', {
          description: `Updated character ${id}: ${before.name}`,
          targetType: 'character',
          targetId: id,
          before: Object.fromEntries(Object.keys(patch).map((k) => [k, was[k]])),
          after: patch,
        }),
      };
    });
    const after = await repo.findCharacter(db, id);
    if (!after) throw notFound(req, 'characterNotFound');
    return answerOf(after);
  });
  app.delete(
    '/admin/characters/:id',
    { schema: { params: adminIdParamsSchema, response: { 200: adminCharactersDeletedSchema } } },
    async (req) => deleteCharacters(ctx, req, [req.params.id]),
  );
  app.post(
    '/admin/characters/delete-bulk',
    { schema: { body: adminCharacterDeleteBulkSchema, response: { 200: adminCharactersDeletedSchema } } },
    async (req) => deleteCharacters(ctx, req, [...new Set(req.body.ids)]),
  );
}
