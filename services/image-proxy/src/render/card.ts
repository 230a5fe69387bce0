import type { CardSummary } from '@acg/contracts';
import sharp from 'sharp';
import { escapeXml, FONT, hashName, initials, safeColor } from './svg';

export const CARD_WIDTH = 360;
export const CARD_HEIGHT = 540;
export type ImageFormat = 'avif' | 'webp' | 'png';

/** Only inline art is drawn for now; fetching external art is the image proxy's later job. */
const inlineArt = (url: string | null): string | null =>
  url && /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/.test(url) ? url : null;

/** Generated art for a character without an image: a gradient from the name, with initials. */
function placeholderArt(name: string, x: number, y: number, w: number, h: number): string {
  const hash = hashName(name);
  const hue1 = hash % 360;
  const hue2 = (hue1 + 40 + ((hash >> 9) % 120)) % 360;
  const rings = Array.from({ length: 5 }, (_, i) => {
    const r = 30 + ((hash >> (i * 3)) % 90);
    const cx = x + ((hash >> (i * 5)) % w);
    const cy = y + ((hash >> (i * 4 + 2)) % h);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="white" fill-opacity="0.08"/>`;
  }).join('');
  return `
    <defs><linearGradient id="art" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue1},70%,45%)"/><stop offset="1" stop-color="hsl(${hue2},70%,25%)"/>
    </linearGradient></defs>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#art)"/>
    ${rings}
    <text x="${x + w / 2}" y="${y + h / 2 + 38}" text-anchor="middle" font-family="${FONT}" font-size="110"
      font-weight="bold" fill="white" fill-opacity="0.85">${escapeXml(initials(name))}</text>`;
}

/** The character's name, shrunk to fit the banner and cut with an ellipsis past 26 characters. */
function nameText(name: string, cx: number, y: number): string {
  const chars = [...name];
  const shown = chars.length > 26 ? `${chars.slice(0, 25).join('')}…` : name;
  const wide = [...shown].some((c) => c.codePointAt(0)! > 0x2e80);
  const units = [...shown].length * (wide ? 1.9 : 1);
  const size = Math.max(14, Math.min(26, Math.floor(470 / Math.max(units, 1))));
  return `<text x="${cx}" y="${y}" text-anchor="middle" font-family="${FONT}" font-size="${size}"
    font-weight="bold" fill="#ffffff">${escapeXml(shown)}</text>`;
}

/** The SVG of a card: art inside a frame in the rank's colour, rank badge, name banner. */
export function cardSvg(card: CardSummary): string {
  const color = safeColor(card.rankColor);
  const art = inlineArt(card.imageUrl) ?? inlineArt(card.characterImageUrl);
  const [ax, ay, aw, ah] = [18, 18, CARD_WIDTH - 36, CARD_HEIGHT - 110];
  const artLayer = art
    ? `<image href="${art}" x="${ax}" y="${ay}" width="${aw}" height="${ah}" preserveAspectRatio="xMidYMid slice"/>`
    : placeholderArt(card.characterName, ax, ay, aw, ah);
  const limited = card.limited
    ? `<g><rect x="${CARD_WIDTH - 118}" y="30" width="90" height="26" rx="13" fill="#ffd700"/>
       <text x="${CARD_WIDTH - 73}" y="48" text-anchor="middle" font-family="${FONT}" font-size="14" font-weight="bold" fill="#1a1a1a">LIMITED</text></g>`
    : '';
  const code = escapeXml(card.rankCode);
  const codeSize = code.length > 2 ? 18 : 24;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" rx="22" fill="${color}"/>
  <rect x="10" y="10" width="${CARD_WIDTH - 20}" height="${CARD_HEIGHT - 20}" rx="16" fill="#12131f"/>
  <clipPath id="artClip"><rect x="${ax}" y="${ay}" width="${aw}" height="${ah}" rx="10"/></clipPath>
  <g clip-path="url(#artClip)">${artLayer}</g>
  <rect x="${ax}" y="${ay}" width="${aw}" height="${ah}" rx="10" fill="none" stroke="${color}" stroke-width="3"/>
  <circle cx="52" cy="52" r="28" fill="#12131f" stroke="${color}" stroke-width="4"/>
  <text x="52" y="${52 + codeSize / 3}" text-anchor="middle" font-family="${FONT}" font-size="${codeSize}" font-weight="bold" fill="${color}">${code}</text>
  ${limited}
  <rect x="${ax}" y="${CARD_HEIGHT - 84}" width="${aw}" height="62" rx="10" fill="${color}" fill-opacity="0.22"/>
  ${nameText(card.characterName, CARD_WIDTH / 2, CARD_HEIGHT - 45)}
</svg>`;
}

/** Renders a card to the format asked for (AVIF effort kept low: a cold render must stay quick). */
export async function renderCard(card: CardSummary, format: ImageFormat): Promise<Buffer> {
  const image = sharp(Buffer.from(cardSvg(card)), { limitInputPixels: CARD_WIDTH * CARD_HEIGHT * 4 });
  if (format === 'avif') return image.avif({ quality: 55, effort: 2 }).toBuffer();
  if (format === 'webp') return image.webp({ quality: 82 }).toBuffer();
  return image.png({ compressionLevel: 6 }).toBuffer();
}

/** Picks the best format the client accepts. */
export function negotiateFormat(accept: string | undefined): ImageFormat {
  const a = accept ?? '';
  if (/image\/avif/.test(a)) return 'avif';
  if (/image\/webp/.test(a)) return 'webp';
  return 'png';
}
