import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { createImageCache } from '../images/cache';
import { type ImageLoader, setImageLoaderForTests } from '../images/loader';

// jsdom has no layout and does not implement scrolling; the window virtualizer scrolls on mount.
if (typeof window !== 'undefined') window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Pictures "load" as their own URL in component tests: jsdom fetches no image bytes. The loader
// itself is tested in images/loader.test.ts, LoadedImage against a fake one.
const passThrough: ImageLoader = {
  cache: createImageCache(),
  load: async (url) => url,
  preload: async () => {},
  loaded: () => undefined,
  forget: () => {},
  clear: async () => {},
};
setImageLoaderForTests(passThrough);
