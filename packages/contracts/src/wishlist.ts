import { z } from 'zod';
import { localizedSchema } from './catalogue';
import { defineEvent } from './messaging';

/**
 * Wishlists (issue 25 items 2–4, docs/rules.md: wishlists and alerts). A fan keeps up to
 * `WISHLIST_LIMIT` (inventory's setting, default 25) wished characters; a drop of one of their
 * cards to anyone else, or a copy of one offered to the fan in a trade, alerts the fan.
 */
export const DEFAULT_WISHLIST_LIMIT = 25;

/** One wished character, names in the caller's language. */
export const wishItemSchema = z.object({
  characterId: z.number().int(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  animeTitle: z.string().nullable(),
  addedAt: z.string(),
  /** Additive: a card of the character (its lowest id), to show the card's picture. */
  cardId: z.number().int().optional(),
});
export type WishItem = z.infer<typeof wishItemSchema>;

/** GET /api/wishlist: the caller's wishlist, the limit and whether alerts may come as Discord DMs. */
export const wishlistSchema = z.object({
  items: z.array(wishItemSchema),
  limit: z.number().int(),
  dm: z.boolean(),
});
export type Wishlist = z.infer<typeof wishlistSchema>;

/** GET /api/collectors/{id}/wishlist: a collector's wished characters (empty when hidden from the caller). */
export const collectorWishlistSchema = z.object({ items: z.array(wishItemSchema) });

/** PUT /api/wishlist/{characterId}: 200 with `added: false` when it was already wished. */
export const wishAddedSchema = z.object({
  added: z.boolean(),
  count: z.number().int(),
  limit: z.number().int(),
});
/** DELETE /api/wishlist/{characterId}. */
export const wishRemovedSchema = z.object({ removed: z.boolean() });
/** PUT /api/wishlist/settings: body and answer. */
export const wishSettingsSchema = z.object({ dm: z.boolean() });

/** GET /admin/rarity/wishes: the most wished characters, with their likes and demand (rules §67). */
export const wishedCharacterSchema = z.object({
  characterId: z.number().int(),
  name: z.string(),
  wishes: z.number().int(),
  /** Likes of all the character's cards. */
  likes: z.number().int(),
  /** likes + WISH_DEMAND_WEIGHT × wishes. */
  demand: z.number().int(),
});
export const wishStatsSchema = z.object({
  top: z.array(wishedCharacterSchema),
  totalWishes: z.number().int(),
  fans: z.number().int(),
  /** How much one wish weighs against one like in `demand`. */
  wishWeight: z.number(),
});
export type WishStats = z.infer<typeof wishStatsSchema>;
/** One wish counts as this many likes in the demand signal (docs/rules.md §67). */
export const WISH_DEMAND_WEIGHT = 3;

export const WISH_ALERT_REASONS = ['drop', 'trade'] as const;
export type WishAlertReason = (typeof WISH_ALERT_REASONS)[number];

/**
 * wish.alerted: inventory alerted a fan that a card of a character they wish was dropped to
 * someone else (`entryId`) or offered to them in a trade (`tradeId`). Written to inventory's
 * outbox once per source event, fan and character (a unique constraint); the gateway's live
 * stream shows it to the fan, and the bot DMs it when `dm` is true (the fan allows DMs and no DM
 * about this character went to them in the last hour).
 */
export const wishAlerted = defineEvent(
  'wish.alerted',
  z.object({
    /** The alert's own id (inventory's wish_alerts row). */
    alertId: z.number().int(),
    userId: z.number().int(),
    characterId: z.number().int(),
    cardId: z.number().int(),
    reason: z.enum(WISH_ALERT_REASONS),
    tradeId: z.number().int().optional(),
    entryId: z.number().int().optional(),
    characterName: z.string(),
    characterNames: localizedSchema.optional(),
    dm: z.boolean(),
  }),
);
