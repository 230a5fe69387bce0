import type { Character, CharacterCard, Owner } from '@acg/contracts';
import { cardImageUrl } from './images';

// The answers' types come from the contracts (client-contract.ts); these are the web's helpers
// around them.
export type CatalogueCharacter = Character;
export type CatalogueCard = CharacterCard;
export type { Owner };

/** Owner display name (requirements M3): username, name or login, else 'ID: {id}'. */
export const ownerName = (o: Partial<Owner> & { name?: string | null; login?: string | null }): string =>
  o.username?.trim() || o.name?.trim() || o.login?.trim() || `ID: ${o.id ?? o.user_id ?? '?'}`;

/**
 * A character's picture: its first card's image, which the image service draws from the
 * character's art (or generated art), so it shows whether or not the character has an image
 * URL; a character without cards shows its own image (the loader proxies it).
 */
export const characterImage = (c: Pick<CatalogueCharacter, 'imageUrl' | 'Cards'>): string | null =>
  c.Cards[0] ? cardImageUrl(c.Cards[0].id) : c.imageUrl;
