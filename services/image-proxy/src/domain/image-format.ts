/** The formats this service encodes, best first. PNG is the fallback every client takes. */
export const imageFormats = ['avif', 'webp', 'png'] as const;
export type ImageFormat = (typeof imageFormats)[number];

export const contentTypeOf = (format: ImageFormat): string => `image/${format}`;

/**
 * The media types an Accept header lists with a non-zero quality, lower-cased. Wildcards
 * (`image/*`, `*\/*`) are kept as they are: they never select AVIF or WebP, because browsers
 * send them for images they cannot necessarily decode.
 */
export function acceptedTypes(accept: string | undefined): Set<string> {
  const types = new Set<string>();
  for (const part of (accept ?? '').split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!type) continue;
    const q = params.find((p) => p.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (Number.isFinite(quality) && quality > 0) types.add(type);
  }
  return types;
}

/**
 * The best of `offered` that the client names explicitly, else PNG. `offered` is the service's
 * configured preference (AVIF may be left out when its encoding is too slow for cold renders).
 */
export function negotiateFormat(
  accept: string | undefined,
  offered: readonly ImageFormat[] = imageFormats,
): ImageFormat {
  const types = acceptedTypes(accept);
  return offered.find((f) => f !== 'png' && types.has(contentTypeOf(f))) ?? 'png';
}
