import { z } from 'zod';
import { INT4_MAX, safeString } from '../fields';

/**
 * Field readers for the admin catalogue's forms (rules §36). The screens send ids as numbers or
 * text and empty fields as '', null or nothing; these read them the way the forms mean them.
 *
 * A refusal the screens word for themselves (requirements C5) carries its message key as the zod issue
 * message (e.g. 'nameRequired'); the catalogue answers it in the caller's language. Any other
 * refusal is the platform's "Invalid request: <field>".
 */

const DIGITS = /^\s*\d+\s*$/;
/** Absent stays absent, empty ('' or null) is null, digits are a number, other text is NaN (refused). */
const idOrEmpty = (v: number | string | null | undefined): number | null | undefined => {
  if (v === undefined) return undefined;
  if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
  if (typeof v === 'string') return DIGITS.test(v) ? Number(v) : Number.NaN;
  return v;
};
const idNumber = (message?: string) =>
  z
    .number(message ? { error: message } : undefined)
    .int(message)
    .min(1, message)
    .max(INT4_MAX, message);
const idInput = (message?: string) =>
  z.union([z.number(), z.string(), z.null()], message ? { error: message } : undefined).optional();

/**
 * An id a form may leave empty: a positive int4 (or its digits as text), else null when empty,
 * undefined when absent. `message` is the key of anything else (else the generic refusal).
 */
export const formOptionalId = (message?: string) =>
  idInput(message).transform(idOrEmpty).pipe(idNumber(message).nullable().optional());

/** An id a form must give: empty or absent is `missing`, anything but an id is `message`. */
export const formRequiredId = (missing?: string, message?: string) =>
  idInput(message ?? missing)
    .transform(idOrEmpty)
    .pipe(
      z
        .number({
          error: (issue) =>
            issue.input === null || issue.input === undefined ? missing : (message ?? undefined),
        })
        .int(message)
        .min(1, message)
        .max(INT4_MAX, message),
    );

/**
 * A required name or title: trimmed, PostgreSQL-storable, `required` when empty, `short` under 2
 * characters, at most `max` (longer is refused, never cut).
 */
export const formTitle = (required: string, short: string, max = 300) =>
  safeString()
    .nullish()
    .transform((v) => (v ?? '').trim())
    .pipe(
      z.string().min(1, { message: required, abort: true }).min(2, { message: short, abort: true }).max(max),
    );

/** Trimmed required text: `required` when empty, at most `max`. */
export const formRequiredText = (required: string, max: number) =>
  safeString()
    .nullish()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().min(1, { message: required, abort: true }).max(max));

/** Optional text: trimmed, at most `max`; empty is null, absent stays absent. */
export const formOptionalText = (max: number) =>
  safeString()
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : (v ?? '').trim() || null))
    .pipe(z.string().max(max).nullable().optional());

const IMAGE_ADDRESS = /^(https?:\/\/|\/)/i;
/** An image address: http(s) or a path on this site; empty is null, absent stays absent. */
export const formImageUrl = () =>
  formOptionalText(2000).refine((v) => v === null || v === undefined || IMAGE_ADDRESS.test(v), {
    message: 'imageUrl must be an http(s) address or a path on this site',
  });

/** A database id in a path (`/admin/cards/:id`). */
export const adminIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });

/** An id in a query string. */
export const adminQueryId = () => z.coerce.number().int().positive().max(INT4_MAX);

/** Largest lists a single call accepts (rules §36); a bigger body is a 413 or 400 with its limit. */
export const ADMIN_CATALOGUE_LIMITS = {
  bulkCards: 1000,
  deleteIds: 1000,
  importBatch: 50,
  /** Rows one import preview may ask matches for. */
  importMatches: 2000,
  page: 1000,
} as const;

/** limit/offset paging of the admin lists. */
export const adminPageQuery = {
  limit: z.coerce.number().int().min(1).max(ADMIN_CATALOGUE_LIMITS.page).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
};

/** `{ success: true, id }`: what a delete answers. */
export const adminDeletedSchema = z.object({ success: z.literal(true), id: z.number().int() });
