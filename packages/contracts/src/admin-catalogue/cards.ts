import { z } from 'zod';
import { cardSummarySchema } from '../catalogue';
import {
  ADMIN_CATALOGUE_LIMITS,
  adminPageQuery,
  adminQueryId,
  formImageUrl,
  formOptionalId,
  formRequiredId,
} from './form-fields';

/** The admin catalogue's cards (requirements C7 "Cards"). */
export const adminCardListItemSchema = z.object({
  id: z.number().int(),
  character_id: z.number().int(),
  rank_id: z.number().int(),
  season_id: z.number().int().nullable(),
  limited: z.boolean(),
  imageUrl: z.string().nullable(),
  rarityScore: z.number(),
  Character: z.object({ id: z.number().int(), name: z.string() }),
  Rank: z.object({ id: z.number().int(), code: z.string(), title: z.string(), color: z.string() }),
  Season: z.object({ id: z.number().int(), title: z.string().nullable() }).nullable(),
});
export const adminCardListSchema = z.array(adminCardListItemSchema);

/** GET /admin/cards?characterId=&rankId=&limit=&offset= (with limit, x-total-count says the total). */
export const adminCardListQuerySchema = z.object({
  characterId: adminQueryId().optional(),
  rankId: adminQueryId().optional(),
  ...adminPageQuery,
});

/** One card as the add form sends it; a limited card needs its season. */
export const adminCardInputSchema = z
  .object({
    character_id: formRequiredId('characterRequired'),
    rank_id: formRequiredId('rankRequired'),
    limited: z.boolean().nullish(),
    season_id: formOptionalId(),
    imageUrl: formImageUrl(),
  })
  .refine((c) => c.limited !== true || (c.season_id ?? null) !== null, {
    message: 'seasonRequired',
    path: ['season_id'],
  })
  .transform((c) => ({
    characterId: c.character_id,
    rankId: c.rank_id,
    limited: c.limited === true,
    // Only a limited card belongs to a season.
    seasonId: c.limited === true ? (c.season_id ?? null) : null,
    imageUrl: c.imageUrl ?? null,
  }));
export type AdminCardInput = z.output<typeof adminCardInputSchema>;

/** POST /admin/cards/bulk: { cards } (1 to 1000). */
export const adminCardBulkSchema = z.object({
  cards: z
    .array(adminCardInputSchema, { error: 'characterIdsMissing' })
    .min(1, { message: 'characterIdsMissing' })
    .max(ADMIN_CATALOGUE_LIMITS.bulkCards),
});

/** POST /admin/cards/bulk-add-anime: { anime_id, rank_id, season_id (or null) }. */
export const adminCardsByAnimeSchema = z.object({
  anime_id: formRequiredId('animeAndRank'),
  rank_id: formRequiredId('animeAndRank'),
  season_id: formOptionalId(),
});
/** POST /admin/cards/bulk-add-all-anime: { rank_id, season_id (or null) }. */
export const adminCardsForAllAnimeSchema = z.object({
  rank_id: formRequiredId('rankRequired'),
  season_id: formOptionalId(),
});
export const adminCardsByAnimeResultSchema = z.object({
  added: z.number().int(),
  skipped: z.number().int(),
});
export const adminCardsForAllAnimeResultSchema = z.object({
  total_anime: z.number().int(),
  total_added: z.number().int(),
  total_skipped: z.number().int(),
});

/** PATCH /admin/cards/:id: { rank_id }. */
export const adminCardPatchSchema = z.object({ rank_id: formRequiredId() });

export const adminCardCreatedSchema = z.object({ success: z.literal(true), id: z.number().int() });
export const adminCardsCreatedSchema = z.object({
  success: z.literal(true),
  added: z.number().int(),
  ids: z.array(z.number().int()),
});
/** A card as PATCH answers it: its summary as the catalogue publishes it. */
export const adminCardSummarySchema = cardSummarySchema;
