import { z } from 'zod';
import { idNumber, safeString } from './fields';
import { defineEvent, defineRpc } from './messaging';
import { packedIntsSchema } from './packed-ints';

/**
 * Inventory and likes (requirements M3, M7). An inventory entry is one card held by one user, with
 * a quantity; every change of quantity happens in one inventory transaction.
 */
export const inventoryEntrySchema = z.object({
  id: z.number().int(),
  cardId: z.number().int(),
  limited: z.boolean(),
  obtainedAt: z.string(),
  quantity: z.number().int(),
  /** The print numbers of the copies held, lowest first (docs/rules.md: print numbers). */
  printNumbers: z.array(z.number().int()),
  /** The character's name, in the caller's language (rules §57). */
  character: z.string(),
  /** The rank code. */
  rank: z.string(),
  Card: z.object({
    id: z.number().int(),
    imageUrl: z.string().nullable(),
    Character: z.object({
      id: z.number().int(),
      name: z.string(),
      /** Every name of the character in every language (additive): searches match any of them. */
      names: z.array(z.string()),
    }),
    Rank: z.object({ code: z.string(), color: z.string(), title: z.string() }),
  }),
  /** The catalogue anime the character appears in (additive). */
  animeIds: z.array(z.number().int()),
});
export type InventoryEntry = z.infer<typeof inventoryEntrySchema>;
export const inventoryListSchema = z.array(inventoryEntrySchema);

/**
 * GET /admin/users/{id}/inventory (requirements O3 inventory item: id, quantity, obtainedAt, Card with
 * id, Character {name} and Rank {name}). Additively it carries everything of the member entry;
 * Rank.name is the rank's title, and Card.deleted marks a card catalogue has deleted (the
 * administrator still sees the copies the user holds).
 */
const entryCardSchema = inventoryEntrySchema.shape.Card;
export const adminInventoryItemSchema = inventoryEntrySchema.extend({
  Card: entryCardSchema.extend({
    Rank: entryCardSchema.shape.Rank.extend({ name: z.string() }),
    deleted: z.boolean(),
  }),
});
export type AdminInventoryItem = z.infer<typeof adminInventoryItemSchema>;
export const adminInventoryListSchema = z.array(adminInventoryItemSchema);

/** GET /api/inventory?card_id= : the owners of a card. */
export const ownerSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  discordId: z.string(),
  quantity: z.number().int(),
});
export type Owner = z.infer<typeof ownerSchema>;
export const ownerListSchema = z.array(ownerSchema);

/** Copies held per rank (highest rank first) and distinct cards held per anime (additive). */
export const rankCountSchema = z.object({
  code: z.string(),
  title: z.string(),
  color: z.string(),
  count: z.number().int(),
});
export const animeCountSchema = z.object({ animeId: z.number().int(), cards: z.number().int() });

export const inventoryStatsSchema = z.object({
  total_cards: z.number().int(),
  limited_cards: z.number().int(),
  common_cards: z.number().int(),
  unique_characters: z.number().int(),
  /** Copies per rank, highest rank first (additive). */
  by_rank: z.array(rankCountSchema),
  /** Distinct cards held per catalogue anime, most first (additive; the completion bars). */
  by_anime: z.array(animeCountSchema),
});
export type InventoryStats = z.infer<typeof inventoryStatsSchema>;

/**
 * GET /api/collectors/{id}: a collector's public page (rules §57), for signed-in users. A
 * collection its owner hid shows only who they are (`hidden`, no cards and no counts) to
 * anyone else; an unknown user is a 404.
 */
export const collectorSchema = z.object({
  user: z.object({
    id: z.number().int(),
    displayName: z.string(),
    avatar: z.string().nullable(),
    discordId: z.string(),
  }),
  hidden: z.boolean(),
  /** The caller is this collector. */
  self: z.boolean(),
  cards: inventoryListSchema,
  stats: inventoryStatsSchema.nullable(),
});
export type Collector = z.infer<typeof collectorSchema>;

/** GET and PUT /api/inventory/visibility: whether the caller's collection is hidden from others. */
export const collectionVisibilitySchema = z.object({ hidden: z.boolean() });

/** GET /api/cards/{id}/likes and POST /api/cards/{id}/like. */
export const likesSchema = z.object({
  likes: z.number().int(),
  liked: z.boolean(),
  /** Additive: how many copies of the card were ever printed (dropped or given). */
  printed: z.number().int().optional(),
});
export const likeResultSchema = z.object({
  success: z.boolean(),
  likes: z.number().int(),
  error: z.string().optional(),
});

