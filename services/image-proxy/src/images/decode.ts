import sharp, { type Sharp } from 'sharp';

/** Decoded images above this many pixels are refused (a decompression bomb stops here). */
export const MAX_INPUT_PIXELS = 40_000_000;
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff']);

/**
 * Opens untrusted bytes as a raster image: first frame only, pixel cap, orientation applied.
 * Whatever the bytes claim to be, formats that are markup or documents (SVG, PDF) are refused,
 * as are bytes the decoder cannot read: undefined, never a throw.
 */
export async function openRaster(bytes: Buffer): Promise<Sharp | undefined> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1, failOn: 'error' });
    const meta = await image.metadata();
    if (!RASTER_FORMATS.has(meta.format)) return undefined;
    return image.autoOrient();
  } catch {
    return undefined;
  }
}
