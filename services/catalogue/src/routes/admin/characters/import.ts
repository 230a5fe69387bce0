import {
  ADMIN_CATALOGUE_LIMITS,
  type AdminCharacterImportResult,
  type AdminImportedCharacter,
  adminCharacterImportResultSchema,
  adminCharacterImportSchema,
  adminImportedCharacterSchema,
  importMatchAnswerSchema,
  importMatchRequestSchema,
} from '@acg/contracts';
import { AppError, type HttpServer, type Tx, text } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import { CharacterIndex, matchCandidates, mergeAltnames } from '../../../domain/character-match';
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
 * The alternative names an item brings: its comma-joined altname's parts (a name holding a comma
 * is stored as its parts, which join back to the same text).
 */
const itemNames = (fields: AdminImportedCharacter) => (fields.altname ?? '').split(',');

/**
 * An existing character taking an item in: the site ids it lacks are filled in (never replaced),
 * the item's names join its alternative names once each, an empty description or image is
 * filled, and it is linked to the anime.
 */
async function linkExisting(
  tx: Tx,
  animeId: number,
  existing: NonNullable<Awaited<ReturnType<typeof repo.findCharacter>>>,
  fields: AdminImportedCharacter,
): Promise<Outcome> {
  const { anilistId, shikimoriId } = fields;
  const clash =
    (anilistId && existing.anilistId !== null && existing.anilistId !== anilistId) ||
    (shikimoriId && existing.shikimoriId !== null && existing.shikimoriId !== shikimoriId);
  if (clash)
    return {
      conflict: { name: fields.name, reason: `${existing.name} (${existing.id}) holds other site ids` },
    };
  const altname = mergeAltnames(existing.name, existing.altname, [
    ...(fields.name.trim() !== existing.name.trim() ? [fields.name] : []),
    ...itemNames(fields),
  ]);
  await updateCharacterRow(tx, existing.id, {
    ...(existing.anilistId === null && anilistId ? { anilistId } : {}),
    ...(existing.shikimoriId === null && shikimoriId ? { shikimoriId } : {}),
    ...(altname !== existing.altname ? { altname } : {}),
    ...(!existing.description && fields.description ? { description: fields.description } : {}),
    ...(!existing.imageUrl && fields.imageUrl ? { imageUrl: fields.imageUrl } : {}),
  });
  await repo.linkCharacters(tx, animeId, [existing.id]);
  return { updated: { id: existing.id, name: existing.name } };
}

/**
 * One character into the anime: the character the preview matched it to (`linkTo`), else the
 * one either site's id finds, takes it in (linkExisting: the other site's id it lacks is filled
 * in, never replaced, so the import screen knows it next time, rules §36); else it is created
 * and linked. Ids of two different characters are a conflict.
 */
async function importOne(tx: Tx, animeId: number, fields: AdminImportedCharacter): Promise<Outcome> {
  const { anilistId, shikimoriId, linkTo } = fields;
  if (linkTo) {
    const target = await repo.findCharacter(tx, linkTo);
    if (!target) return { conflict: { name: fields.name, reason: `Character ${linkTo} not found` } };
    return linkExisting(tx, animeId, target, fields);
  }
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
  if (existing) return linkExisting(tx, animeId, (await repo.findCharacter(tx, existing.id))!, fields);
  const row = await repo.insertCharacter(tx, {
    name: fields.name,
    altname: mergeAltnames(fields.name, null, itemNames(fields)),
    description: fields.description ?? null,
    imageUrl: fields.imageUrl ?? null,
    anilistId: anilistId ?? null,
    shikimoriId: shikimoriId ?? null,
  });
  await repo.linkCharacters(tx, animeId, [row.id]);
  return { created: { id: row.id, name: row.name } };
}

/**
 * The import preview's matches (issue 28): for each row, the catalogue character it already is
 * (the same AniList or Shikimori id, or a name of the anime's characters or of the whole
 * catalogue, normalised: domain/character-match.ts), with the score, so the screen offers
 * "link to existing" instead of a second row. Reads only.
 */
export function registerImportMatches(app: HttpServer, ctx: AdminCatalogueContext): void {
  app.post(
    '/admin/characters/import-matches',
    { schema: { body: importMatchRequestSchema, response: { 200: importMatchAnswerSchema } } },
    async (req) => {
      const { animeId, candidates } = req.body;
      const db = ctx.database.db;
      if (!(await repo.findAnimeBy(db, { id: animeId }))) throw notFound(req, 'animeNotFound', { animeId });
      const [all, ofAnime] = await Promise.all([
        repo.listCharactersForMatching(db),
        repo.characterIdsOfAnime(db, animeId),
      ]);
      const matches = matchCandidates(new CharacterIndex(all, ofAnime), candidates);
      return { matches: matches.map((m) => ({ ...m, score: Math.round(m.score * 100) })) };
    },
  );
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
      const anime = await repo.findAnimeBy(ctx.database.db, { id: animeId });
      if (!anime) throw notFound(req, 'animeNotFound', { animeId });
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
                  // The anime's title names it in the log (issue 28).
                  after: {
                    title: anime.title,
                    created: created.map((c) => c.id),
                    updated: updated.map((c) => c.id),
                  },
                })
              : [],
        };
      });
      const n = result.conflicts.length;
      return { ...result, success: n === 0, error: n ? `${n} character(s) not imported` : null };
    },
  );
}