/**
 * inventory.grant: gives one copy of a card to a user. The idempotency key (the Discord
 * interaction id for drops) is stored under a unique constraint: the same key again returns the
 * first result with `granted: false` and changes nothing.
 */
export const inventoryGrant = defineRpc(
  'inventory.grant',
  z.object({
    userId: idNumber(),
    cardId: idNumber(),
    idempotencyKey: safeString().min(1).max(200),
    source: z.enum(['drop', 'admin', 'seed']),
  }),
  z.object({
    granted: z.boolean(),
    entryId: z.number().int(),
    quantity: z.number().int(),
    obtainedAt: z.string(),
    /**
     * The copy's print number: it is the n-th copy of the card ever given. Null only for a repeat
     * of a grant made before print numbers existed.
     */
    printNumber: z.number().int().nullable(),
  }),
  3000,
);

/** inventory.owned-cards: which of the given cards a user holds (anime progress). */
export const inventoryOwnedCards = defineRpc(
  'inventory.owned-cards',
  z.object({ userId: idNumber(), cardIds: z.array(idNumber()).max(5000) }),
  z.object({ cardIds: z.array(z.number().int()) }),
);

export const inventoryGranted = defineEvent(
  'inventory.granted',
  z.object({
    userId: z.number().int(),
    cardId: z.number().int(),
    entryId: z.number().int(),
    quantity: z.number().int(),
    source: z.string(),
    /** The print number of the copy given (absent in events from before print numbers). */
    printNumber: z.number().int().optional(),
  }),
);
export const cardLiked = defineEvent(
  'card.liked',
  z.object({ cardId: z.number().int(), userId: z.number().int(), likes: z.number().int() }),
);

/**
 * inventory.card-holders: how many players hold each of these cards (quantity > 0). The admin
 * catalogue asks before deleting a card (rules §36: a card players own is not deleted).
 */
export const inventoryCardHolders = defineRpc(
  'inventory.card-holders',
  z.object({ cardIds: z.array(idNumber()).min(1).max(100_000) }),
  z.object({ holders: z.array(z.object({ cardId: z.number().int(), players: z.number().int() })) }),
  5000,
);

/** How many card ids one inventory.card-stats page covers (keeps each answer well under 1 MB). */
export const CARD_STATS_PAGE = 20_000;

/**
 * inventory.card-stats: per card, for cards with id in (afterCardId, afterCardId + span], the
 * players holding it — all of them and the active ones (any copy gained or moved within
 * `activeDays`) —, the copies held and the likes; cards nobody holds or likes are left out. As
 * parallel arrays (compact). `activePlayers` is the number of active players overall. The
 * catalogue's rarity recalculation reads these page by page (docs/rules.md §37).
 *
 * With a `runId` (one per read of all pages), the pages come from one snapshot of the whole
 * inventory that the run's first page builds in one pass, so every page of a run sees the same
 * figures and later pages cost a range read; `release` on the run's last page drops the snapshot.
 * Without one, each page is computed on its own (slower: the active players are counted again).
 *
 * With `packed`, the five lists come as `packed` (packInts: base64 of big-endian int32s) and the
 * arrays are empty: a page of 20,000 cards is then ~0.5 MB of JSON less to write, parse and
 * validate on both sides. An inventory that predates `packed` ignores it and answers arrays, so a
 * caller reads `packed` when it is there and the arrays otherwise.
 */
export const inventoryCardStats = defineRpc(
  'inventory.card-stats',
  z.object({
    afterCardId: z.number().int().min(0),
    span: z.number().int().min(1).max(CARD_STATS_PAGE),
    activeDays: z.number().int().min(1).max(3650),
    runId: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,64}$/)
      .optional(),
    release: z.boolean().optional(),
    packed: z.boolean().optional(),
    /**
     * Count only the active players holding each card (owners, copies and likes are 0, sent
     * empty when packed; a card only liked is left out): all a run's scores need, in a lighter
     * pass. With a run id, the page that builds the snapshot decides for the whole run.
     */
    scoresOnly: z.boolean().optional(),
  }),
  z.object({
    cardIds: z.array(z.number().int()),
    activeOwners: z.array(z.number().int()),
    owners: z.array(z.number().int()),
    copies: z.array(z.number().int()),
    likes: z.array(z.number().int()),
    packed: z
      .object({
        cardIds: packedIntsSchema,
        activeOwners: packedIntsSchema,
        owners: packedIntsSchema,
        copies: packedIntsSchema,
        likes: packedIntsSchema,
      })
      .optional(),
    activePlayers: z.number().int(),
    maxCardId: z.number().int(),
  }),
  30_000,
);
