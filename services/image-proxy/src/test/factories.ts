import sharp from 'sharp';
import type { CardFaceSummary } from '../cards/card-summaries';

/** A card summary as the catalogue sends it; each id gets its own name and version. */
export const cardSummary = (id: number, over: Partial<CardFaceSummary> = {}): CardFaceSummary => ({
  id,
  characterId: id,
  characterName: `Hero ${id}`,
  characterAltname: null,
  characterImageUrl: null,
  rankCode: 'S',
  rankTitle: 'Mythic',
  rankColor: '#f44336',
  rankImageUrl: null,
  rankOrder: 5,
  seasonId: null,
  limited: false,
  imageUrl: null,
  rarityScore: 0.5,
  version: `v1-${id}`,
  series: null,
  seasonYear: null,
  ...over,
});

export type Rgb = [number, number, number];

/** A solid-colour PNG (optionally with a transparent middle: a frame) as a data: URL. */
export async function solidPngDataUrl(
  color: Rgb,
  width: number,
  height: number,
  hole?: { left: number; top: number; width: number; height: number },
): Promise<string> {
  const [r, g, b] = color;
  let image = sharp({ create: { width, height, channels: 4, background: { r, g, b, alpha: 1 } } });
  if (hole) {
    // dest-out: the destination is cut away wherever the (opaque) hole is.
    const cut = await sharp({
      create: {
        width: hole.width,
        height: hole.height,
        channels: 4,
        background: { r: 0, g: 0, b: 0, alpha: 1 },
      },
    })
      .png()
      .toBuffer();
    image = sharp(await image.png().toBuffer()).composite([
      { input: cut, left: hole.left, top: hole.top, blend: 'dest-out' },
    ]);
  }
  return `data:image/png;base64,${(await image.png().toBuffer()).toString('base64')}`;
}

/** Decoded RGBA pixels of an encoded image, with helpers to read them. */
export async function pixels(encoded: Buffer) {
  const { data, info } = await sharp(encoded).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number): Rgb => {
    const i = (y * info.width + x) * 4;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  /** Every pixel of a region, row by row. */
  const region = (left: number, top: number, width: number, height: number): Rgb[] => {
    const out: Rgb[] = [];
    for (let y = top; y < top + height; y++) for (let x = left; x < left + width; x++) out.push(at(x, y));
    return out;
  };
  return { at, region, width: info.width, height: info.height };
}

export const hexToRgb = (hex: string): Rgb =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;

/** Whether two colours differ by at most `tolerance` per channel (lossy formats, resampling). */
export const near = (a: Rgb, b: Rgb, tolerance = 2): boolean =>
  a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);
