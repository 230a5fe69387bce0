import type { CacheNamespace, Logger } from '@acg/platform';
import { imageCache } from '../domain/image-cache';
import type { ImageFormat } from '../domain/image-format';
import { createSingleFlight } from '../domain/single-flight';
import { type CardFace, faceKey, RENDER_STYLE } from '../render/card';
import type { CardFaceSummary } from './card-summaries';

export type RenderCard = (card: CardFaceSummary, face: CardFace, format: ImageFormat) => Promise<Buffer>;

export interface CardImagesOptions {
  cache: CacheNamespace;
  logger: Logger;
  render: RenderCard;
  /** How long a render is kept; keys carry the card version, so this only bounds space. */
  ttlSeconds: number;
}

export interface CardImages {
  get(card: CardFaceSummary, face: CardFace, format: ImageFormat): Promise<Buffer>;
  /** Renders done by this process (cache misses that were drawn), for tests and benchmarks. */
  readonly renders: number;
}

/**
 * The cache key of a render: a new card version, series, render style or face (print number,
 * language, width) is a new key.
 */
export const renderKey = (card: CardFaceSummary, face: CardFace, format: ImageFormat): string =>
  `${card.id}:${card.version}:${RENDER_STYLE}:${format}:${faceKey(card, face)}`;

/**
 * Rendered card images, cached per (card, version, style, format). Concurrent requests for one
 * key share one cache read and at most one render. A cache that fails is treated as a miss
 * (the image is still drawn and served).
 */
export function createCardImages(o: CardImagesOptions): CardImages {
  const flights = createSingleFlight<Buffer>();
  let renders = 0;

  const { read, keep } = imageCache(o.cache, o.logger, 'card image');

  const drawAndKeep = async (key: string, card: CardFaceSummary, face: CardFace, format: ImageFormat) => {
    renders++;
    const started = performance.now();
    const image = await o.render(card, face, format);
    o.logger.debug({ cardId: card.id, format, ms: Math.round(performance.now() - started) }, 'card rendered');
    await keep(key, image, o.ttlSeconds);
    return image;
  };

  return {
    get(card, face, format) {
      const key = renderKey(card, face, format);
      return flights.run(key, async () => (await read(key)) ?? drawAndKeep(key, card, face, format));
    },
    get renders() {
      return renders;
    },
  };
}
