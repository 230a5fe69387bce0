import type { FastifyReply } from 'fastify';
import sharp from 'sharp';

export type RasterFormat = 'jpeg' | 'png';

const cache = new Map<string, Promise<Buffer>>();
const CACHE_LIMIT = 500;

/** A stable colour for things that have none (characters, people): a hue from the id. */
export const colourOf = (seed: number) => `hsl(${(seed * 47) % 360}, 55%, 55%)`;

/**
 * A small real raster image (poster-like: a background colour, a lighter circle and a band), so
 * image pipelines downstream decode, resize and cache something genuine. Drawn once per
 * size/colour/format and kept.
 */
export function drawImage(
  width: number,
  height: number,
  colour: string,
  format: RasterFormat,
): Promise<Buffer> {
  const key = `${width}x${height}:${colour}:${format}`;
  let image = cache.get(key);
  if (!image) {
    const r = Math.round(Math.min(width, height) / 3);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="${colour}"/>
<circle cx="${width / 2}" cy="${height / 2.6}" r="${r}" fill="#ffffff" fill-opacity="0.45"/>
<rect y="${Math.round(height * 0.78)}" width="100%" height="${Math.round(height * 0.12)}" fill="#000000" fill-opacity="0.3"/>
</svg>`;
    const pipeline = sharp(Buffer.from(svg));
    image = (format === 'png' ? pipeline.png() : pipeline.jpeg({ quality: 80 })).toBuffer();
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, image);
  }
  return image;
}

/** Sends an image with the caching headers a CDN would. */
export async function sendImage(
  reply: FastifyReply,
  size: readonly [number, number],
  colour: string,
  format: RasterFormat,
): Promise<FastifyReply> {
  const body = await drawImage(size[0], size[1], colour, format);
  return reply
    .type(format === 'png' ? 'image/png' : 'image/jpeg')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(body);
}
