import { z } from 'zod';
import { safeString } from '../fields';

/** The admin catalogue's seasons (requirements C7 "Ranks and seasons"); dates are YYYY-MM-DD. */
export const adminSeasonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export const adminSeasonListSchema = z.array(adminSeasonSchema);

/** A date a form must give: empty is `seasonFields`, not a real calendar date is refused. */
const seasonDate = z
  .string({ error: 'seasonFields' })
  .min(1, { message: 'seasonFields', abort: true })
  .pipe(z.iso.date('Dates must be real calendar dates as YYYY-MM-DD'));

/** POST /admin/seasons: { title, startDate, endDate }; the end is not before the start. */
export const adminSeasonInputSchema = z
  .object({
    title: safeString()
      .nullish()
      .transform((v) => (v ?? '').trim())
      .pipe(z.string().min(1, { message: 'seasonFields', abort: true }).max(200)),
    startDate: seasonDate,
    endDate: seasonDate,
  })
  .refine((s) => s.endDate >= s.startDate, { message: 'seasonDates', path: ['endDate'] });
export type AdminSeasonInput = z.infer<typeof adminSeasonInputSchema>;

/**
 * PATCH /admin/seasons/{id} (additive): any of { title, startDate, endDate }; absent is
 * unchanged. The server checks the order of the dates the season ends up with (`seasonDates`).
 */
export const adminSeasonPatchSchema = z.object({
  title: safeString()
    .transform((v) => v.trim())
    .pipe(z.string().min(1, { message: 'seasonFields', abort: true }).max(200))
    .optional(),
  startDate: seasonDate.optional(),
  endDate: seasonDate.optional(),
});
export type AdminSeasonPatch = z.infer<typeof adminSeasonPatchSchema>;
