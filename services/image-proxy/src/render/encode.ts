import type { Sharp } from 'sharp';
import type { ImageFormat } from '../domain/image-format';

/**
 * Encoder settings per format. Each card is encoded once per version and format, but that once
 * is on a visitor's request, so AVIF runs at effort 1: measured on the bench cards (encoding
 * alone, median) effort 1 takes ~80 ms for 9.7 KB, effort 2 ~110 ms for 9.2 KB, effort 4
 * ~900 ms; WebP takes ~26 ms for 15.3 KB. AVIF stays offered (CARD_IMAGE_FORMATS can drop it):
 * 35% fewer bytes on every later hit for ~50 ms more once.
 */
export function encode(image: Sharp, format: ImageFormat): Promise<Buffer> {
  switch (format) {
    case 'avif':
      return image.avif({ quality: 55, effort: 1 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 82, effort: 4 }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 7 }).toBuffer();
  }
}
