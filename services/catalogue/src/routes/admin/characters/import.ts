import {
  ADMIN_CATALOGUE_LIMITS,
  type AdminCharacterImportResult,
  type AdminImportedCharacter,
  adminCharacterImportResultSchema,
  adminCharacterImportSchema,
  adminImportedCharacterSchema,
} from '@acg/contracts';
import { AppError, type HttpServer, type Tx, text } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import * as repo from '../../../repository/admin-catalogue';
import { updateCharacterRow } from '../../../repository/catalogue-writes';
import { type AdminCatalogueContext, auditOf, fieldOf, wordedIssue } from '../kit';
import { notFound, say } from '../messages';

type Named = { id: number; name: string };
type Outcome = { created: Named } | { updated: Named } | { conflict: { name: string; reason: string } };

/** One batch item read, or why it cannot go in (in the caller's language where the screens word it). */
function readItem(
  req: FastifyRequest,
  raw: unknown,
): { fields: AdminImportedCharacter } | { reason: string } {
  const parsed = adminImportedCharacterSchema.safeParse(typeof raw === 'object' && raw !== null ? raw : {});
  if (parsed.success) return { fields: parsed.data };
  const worded = wordedIssue(parsed.error.issues);
  if (worded) return { reason: say(req, worded.key) };
  const [first] = parsed.error.issues;
  return { reason: `${fieldOf(first?.path ?? [], 'character')}: ${first?.message ?? 'invalid'}` };
}

/**
 * One character into the anime: found by either site's id it is linked (the other site's id it
 * lacks is filled in, never replaced, so the import screen knows it next time, rules §36), else
 * created and linked. Ids of two different characters are a conflict.
 */
async function importOne(tx: Tx, animeId: number, fields: AdminImportedCharacter): Promise<Outcome> {
  const { anilistId, shikimoriId } = fields;
  const byAnilist = anilistId ? await repo.findCharacterByExternal(tx, 'anilistId', anilistId) : undefined;
  const byShikimori = shikimoriId
    ? await repo.findCharacterByExternal(tx, 'shikimoriId', shikimoriId)
    : undefined;
  if (byAnilist && byShikimori && byAnilist.id !== byShikimori.id)
    return {
      conflict: {
        name: fields.name,
        reason: `AniList ID belongs to ${byAnilist.name}, Shikimori ID to ${byShikimori.name}`,
      },
    };
  const existing = byAnilist ?? byShikimori;
  if (existing) {
    await updateCharacterRow(tx, existing.id, {
      ...(existing.anilistId === null && anilistId ? { anilistId } : {}),
      ...(existing.shikimoriId === null && shikimoriId ? { shikimoriId } : {}),
    });
    await repo.linkCharacters(tx, animeId, [existing.id]);
    return { updated: { id: existing.id, name: existing.name } };
  }
  const row = await repo.insertCharacter(tx, {
    name: fields.name,
    altname: fields.altname ?? null,
    description: fields.description ?? null,
    imageUrl: fields.imageUrl ?? null,
    anilistId: anilistId ?? null,
    shikimoriId: shikimoriId ?? null,
  });
  await repo.linkCharacters(tx, animeId, [row.id]);
  return { created: { id: row.id, name: row.name } };
}

/**
 * Import (requirements C2.8, C7): up to 50 per call (more is a 413 the screen words as "batch too
 * large"), created or linked by external id to the anime; the answer is the spec's
 * {success, created[], updated[], conflicts[], error}, its error recorded as 'Батч N: {error}'.
 */
export function registerCharacterImport(app: HttpServer, ctx: AdminCatalogueContext): void {
  app.post(
    '/admin/characters/bulk',
    {
      bodyLimit: 2 * 1024 * 1024,
      schema: { body: adminCharacterImportSchema, response: { 200: adminCharacterImportResultSchema } },
    },
    async (req): Promise<AdminCharacterImportResult> => {
      const { animeId, characters: list } = req.body;
      if (list.length > ADMIN_CATALOGUE_LIMITS.importBatch)
        throw new AppError(
          413,
          'payload_too_large',
          text('catalogue.importBatch', { max: ADMIN_CATALOGUE_LIMITS.importBatch, got: list.length }),
          { limit: ADMIN_CATALOGUE_LIMITS.importBatch, got: list.length },
        );
      if (!(await repo.findAnimeBy(ctx.database.db, { id: animeId })))
        throw notFound(req, 'animeNotFound', { animeId });
      const result: AdminCharacterImportResult = {
        success: true,
        created: [],
        updated: [],
        conflicts: [],
        error: null,
      };
      await ctx.editor.run(['characters', 'stats'], async (tx) => {
        for (const raw of list) {
          const item = readItem(req, raw);
          const outcome: Outcome =
            'reason' in item
              ? {
                  conflict: {
                    name: String((raw as { name?: unknown } | null)?.name ?? ''),
                    reason: item.reason,
                  },
                }
              : await importOne(tx, animeId, item.fields);
          if ('created' in outcome) result.created.push(outcome.created);
          else if ('updated' in outcome) result.updated.push(outcome.updated);
          else result.conflicts.push(outcome.conflict);
        }
        const { created, updated } = result;
        return {
          before: [],
          after: [],
          result: undefined,
          audit:
            created.length + updated.length > 0
              ? auditOf(req, 'character.imported', {
                  description: `Imported ${created.length} new and linked ${updated.length} existing characters to anime ${animeId}`,
                  targetType: 'anime',
                  targetId: animeId,
                  after: { created: created.map((c) => c.id), updated: updated.map((c) => c.id) },
                })
              : [],
        };
      });
      const n = result.conflicts.length;
      return { ...result, success: n === 0, error: n ? `${n} character(s) not imported` : null };
    },
  );
}
