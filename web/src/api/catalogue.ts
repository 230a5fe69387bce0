import * as z from 'zod/mini';
import { getJson, postJson } from './http';
import { cardImageUrl } from './images';

// The web's own small copies of the shapes it reads (see app/state.ts for why).
const int = () => z.number().check(z.int());

export const rankSchema = z.object({ id: int(), code: z.string(), title: z.string(), color: z.string() });
export type Rank = z.infer<typeof rankSchema>;

export const animeItemSchema = z.object({ id: int(), title: z.string() });
export type AnimeItem = z.infer<typeof animeItemSchema>;

export const characterCardSchema = z.object({
  id: int(),
  limited: z.boolean(),
  Rank: z.object({ code: z.string(), title: z.string(), color: z.string() }),
});
export const characterSchema = z.object({
  id: int(),
  name: z.string(),
  altname: z.nullable(z.string()),
  description: z.nullable(z.string()),
  imageUrl: z.nullable(z.string()),
  shikimoriId: z.nullable(int()),
  anilistId: z.nullable(int()),
  Cards: z.array(characterCardSchema),
});
export type CatalogueCharacter = z.infer<typeof characterSchema>;
export type CatalogueCard = z.infer<typeof characterCardSchema>;

export const getRanks = (signal?: AbortSignal) => getJson('/api/ranks', z.array(rankSchema), signal);
export const getAnimeList = (signal?: AbortSignal) => getJson('/api/anime', z.array(animeItemSchema), signal);

export const likeCountSchema = z.object({ likes: int(), liked: z.optional(z.boolean()) });
export const likeResultSchema = z.object({ success: z.boolean(), likes: z.optional(int()) });
export const getLikes = (cardId: number) => getJson(`/api/cards/${cardId}/likes`, likeCountSchema);
export const postLike = (cardId: number) => postJson(`/api/cards/${cardId}/like`, {}, likeResultSchema);

export const ownerSchema = z.object({
  id: z.optional(int()),
  user_id: z.optional(int()),
  username: z.optional(z.nullable(z.string())),
  name: z.optional(z.nullable(z.string())),
  login: z.optional(z.nullable(z.string())),
  avatar: z.nullable(z.string()),
  discordId: z.optional(z.nullable(z.string())),
});
export type Owner = z.infer<typeof ownerSchema>;
export const getOwners = (cardId: number) =>
  getJson(`/api/inventory?card_id=${cardId}`, z.array(ownerSchema));

/** Owner display name (spec 1 §3): username, name or login, else 'ID: {id}'. */
export const ownerName = (o: Owner): string =>
  o.username?.trim() || o.name?.trim() || o.login?.trim() || `ID: ${o.id ?? o.user_id ?? '?'}`;

/**
 * A character's picture: its first card's image, which the image service draws from the
 * character's art (or generated art), so it shows whether or not the character has an image
 * URL; a character without cards shows its own image (the loader proxies it).
 */
export const characterImage = (c: Pick<CatalogueCharacter, 'imageUrl' | 'Cards'>): string | null =>
  c.Cards[0] ? cardImageUrl(c.Cards[0].id) : c.imageUrl;
