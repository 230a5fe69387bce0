import { z } from 'zod';
import { rankSchema } from '../catalogue';
import { formImageUrl, formOptionalText, formRequiredText } from './form-fields';

/** The admin catalogue's ranks (requirements C7 "Ranks and seasons"): the same record as the member area's. */
export const adminRankSchema = rankSchema;
export const adminRankListSchema = z.array(adminRankSchema);

/** A threshold a form sends: a number or its text, empty is none; else `thresholdInvalid`. */
const threshold = z
  .union([z.number(), z.string(), z.null()], { error: 'thresholdInvalid' })
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? null : Number(v)))
  .pipe(z.number({ error: 'thresholdInvalid' }).min(0, 'thresholdInvalid').nullable());

/**
 * The title per language a form sends (additive): each trimmed, at most 100; empty or null is
 * none, absent is unchanged on an edit (rules §68).
 */
const rankTitles = z
  .object({ en: formOptionalText(100), ru: formOptionalText(100), ja: formOptionalText(100) })
  .optional();

/** POST /admin/ranks: { code, title, titles, imageUrl, threshold }. */
export const adminRankInputSchema = z.object({
  code: formRequiredText('codeRequired', 10),
  title: formRequiredText('titleRequired', 100),
  titles: rankTitles,
  threshold,
  imageUrl: formImageUrl(),
});
export type AdminRankInput = z.infer<typeof adminRankInputSchema>;

/** A threshold an edit sends: absent is unchanged, empty is none, else a number ≥ 0. */
const thresholdEdit = z
  .union([z.number(), z.string(), z.null()], { error: 'thresholdInvalid' })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : Number(v)))
  .pipe(z.number({ error: 'thresholdInvalid' }).min(0, 'thresholdInvalid').nullable().optional());

/** PATCH /admin/ranks/{id} (additive): any of { code, title, titles, threshold, imageUrl }; absent is unchanged. */
export const adminRankPatchSchema = z.object({
  code: formRequiredText('codeRequired', 10).optional(),
  title: formRequiredText('titleRequired', 100).optional(),
  titles: rankTitles,
  threshold: thresholdEdit,
  imageUrl: formImageUrl(),
});
export type AdminRankPatch = z.infer<typeof adminRankPatchSchema>;
