import { z } from 'zod';
import { INT4_MAX, safeString } from '../fields';
import { formOptionalId, formRequiredId, formTitle } from './form-fields';

/** The admin catalogue's anime (requirements C7 "Anime"). */
export const adminAnimeListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  shikimoriId: z.number().int().nullable(),
  anilistId: z.number().int().nullable(),
  franchise_id: z.number().int().nullable(),
  Franchise: z.object({ id: z.number().int(), title: z.string().nullable() }).nullable(),
});
export const adminAnimeListSchema = z.array(adminAnimeListItemSchema);

/** An anime as created: its row, the franchise under both names the screens read. */
export const adminAnimeCreatedSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  shikimoriId: z.number().int().nullable(),
  anilistId: z.number().int().nullable(),
  franchiseId: z.number().int().nullable(),
  franchise_id: z.number().int().nullable(),
});

/** POST /admin/animes: a Shikimori id is required; the franchise as franchise_id or franchiseId. */
export const adminAnimeInputSchema = z.object({
  title: formTitle('titleRequired', 'titleShort'),
  shikimoriId: formRequiredId('shikimoriPositive', 'shikimoriPositive'),
  anilistId: formOptionalId('anilistPositive'),
  franchise_id: formOptionalId(),
  franchiseId: formOptionalId(),
});
export type AdminAnimeInput = z.infer<typeof adminAnimeInputSchema>;

/**
 * POST /admin/animes/quick-add (requirements C7): a Shikimori and/or an AniList id, the title (or
 * bestTitle for the combined search), a franchise or createFranchise. Without a title (the spec's
 * request by Shikimori id alone) the catalogue takes the site's title from anime-search (issue 28).
 */
export const adminAnimeQuickAddSchema = z
  .object({
    shikimoriId: formOptionalId('shikimoriPositive'),
    anilistId: formOptionalId('anilistPositive'),
    title: safeString().nullish(),
    bestTitle: safeString().nullish(),
    franchiseId: formOptionalId(),
    createFranchise: z.boolean().nullish(),
  })
  .refine((b) => (b.shikimoriId ?? null) !== null || (b.anilistId ?? null) !== null, {
    message: 'Give shikimoriId or anilistId',
    path: ['shikimoriId'],
  })
  .transform(({ bestTitle, ...b }): Omit<typeof b, 'title'> & { title?: string | null } => ({
    ...b,
    title: b.title ?? bestTitle ?? undefined,
  }))
  .pipe(
    z.object({
      shikimoriId: z.number().nullish(),
      anilistId: z.number().nullish(),
      title: formTitle('titleRequired', 'titleShort').optional(),
      franchiseId: z.number().nullish(),
      createFranchise: z.boolean().nullish(),
    }),
  );

export const adminAnimeQuickAddedSchema = z.object({
  success: z.literal(true),
  anime: adminAnimeCreatedSchema,
});

/** GET /admin/animes/check-exists?shikimoriId=&title= (either or both). */
export const adminAnimeCheckQuerySchema = z
  .object({
    shikimoriId: z.coerce.number().int().positive().max(INT4_MAX).optional(),
    title: safeString().max(300).optional(),
  })
  .refine((q) => q.shikimoriId !== undefined || Boolean(q.title?.trim()), {
    message: 'Give shikimoriId or title',
  });
export const adminAnimeCheckSchema = z.object({
  exists: z.boolean(),
  exactMatch: z
    .object({
      id: z.number().int(),
      title: z.string(),
      franchise: z.object({ title: z.string() }).optional(),
    })
    .nullable(),
});
