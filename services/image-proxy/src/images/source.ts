import type { Logger } from '@acg/platform';
import { parseImageDataUrl } from '../domain/data-url';
import { ImageFetchError } from '../fetch/errors';
import type { SafeFetcher } from '../fetch/safe-fetch';

/**
 * Where image bytes come from. The card renderer asks a source for art and rank images by
 * URL; a source that does not serve a URL answers undefined and the card falls back (generated
 * art, colour frame): inline data: URLs, and http(s) URLs through the image proxy's safe
 * fetcher (the address checks of architecture §10).
 */
export interface ImageSource {
  load(url: string): Promise<Buffer | undefined>;
}

export const inlineImageSource: ImageSource = {
  async load(url) {
    return parseImageDataUrl(url)?.bytes;
  },
};

/** Asks each source in turn; the first that serves the URL wins. */
export const firstOf = (...sources: ImageSource[]): ImageSource => ({
  async load(url) {
    for (const source of sources) {
      const bytes = await source.load(url);
      if (bytes) return bytes;
    }
    return undefined;
  },
});

/**
 * http(s) URLs fetched by the safe fetcher (every proxy rule applies: public addresses only,
 * redirects checked, byte cap, raster type declared). A refused or failed fetch is no image:
 * the card is drawn with its fallback.
 */
export const httpImageSource = (fetcher: SafeFetcher, logger: Logger): ImageSource => ({
  async load(url) {
    if (!/^https?:\/\//i.test(url)) return undefined;
    try {
      return (await fetcher.fetch(url)).bytes;
    } catch (err) {
      const reason = err instanceof ImageFetchError ? err.reason : 'error';
      logger.info({ url, reason }, 'card art not fetched');
      return undefined;
    }
  },
});
