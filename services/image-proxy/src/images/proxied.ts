import { createHash } from 'node:crypto';
import { t } from '@acg/i18n/server';
import { type CacheNamespace, type Logger, RateLimitError, text } from '@acg/platform';
import sharp, { type Metadata } from 'sharp';
import { imageCache } from '../domain/image-cache';
import type { ImageFormat } from '../domain/image-format';
import { createSingleFlight } from '../domain/single-flight';
import { ImageFetchError, NotAnImageError, tooLarge } from '../fetch/errors';
import type { SafeFetcher } from '../fetch/safe-fetch';
import { encode } from '../render/encode';
import { MAX_INPUT_PIXELS } from './decode';
import type { FairQueue } from './fair-queue';

/** Bump when the way proxied images are drawn changes: every cached copy gets a new key. */
export const PROXY_STYLE = 'p1';
/** Formats whose bytes may be decoded (by their magic bytes, as sharp reads them). */
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff', 'avif']);

export interface ProxiedImagesOptions {
  fetcher: SafeFetcher;
  /** Re-encoded images, by URL and format. */
  cache: CacheNamespace;
  /** Per-client counters of cache misses (by user, by address for visitors). */
  misses: CacheNamespace;
  logger: Logger;
  ttlSeconds: number;
  /** Larger re-encoded images are served but not kept. */
  maxEntryBytes: number;
  /** Cache misses one client may cause per window (joining a fetch already running is free). */
  missesPerWindow: number;
  missWindowSeconds: number;
  /** Output is scaled down to fit this square (never up). */
  maxSide: number;
  /** The decode queue, fair between clients and weighted by megapixels (fair-queue.ts). */
  decodes: FairQueue;
}

export interface ProxiedImage {
  bytes: Buffer;
  /** Strong ETag of the bytes. */
  etag: string;
}

export interface ProxiedImages {
  /** `client`: `user:<id>` for a signed-in user, `ip:<address>` for a visitor (clientKeyOf). */
  get(url: string, format: ImageFormat, client: string, language?: string): Promise<ProxiedImage>;
  /** Upstream fetches done by this process, for tests and benchmarks. */
  readonly fetches: number;
}

export const proxyCacheKey = (url: string, format: ImageFormat): string =>
  `${createHash('sha256').update(url).digest('base64url')}:${PROXY_STYLE}:${format}`;

const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/**
 * Decodes untrusted bytes and re-encodes them, so the client never receives the upstream bytes
 * as they were. The bytes must be a raster format by their magic bytes (sharp reads the format
 * from the bytes, whatever the declared type said): SVG, PDF, HTML and anything else is "not an
 * image". The header's size is checked against the pixel cap before any pixel is decoded, and
 * the decoder enforces it again (`limitInputPixels`). Animated images (GIF, WebP) keep their
 * first frame only (`pages: 1`).
 */
export async function reencode(
  bytes: Buffer,
  format: ImageFormat,
  maxSide: number,
  decode: <T>(megapixels: number, job: () => Promise<T>) => Promise<T> = (_, job) => job(),
): Promise<Buffer> {
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1, failOn: 'error' });
  let meta: Metadata;
  try {
    meta = await input().metadata();
  } catch (err) {
    // The header's size is over the cap: sharp refuses before decoding anything.
    if (/pixel limit/i.test((err as Error).message))
      throw tooLarge('pixels', text('imageProxy.tooManyPixels', { max: MAX_INPUT_PIXELS }));
    throw new NotAnImageError('magic_bytes');
  }
  if (!RASTER_FORMATS.has(meta.format)) throw new NotAnImageError('magic_bytes');
  if (!meta.width || !meta.height) throw new NotAnImageError('magic_bytes');
  if (meta.width * meta.height > MAX_INPUT_PIXELS)
    throw tooLarge('pixels', text('imageProxy.tooManyPixels', { max: MAX_INPUT_PIXELS }));
  // The header is read (cheap); the decode itself waits its turn, weighed by its megapixels.
  return decode((meta.width * meta.height) / 1_000_000, async () => {
    try {
      const image = input()
        .autoOrient()
        .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
      return await encode(image, format);
    } catch {
      throw new NotAnImageError('undecodable');
    }
  });
}

/**
 * Proxied images, cached per (URL, format). A hit is one cache read. A miss counts against the
 * client's budget, then one fetch and one re-encoding per key at a time (single flight: callers
 * asking for a key already being fetched share it and are not counted). A failing cache is a
 * miss; refusals are not cached.
 */
export function createProxiedImages(o: ProxiedImagesOptions): ProxiedImages {
  const flights = createSingleFlight<Buffer>();
  let fetches = 0;

  const { read, keep } = imageCache(o.cache, o.logger, 'proxied image');

  const countMiss = async (client: string) => {
    let count: number;
    try {
      count = (await o.misses.increment(client, o.missWindowSeconds)).value;
    } catch (err) {
      o.logger.warn({ err }, 'proxy miss counter unavailable');
      return;
    }
    if (count > o.missesPerWindow)
      throw new RateLimitError(text('imageProxy.tooManyNew'), o.missWindowSeconds);
  };

  const fetchAndKeep = async (
    key: string,
    url: string,
    format: ImageFormat,
    client: string,
    language: string,
  ) => {
    fetches++;
    const fetched = await o.fetcher.fetch(url);
    const image = await reencode(fetched.bytes, format, o.maxSide, (megapixels, job) =>
      o.decodes.run(client, megapixels, job, () => t(language, 'imageProxy.decodesOverShare')),
    );
    if (image.length <= o.maxEntryBytes) await keep(key, image, o.ttlSeconds);
    return image;
  };

  return {
    async get(url, format, client, language = 'en') {
      const key = proxyCacheKey(url, format);
      let bytes = flights.has(key) ? undefined : await read(key);
      if (!bytes) {
        if (!flights.has(key)) await countMiss(client);
        try {
          bytes = await flights.run(
            key,
            async () => (await read(key)) ?? fetchAndKeep(key, url, format, client, language),
          );
        } catch (err) {
          if (!(err instanceof ImageFetchError)) o.logger.warn({ err, url }, 'proxied image failed');
          throw err;
        }
      }
      return { bytes, etag: etagOf(bytes) };
    },
    get fetches() {
      return fetches;
    },
  };
}
