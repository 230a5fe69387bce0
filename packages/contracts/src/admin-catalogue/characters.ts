import { z } from 'zod';
import {
  ADMIN_CATALOGUE_LIMITS,
  adminPageQuery,
  adminQueryId,
  formImageUrl,
  formOptionalId,
  formOptionalText,
  formRequiredId,
  formTitle,
} from './form-fields';

/** The admin catalogue's characters (requirements C7 "Characters"). */
export const adminCharacterListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  altname: z.string().nullable(),
  shikimoriId: z.number().int().nullable(),
  anilistId: z.number().int().nullable(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export const adminCharacterListSchema = z.array(adminCharacterListItemSchema);
/** A character as stored, with when it was added (ISO time). */
export const adminCharacterSchema = adminCharacterListItemSchema.extend({ createdAt: z.string() });

/** GET /admin/characters?animeId=&limit=&offset= */
export const adminCharacterListQuerySchema = z.object({
  animeId: adminQueryId().optional(),
  ...adminPageQuery,
});

/** A character's own fields as a form sends them; PATCH takes any of them. */
const characterFields = {
  name: formTitle('nameRequired', 'nameShort'),
  altname: formOptionalText(2000),
  description: formOptionalText(20_000),
  imageUrl: formImageUrl(),
  shikimoriId: formOptionalId('shikimoriPositive'),
  anilistId: formOptionalId('anilistPositive'),
};

/** POST /admin/characters: the fields, and optionally the anime it belongs to. */
export const adminCharacterInputSchema = z.object({ ...characterFields, animeId: formOptionalId() });
export type AdminCharacterInput = z.infer<typeof adminCharacterInputSchema>;

/** PATCH /admin/characters/:id: only the fields it holds change. */
export const adminCharacterPatchSchema = z.object({
  ...characterFields,
  name: characterFields.name.optional(),
});
export type AdminCharacterPatch = z.infer<typeof adminCharacterPatchSchema>;

/** POST /admin/characters/delete-bulk: { ids }. */
export const adminCharacterDeleteBulkSchema = z.object({
  ids: z.array(formRequiredId()).min(1).max(ADMIN_CATALOGUE_LIMITS.deleteIds),
});
export const adminCharactersDeletedSchema = z.object({
  success: z.literal(true),
  deleted: z.number().int(),
  ids: z.array(z.number().int()),
});

/**
 * One character of an import batch. A batch item that does not read is a conflict of the batch,
 * not a refusal of the call, so the import reads each item with this schema itself.
 */
export const adminImportedCharacterSchema = z.object({
  ...characterFields,
  /**
   * Beyond the spec (issue 28): the catalogue character the preview matched this item to. The
   * import then links that character (filling the site ids and names it lacks) instead of
   * creating a second one.
   */
  linkTo: formOptionalId(),
});
export type AdminImportedCharacter = z.infer<typeof adminImportedCharacterSchema>;

/**
 * POST /admin/characters/bulk (requirements C2.8, C7): { characters[] (up to 50 per call, more is a
 * 413), animeId }.
 */
export const adminCharacterImportSchema = z.object({
  animeId: formRequiredId(),
  characters: z.array(z.unknown()).min(1),
});
const named = z.object({ id: z.number().int(), name: z.string() });
/** The import's answer, as the spec gives it: success only when every item went in. */
export const adminCharacterImportResultSchema = z.object({
  success: z.boolean(),
  created: z.array(named),
  updated: z.array(named),
  conflicts: z.array(z.object({ name: z.string(), reason: z.string() })),
  error: z.string().nullable(),
});
export type AdminCharacterImportResult = z.infer<typeof adminCharacterImportResultSchema>;

/** Beyond the spec (issue 28): one import row as the preview asks the catalogue about it. */
export const importCandidateSchema = z.object({
  anilistId: z.number().int().positive(),
  shikimoriId: z.number().int().positive().optional(),
  /** Every name the row goes by: English, Russian, Japanese and alternative names. */
  names: z.array(z.string().max(300)).max(60),
});
/** POST /admin/characters/import-matches: the anime imported into and the rows of the preview. */
export const importMatchRequestSchema = z.object({
  animeId: formRequiredId(),
  candidates: z.array(importCandidateSchema).max(ADMIN_CATALOGUE_LIMITS.importMatches),
});
export const importMatchSchema = z.object({
  /** The row (its AniList id). */
  anilistId: z.number().int(),
  character: z.object({
    id: z.number().int(),
    name: z.string(),
    anilistId: z.number().int().nullable(),
    shikimoriId: z.number().int().nullable(),
  }),
  /** 0–100: 100 for the same site id or the same name once normalised. */
  score: z.number().int().min(0).max(100),
  /** What matched: either site's id, or a name. */
  by: z.enum(['anilistId', 'shikimoriId', 'name']),
  /** Whether the character is already one of this anime's. */
  inAnime: z.boolean(),
});
export type ImportMatch = z.infer<typeof importMatchSchema>;
export const importMatchAnswerSchema = z.object({ matches: z.array(importMatchSchema) });
