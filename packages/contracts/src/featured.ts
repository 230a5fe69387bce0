import { z } from 'zod';
import { cardRankSchema, localizedSchema } from './catalogue';

/** How many cards the home page shows a visitor (issue 22 item 7). */
export const FEATURED_CARDS_MAX = 6;

/**
 * GET /api/cards/featured: a few cards anyone may see, for the home page of a visitor who has no
 * cards yet. Catalogue data only, no owner, no like and nothing about the caller, so every caller
 * gets the same answer. The picture is the card image endpoint (`/api/cards/{id}/image`).
 */
export const featuredCardSchema = z.object({
  id: z.number().int(),
  characterName: z.string(),
  /** The name per language (additive; shown along the names' fallback order, rules §57). */
  characterNames: localizedSchema.default({}),
  /** The first catalogue anime of the character (by id); null for a character in none. */
  animeTitle: z.string().nullable(),
  /** That anime's title per language (additive). */
  animeTitles: localizedSchema.default({}),
  limited: z.boolean(),
  Rank: cardRankSchema,
});
export type FeaturedCard = z.infer<typeof featuredCardSchema>;
export const featuredCardsSchema = z.object({ cards: z.array(featuredCardSchema).max(FEATURED_CARDS_MAX) });
export type FeaturedCards = z.infer<typeof featuredCardsSchema>;
