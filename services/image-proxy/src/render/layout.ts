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

export const ART: Box & { radius: number } = { left: 18, top: 18, width: 324, height: 400, radius: 10 };
export const NAME_PLATE: Box & { radius: number } = {
  left: 18,
  top: 426,
  width: 324,
  height: 96,
  radius: 10,
};
/** Where the name's text must fit, inside the plate with some air around it. */
export const NAME_TEXT: Box = { left: 30, top: 431, width: 300, height: 54 };
/** The series (the character's franchise or anime) under the name, one line. */
export const SERIES_TEXT: Box = { left: 34, top: 490, width: 292, height: 24 };
export const BADGE = { left: 28, top: 28, height: 44, fontSize: 24 };
/** The print number's plate, in the art window's lower right corner. */
export const PRINT = {
  right: ART.left + ART.width - 10,
  bottom: ART.top + ART.height - 10,
  height: 36,
  fontSize: 21,
};
/** Widths a card image is served at (1× and 2×), as the pages ask for them. */
export { CARD_IMAGE_WIDTHS as CARD_WIDTHS } from '@acg/contracts';

/** Fonts for generated text: DejaVu for Latin and Cyrillic, Noto CJK for Japanese and Chinese. */
export const FONT_FAMILY = "'DejaVu Sans', 'Noto Sans CJK JP', 'Noto Sans', sans-serif";
