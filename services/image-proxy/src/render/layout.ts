/**
 * Geometry of a card image: portrait 2:3 (the profile shows cards at 144x216), art window on
 * top, name plate below, the frame around both in the rank's colour.
 */
export const CARD_WIDTH = 360;
export const CARD_HEIGHT = 540;
/** Width of the rank-coloured frame; pixels inside it at any edge show the rank colour. */
export const FRAME_WIDTH = 10;
export const CARD_RADIUS = 22;

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const ART: Box & { radius: number } = { left: 18, top: 18, width: 324, height: 420, radius: 10 };
export const NAME_PLATE: Box & { radius: number } = {
  left: 18,
  top: 446,
  width: 324,
  height: 76,
  radius: 10,
};
/** Where the name's text must fit, inside the plate with some air around it. */
export const NAME_TEXT: Box = { left: 30, top: 452, width: 300, height: 64 };
export const BADGE = { left: 28, top: 28, height: 44, fontSize: 24 };

/** Fonts for generated text: DejaVu for Latin and Cyrillic, Noto CJK for Japanese and Chinese. */
export const FONT_FAMILY = "'DejaVu Sans', 'Noto Sans CJK JP', 'Noto Sans', sans-serif";
