import type { CSSProperties } from 'react';

/**
 * The rank's own colour (from the API) as the --rank-color of an element: card frames, rank
 * codes and rank chips take it (cards.css lightens it for text on the dark surface). Known codes
 * also have a default through data-rank.
 */
export const rankColor = (color: string | null | undefined): CSSProperties | undefined =>
  color ? ({ '--rank-color': color } as CSSProperties) : undefined;
