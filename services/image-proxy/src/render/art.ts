import type { OverlayOptions, Sharp } from 'sharp';
import { openRaster } from '../images/decode';
import type { ImageSource } from '../images/source';
import { artMaskSvg } from './frame';
import { ART, CARD_HEIGHT, CARD_WIDTH } from './layout';

/** A layer for sharp's composite. */
export type Layer = OverlayOptions;

async function rawLayer(image: Sharp, left: number, top: number): Promise<Layer> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { input: data, raw: { width: info.width, height: info.height, channels: 4 }, left, top };
}

/**
 * The card's art from the first URL the source serves and the decoder reads, cropped to the
 * art window (sharp's attention strategy keeps faces and detail in frame) with rounded
 * corners; undefined when none can be drawn, and the card gets generated art.
 */
export async function loadArt(urls: Array<string | null>, source: ImageSource): Promise<Layer | undefined> {
  for (const url of urls) {
    if (!url) continue;
    const bytes = await source.load(url);
    const image = bytes && (await openRaster(bytes));
    if (!image) continue;
    try {
      const fitted = image
        .resize(ART.width, ART.height, { fit: 'cover', position: 'attention' })
        .composite([{ input: Buffer.from(artMaskSvg()), blend: 'dest-in' }]);
      return await rawLayer(fitted, ART.left, ART.top);
    } catch {
      // Truncated or corrupt past its header: try the next URL.
    }
  }
  return undefined;
}

export type RankImage = { kind: 'frame'; layer: Layer } | { kind: 'icon'; image: Sharp };

/**
 * A rank's image is used as a frame when it is one (its middle, over the art, is mostly
 * transparent) and otherwise as the rank's icon in the badge, as the member pages show it.
 */
export async function loadRankImage(url: string | null, source: ImageSource): Promise<RankImage | undefined> {
  if (!url) return undefined;
  const bytes = await source.load(url);
  const image = bytes && (await openRaster(bytes));
  if (!image) return undefined;
  try {
    const { data, info } = await image
      .clone()
      .resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'fill' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (middleAlpha(data, info.width, info.height) < 64) {
      return {
        kind: 'frame',
        layer: { input: data, raw: { width: info.width, height: info.height, channels: 4 }, left: 0, top: 0 },
      };
    }
    return { kind: 'icon', image };
  } catch {
    return undefined;
  }
}

/** Mean alpha of the middle of the art window in a card-sized RGBA image. */
function middleAlpha(data: Buffer, width: number, height: number): number {
  const x0 = ART.left + ART.width / 4;
  const y0 = ART.top + ART.height / 4;
  let sum = 0;
  let count = 0;
  for (let y = Math.floor(y0); y < Math.min(height, y0 + ART.height / 2); y += 3) {
    for (let x = Math.floor(x0); x < Math.min(width, x0 + ART.width / 2); x += 3) {
      sum += data[(y * width + x) * 4 + 3]!;
      count++;
    }
  }
  return count === 0 ? 255 : sum / count;
}

/** The rank icon fitted into the badge. */
export async function iconLayer(
  image: Sharp,
  box: { left: number; top: number; width: number; height: number },
): Promise<Layer> {
  const inset = 4;
  const size = box.height - inset * 2;
  const fitted = image.resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } });
  return rawLayer(fitted, box.left + Math.round((box.width - size) / 2), box.top + inset);
}
