import { z } from 'zod';
import {
  type adminCharacterListItemSchema,
  adminFranchiseSchema,
  type adminRankSchema,
  type adminSeasonSchema,
} from './admin-catalogue';

/**
 * What the admin catalogue's list and write routes answer (requirements C7), as the catalogue service
 * sends them: the spec's entities with their mixed naming (`franchise_id` beside `shikimoriId`,
 * nested `Character`/`Rank`/`Season` in a card). The web reads its types from here
 * (client-contract.ts); the routes' own request schemas live with the routes.
 */
const id = () => z.number().int();

export type AdminFranchise = z.infer<typeof adminFranchiseSchema>;

/** GET /admin/franchises/check-exists?title= */
export const adminFranchiseExistsSchema = z.object({
  exists: z.boolean(),
  exactMatch: adminFranchiseSchema.nullable(),
  similar: z.array(adminFranchiseSchema),
});

/** A row of GET /admin/animes. */
export const adminAnimeSchema = z.object({
  id: id(),
  title: z.string(),
  shikimoriId: id().nullable(),
  anilistId: id().nullable(),
  franchise_id: id().nullable(),
  Franchise: z.object({ id: id(), title: z.string().nullable() }).nullable(),
});
export type AdminAnime = z.infer<typeof adminAnimeSchema>;

/** GET /admin/animes/check-exists?shikimoriId=&title= */
export const adminAnimeExistsSchema = z.object({
  exists: z.boolean(),
  exactMatch: z
    .object({ id: id(), title: z.string(), franchise: z.object({ title: z.string().nullable() }).optional() })
    .nullable(),
});

/** A row of GET /admin/characters. */
export type AdminCharacter = z.infer<typeof adminCharacterListItemSchema>;

/** A row of GET /admin/ranks. */
export type AdminRank = z.infer<typeof adminRankSchema>;

/** A row of GET /admin/seasons (dates as YYYY-MM-DD). */
export type AdminSeason = z.infer<typeof adminSeasonSchema>;

/** A row of GET /admin/cards. */
export const adminCardSchema = z.object({
  id: id(),
  character_id: id(),
  rank_id: id(),
  season_id: id().nullable(),
  limited: z.boolean(),
  imageUrl: z.string().nullable(),
  rarityScore: z.number(),
  Character: z.object({ id: id(), name: z.string() }),
  Rank: z.object({ id: id(), code: z.string(), title: z.string(), color: z.string() }),
  Season: z.object({ id: id(), title: z.string().nullable() }).nullable(),
});
export type AdminCard = z.infer<typeof adminCardSchema>;

/** POST /admin/cards/bulk-add-anime. */
export const adminBulkAddAnimeSchema = z.object({ added: id(), skipped: id() });
/** POST /admin/cards/bulk-add-all-anime. */
export const adminBulkAddAllAnimeSchema = z.object({
  total_anime: id(),
  total_added: id(),
  total_skipped: id(),
});

/** The answer of a write that reports nothing but its success (deletes, renames). */
export const adminDoneSchema = z.looseObject({ success: z.boolean() });

/** POST /change-language/{lang}. */
export const changeLanguageAnswerSchema = z.object({ success: z.boolean() });
