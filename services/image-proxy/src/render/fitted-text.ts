import sharp, { type OutputInfo } from 'sharp';
import { clampGraphemes, cleanText, escapeXml, estimateEms, splitInTwo } from '../domain/text';
import { FONT_FAMILY } from './layout';

export interface FittedTextOptions {
  text: string;
  /** The box the text must fit in; it is centred there by the caller. */
  width: number;
  height: number;
  /** Largest font size in px; long text is made smaller to fit. */
  fontSize: number;
  fill: string;
  bold?: boolean;
  /** Allow breaking long text into two lines before shrinking it. */
  twoLines?: boolean;
  /** A soft dark copy under the text, for text over busy backgrounds. */
  shadow?: boolean;
  /** Longer text is cut with an ellipsis before fitting (keeps it legible). */
  maxGraphemes?: number;
}

/** Raw RGBA pixels of rendered text, ready for sharp's composite. */
export interface TextLayer {
  input: Buffer;
  raw: { width: number; height: number; channels: 4 };
}

const LINE_HEIGHT = 1.2;

/** The layout (lines and size) that shows the text largest within the box, by estimate. */
function chooseLines(text: string, o: FittedTextOptions): { lines: string[]; size: number } {
  const oneEms = Math.max(estimateEms(text), 0.5);
  const one = Math.min(o.fontSize, o.width / oneEms, o.height / LINE_HEIGHT);
  if (!o.twoLines || one >= o.fontSize * 0.8) return { lines: [text], size: o.fontSize };
  const lines = splitInTwo(text);
  const twoEms = Math.max(...lines.map(estimateEms), 0.5);
  const two = Math.min(o.fontSize, o.width / twoEms, o.height / (2 * LINE_HEIGHT));
  return two > one
    ? { lines, size: Math.floor(Math.min(o.fontSize, o.height / (2 * LINE_HEIGHT))) }
    : { lines: [text], size: o.fontSize };
}

/**
 * Text drawn by librsvg from escaped SVG, trimmed to its ink and scaled down when it is still
 * wider or taller than the box: the estimate picks lines and size, the measurement makes sure
 * any name (long, Japanese, Cyrillic, emoji) ends up inside. Undefined when nothing is drawn.
 */
export async function renderFittedText(o: FittedTextOptions): Promise<TextLayer | undefined> {
  const text = clampGraphemes(cleanText(o.text), o.maxGraphemes ?? 80);
  if (!text || o.width < 2 || o.height < 2) return undefined;
  const { lines, size } = chooseLines(text, o);
  const canvasWidth = Math.ceil(Math.max(...lines.map(estimateEms)) * size * 1.3 + size * 2);
  const canvasHeight = Math.ceil(lines.length * size * LINE_HEIGHT + size);
  const cx = canvasWidth / 2;
  const weight = o.bold ? 'bold' : 'normal';
  const tspans = (dx: number, dy: number) =>
    lines
      .map((line, i) => {
        const y = size * (1 + i * LINE_HEIGHT) + dy;
        return `<text x="${cx + dx}" y="${y}" text-anchor="middle">${escapeXml(line)}</text>`;
      })
      .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${canvasWidth}" height="${canvasHeight}">
  <g font-family="${FONT_FAMILY}" font-size="${size}" font-weight="${weight}">
    ${o.shadow ? `<g fill="#000000" fill-opacity="0.45">${tspans(1, 2)}</g>` : ''}
    <g fill="${o.fill}">${tspans(0, 0)}</g>
  </g>
</svg>`;
  let trimmed: { data: Buffer; info: OutputInfo };
  try {
    trimmed = await sharp(Buffer.from(svg))
      .ensureAlpha()
      .trim({ threshold: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return undefined; // nothing drawable (no glyph left any ink): no text layer
  }
  let { data, info } = trimmed;
  if (info.width > o.width || info.height > o.height) {
    ({ data, info } = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
      .resize(o.width, o.height, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true }));
  }
  return { input: data, raw: { width: info.width, height: info.height, channels: 4 } };
}

/** Where to place a layer so that it is centred in a box. */
export const centredIn = (
  layer: TextLayer,
  box: { left: number; top: number; width: number; height: number },
) => ({
  left: Math.round(box.left + (box.width - layer.raw.width) / 2),
  top: Math.round(box.top + (box.height - layer.raw.height) / 2),
});
