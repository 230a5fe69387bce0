/**
 * Widths a card image is served at (`/api/cards/{id}/image?w=`): 1× and 2× of the cards the pages
 * draw up to 180 px wide; the image service draws at 360. No zod here: the web client imports this
 * file alone (`@acg/contracts/card-image`), not the schemas.
 */
export const CARD_IMAGE_WIDTHS = [180, 360] as const;
