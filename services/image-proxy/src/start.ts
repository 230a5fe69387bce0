import { type RunningService, type ServiceDeps, startHttpService } from '@acg/platform';
import sharp from 'sharp';
import { type CardImages, createCardImages } from './cards/card-images';
import { createCardSummaries } from './cards/card-summaries';
import type { ImageProxyConfig } from './config';
import { inlineImageSource } from './images/source';
import { renderCard } from './render/card';
import { registerCardImageRoutes } from './routes/card-image/card-image';
import { registerTestImageRoutes } from './routes/test-image/test-image';

export const SERVICE = 'image-proxy';
/** Cache namespaces (shown per namespace on the admin cache screen). */
export const CARD_IMAGES_NAMESPACE = 'card-images';
export const CARD_SUMMARIES_NAMESPACE = 'card-summaries';

export interface ImageProxyService extends RunningService {
  cardImages: CardImages;
}

export async function start(deps: ServiceDeps<ImageProxyConfig>): Promise<ImageProxyService> {
  const { config, bus, cache, logger } = deps;
  // Every input is drawn once and its result cached by this service: libvips' own operation
  // cache would only hold memory.
  sharp.cache(false);
  const cardImages = createCardImages({
    cache: cache.namespace(CARD_IMAGES_NAMESPACE),
    logger,
    ttlSeconds: config.CARD_IMAGE_CACHE_SECONDS,
    render: (card, format) => renderCard(card, format, inlineImageSource),
  });
  const summaries = createCardSummaries({
    bus,
    cache: cache.namespace(CARD_SUMMARIES_NAMESPACE),
    logger,
    freshSeconds: config.CARD_SUMMARY_FRESH_SECONDS,
    keepSeconds: config.CARD_SUMMARY_KEEP_SECONDS,
    timeoutMs: config.CATALOGUE_TIMEOUT_MS,
  });
  const running = await startHttpService({
    name: SERVICE,
    host: config.HOST,
    port: config.PORT,
    internalSecret: config.INTERNAL_SECRET,
    deps,
    setup: async (app) => {
      registerCardImageRoutes(app, { summaries, images: cardImages, formats: config.CARD_IMAGE_FORMATS });
      registerTestImageRoutes(app);
      return [];
    },
  });
  return { ...running, cardImages };
}
