import { cacheCleared } from '@acg/contracts';
import {
  metricsRegistry,
  type RunningService,
  registerMetrics,
  type ServiceDeps,
  startService,
} from '@acg/platform';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { type CardImages, createCardImages } from './cards/card-images';
import { createCardSummaries } from './cards/card-summaries';
import type { ImageProxyConfig } from './config';
import { imageCacheReads } from './domain/image-cache';
import { createSafeFetcher, type DialStep, type Resolver } from './fetch/safe-fetch';
import { createFairQueue } from './images/fair-queue';
import { createHotImages, type HotImages } from './images/hot-images';
import { createProxiedImages, type ProxiedImages } from './images/proxied';
import { firstOf, httpImageSource, inlineImageSource } from './images/source';
import { renderCard } from './render/card';
import { registerCardImageRoutes } from './routes/card-image/card-image';
import { registerProxyRoutes } from './routes/proxy/proxy';
import { registerTestImageRoutes } from './routes/test-image/test-image';

export const SERVICE = 'image-proxy';
/** Cache namespaces (shown per namespace on the admin cache screen). */
export const CARD_IMAGES_NAMESPACE = 'card-images';
export const CARD_SUMMARIES_NAMESPACE = 'card-summaries';
export const PROXIED_IMAGES_NAMESPACE = 'proxied-images';
export const PROXY_MISSES_NAMESPACE = 'proxy-misses';

/** At most this many redirects are followed (architecture §10). */
export const MAX_REDIRECTS = 3;

export interface ImageProxyService extends RunningService {
  cardImages: CardImages;
  proxiedImages: ProxiedImages;
  /** The in-process hot tier (its stats count memory hits; clear() empties it). */
  hotImages: HotImages;
}

/**
 * `resolve`: the DNS resolver of the image fetcher (tests map names to addresses with it);
 * `dial`: a step run before each connection with the pinned address (tests count and guard).
 */
export async function start(
  deps: ServiceDeps<ImageProxyConfig> & { resolve?: Resolver; dial?: DialStep },
): Promise<ImageProxyService> {
  const { config, bus, cache, logger } = deps;
  const fetcher = createSafeFetcher({
    allowOrigins: config.IMAGE_PROXY_ALLOW_ORIGINS,
    extraPorts: config.IMAGE_PROXY_EXTRA_PORTS,
    maxBytes: config.IMAGE_PROXY_MAX_BYTES,
    maxRedirects: MAX_REDIRECTS,
    connectTimeoutMs: config.IMAGE_PROXY_CONNECT_TIMEOUT_MS,
    totalTimeoutMs: config.IMAGE_PROXY_TIMEOUT_MS,
    resolve: deps.resolve,
    dial: deps.dial,
  });
  // One queue for the card renders' libvips jobs.
  const draw = pLimit(config.IMAGE_DRAW_CONCURRENCY);
  const proxiedImages = createProxiedImages({
    // Proxied pictures decode in a queue fair between clients, weighted by megapixels, one
    // decode per client at a time (issue 27).
    decodes: createFairQueue({
      slots: config.IMAGE_PROXY_DECODE_SLOTS,
      maxWaitingPerClient: config.IMAGE_PROXY_DECODES_WAITING_PER_CLIENT,
    }),
    fetcher,
    cache: cache.namespace(PROXIED_IMAGES_NAMESPACE),
    misses: cache.namespace(PROXY_MISSES_NAMESPACE),
    logger,
    ttlSeconds: config.IMAGE_PROXY_CACHE_SECONDS,
    maxEntryBytes: config.IMAGE_PROXY_MAX_CACHED_BYTES,
    missesPerWindow: config.IMAGE_PROXY_MISSES_PER_MINUTE,
    missWindowSeconds: 60,
    maxSide: config.IMAGE_PROXY_MAX_SIDE,
  });
  // Card art and rank images: inline data: URLs, else http(s) through the same safe fetcher.
  const artSource = firstOf(inlineImageSource, httpImageSource(fetcher, logger));
  // Every input is drawn once and its result cached by this service: libvips' own operation
  // cache would only hold memory.
  sharp.cache(false);
  const cardImages = createCardImages({
    cache: cache.namespace(CARD_IMAGES_NAMESPACE),
    logger,
    ttlSeconds: config.CARD_IMAGE_CACHE_SECONDS,
    render: (card, face, format) => draw(() => renderCard(card, face, format, artSource)),
  });
  // Ready answers in memory, in front of the shared cache: a hit costs no cache round trip,
  // catalogue look-up or validation (docs/rules.md §41).
  const hotImages = createHotImages(
    { maxBytes: config.IMAGE_HOT_CACHE_BYTES, ttlSeconds: config.IMAGE_HOT_CACHE_SECONDS },
    'images-memory',
  );
  const summaries = createCardSummaries({
    bus,
    cache: cache.namespace(CARD_SUMMARIES_NAMESPACE),
    logger,
    freshSeconds: config.CARD_SUMMARY_FRESH_SECONDS,
    keepSeconds: config.CARD_SUMMARY_KEEP_SECONDS,
    timeoutMs: config.CATALOGUE_TIMEOUT_MS,
  });
  const running = await startService(SERVICE, deps, async (app) => {
    registerMetrics(metricsRegistry(app), imageCacheReads);
    registerCardImageRoutes(app, {
      summaries,
      images: cardImages,
      formats: config.CARD_IMAGE_FORMATS,
      hot: hotImages,
      hotSeconds: Math.min(config.IMAGE_HOT_CACHE_SECONDS, config.CARD_SUMMARY_FRESH_SECONDS),
    });
    registerTestImageRoutes(app);
    registerProxyRoutes(app, {
      fetcher,
      images: proxiedImages,
      formats: config.CARD_IMAGE_FORMATS,
      discordCdnUrl: config.DISCORD_CDN_URL,
      shikimoriUrl: config.SHIKIMORI_BASE_URL,
      hot: hotImages,
    });
    const cleared = await bus.listen({ types: [cacheCleared.type], handler: () => hotImages.clear() });
    // (the admin cache clear publishes it: every replica empties its hot tier)
    return [() => cleared.stop()];
  });
  return {
    ...running,
    cardImages,
    proxiedImages,
    hotImages,
    async close() {
      await running.close();
      await fetcher.close();
    },
  };
}
