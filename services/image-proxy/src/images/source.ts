import { parseImageDataUrl } from '../domain/data-url';

/**
 * Where image bytes come from. The card renderer asks a source for art and rank images by
 * URL; a source that does not serve a URL answers undefined and the card falls back (generated
 * art, colour frame). For now only inline data: URLs are read; the proxy routes will add a
 * source for http(s) URLs (with the address checks of architecture §10) behind this interface.
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
