import { z } from 'zod';
import { safeString } from '../fields';
import { formTitle } from './form-fields';

/** The admin catalogue's franchises (requirements C7 "Franchises"). */
export const adminFranchiseSchema = z.object({ id: z.number().int(), title: z.string() });
export const adminFranchiseListSchema = z.array(adminFranchiseSchema);

/** POST /admin/franchises and PATCH /admin/franchises/:id: { title }. */
export const adminFranchiseInputSchema = z.object({ title: formTitle('titleRequired', 'titleShort') });
export type AdminFranchiseInput = z.infer<typeof adminFranchiseInputSchema>;

/** GET /admin/franchises/search?q= (under 2 characters answers an empty list). */
export const adminFranchiseSearchQuerySchema = z.object({ q: safeString().max(200).default('') });

/** GET /admin/franchises/check-exists?title= */
export const adminFranchiseCheckQuerySchema = z.object({ title: safeString().max(300).default('') });
export const adminFranchiseCheckSchema = z.object({
  exists: z.boolean(),
  exactMatch: adminFranchiseSchema.nullable(),
  similar: adminFranchiseListSchema,
});
