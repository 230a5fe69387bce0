/** Raster types accepted inline; SVG never (it is markup, and could reference other resources). */
const RASTER_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/webp',
  'image/gif',
  'image/avif',
]);

/** Inline art above this many decoded bytes is refused (about a 6 MB photo). */
export const MAX_INLINE_IMAGE_BYTES = 6 * 1024 * 1024;

export interface InlineImage {
  mediaType: string;
  bytes: Buffer;
}

/**
 * Decodes a base64 `data:image/...` URL of a raster type within the size limit; anything else
 * (another scheme, SVG, plain-text data, broken base64, too large) is undefined. The bytes are
 * still checked by the decoder: the declared type is only a first filter.
 */
export function parseImageDataUrl(url: string): InlineImage | undefined {
  const match = /^data:([a-z]+\/[a-z0-9.+-]+)((?:;[a-z0-9-]+=[^;,]*)*);base64,/i.exec(url);
  if (!match) return undefined;
  const mediaType = match[1]!.toLowerCase();
  if (!RASTER_TYPES.has(mediaType)) return undefined;
  const payload = url.slice(match[0].length).replace(/\s+/g, '');
  if (payload.length === 0 || payload.length > Math.ceil((MAX_INLINE_IMAGE_BYTES * 4) / 3) + 4)
    return undefined;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload)) return undefined;
  return { mediaType, bytes: Buffer.from(payload, 'base64') };
}
