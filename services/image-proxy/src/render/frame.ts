import { textColorOn } from '../domain/palette';
import { clampGraphemes, cleanText, escapeXml, estimateEms } from '../domain/text';
import {
  ART,
  BADGE,
  CARD_HEIGHT,
  CARD_RADIUS,
  CARD_WIDTH,
  FONT_FAMILY,
  FRAME_WIDTH,
  NAME_PLATE,
  PRINT,
} from './layout';

const BODY = '#12131f';
const svg = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">${inner}</svg>`;

/** The card under the art: the frame in the rank colour, the dark body and the name plate. */
export function cardBaseSvg(color: string): string {
  const inner = CARD_RADIUS - FRAME_WIDTH / 2;
  return svg(`
  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" rx="${CARD_RADIUS}" fill="${color}"/>
  <rect x="${FRAME_WIDTH}" y="${FRAME_WIDTH}" width="${CARD_WIDTH - 2 * FRAME_WIDTH}" height="${CARD_HEIGHT - 2 * FRAME_WIDTH}" rx="${inner}" fill="${BODY}"/>
  <rect x="${ART.left}" y="${ART.top}" width="${ART.width}" height="${ART.height}" rx="${ART.radius}" fill="#1c1e2e"/>
  <rect x="${NAME_PLATE.left}" y="${NAME_PLATE.top}" width="${NAME_PLATE.width}" height="${NAME_PLATE.height}" rx="${NAME_PLATE.radius}" fill="${color}" fill-opacity="0.22" stroke="${color}" stroke-opacity="0.6" stroke-width="1.5"/>`);
}

/** The rounded art window as a mask (drawn art keeps only what falls inside it). */
export const artMaskSvg = (): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${ART.width}" height="${ART.height}"><rect width="${ART.width}" height="${ART.height}" rx="${ART.radius}" fill="#ffffff"/></svg>`;

export interface OverlayOptions {
  color: string;
  rankCode: string;
  limited: boolean;
  /** The year the card's season starts, printed on the limited ribbon beside the star. */
  seasonYear: number | null;
  /** The copy's print number, already in the viewer's form ("#7", "№ 7"); null: none. */
  printLabel: string | null;
  /** A rank frame image replaces the inner frame line. */
  framed: boolean;
  /** A rank icon replaces the code in the badge. */
  withIcon: boolean;
}

/** The rank badge's size, so a rank icon can be placed in it. */
export function badgeBox(rankCode: string, withIcon: boolean) {
  const code = clampGraphemes(cleanText(rankCode) || '?', 4);
  const width = withIcon
    ? BADGE.height
    : Math.max(BADGE.height, Math.ceil(estimateEms(code) * BADGE.fontSize * 1.15 + 22));
  return { left: BADGE.left, top: BADGE.top, width, height: BADGE.height, code };
}

/** Over the art: the inner frame line, the limited ribbon and the rank badge. */
export function cardOverlaySvg(o: OverlayOptions): string {
  const badge = badgeBox(o.rankCode, o.withIcon);
  const r = BADGE.height / 2;
  const codeText = o.withIcon
    ? ''
    : `<text x="${badge.left + badge.width / 2}" y="${badge.top + r + BADGE.fontSize * 0.36}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${BADGE.fontSize}" font-weight="bold" fill="${textColorOn(o.color)}">${escapeXml(badge.code)}</text>`;
  const artRight = ART.left + ART.width;
  const ribbon = o.limited
    ? `<clipPath id="art"><rect x="${ART.left}" y="${ART.top}" width="${ART.width}" height="${ART.height}" rx="${ART.radius}"/></clipPath>
  <defs><linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffe55c"/><stop offset="1" stop-color="#ffb300"/></linearGradient></defs>
  <g clip-path="url(#art)">
    <g transform="translate(${artRight - 52} ${ART.top + 52}) rotate(45)">
      <rect x="-110" y="-16" width="220" height="32" fill="url(#gold)" stroke="#7a5200" stroke-width="1.5"/>
      <text x="0" y="6" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="16" font-weight="bold" fill="#1a1200">${o.seasonYear ? `★ ${o.seasonYear} ★` : '★ ★ ★'}</text>
    </g>
  </g>`
    : '';
  return svg(`
  ${o.framed ? '' : `<rect x="${ART.left}" y="${ART.top}" width="${ART.width}" height="${ART.height}" rx="${ART.radius}" fill="none" stroke="${o.color}" stroke-width="3"/>`}
  ${ribbon}
  <rect x="${badge.left}" y="${badge.top}" width="${badge.width}" height="${badge.height}" rx="${r}" fill="${o.color}" stroke="${BODY}" stroke-width="3"/>
  <rect x="${badge.left - 2}" y="${badge.top - 2}" width="${badge.width + 4}" height="${badge.height + 4}" rx="${r + 2}" fill="none" stroke="#ffffff" stroke-opacity="0.8" stroke-width="1.5"/>
  ${codeText}
  ${o.printLabel ? printPlate(o.printLabel, o.color) : ''}`);
}

/** The print number on a dark plate edged in the rank colour, in the art's lower right corner. */
function printPlate(label: string, color: string): string {
  const width = Math.ceil(estimateEms(label) * PRINT.fontSize * 1.1 + 24);
  const left = PRINT.right - width;
  const top = PRINT.bottom - PRINT.height;
  return `<rect x="${left}" y="${top}" width="${width}" height="${PRINT.height}" rx="${PRINT.height / 2}" fill="#0b0c16" fill-opacity="0.82" stroke="${color}" stroke-width="2"/>
  <text x="${left + width / 2}" y="${top + PRINT.height / 2 + PRINT.fontSize * 0.36}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${PRINT.fontSize}" font-weight="bold" fill="#ffffff">${escapeXml(label)}</text>`;
}
