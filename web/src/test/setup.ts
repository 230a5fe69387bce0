import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';
import { createImageCache } from '../images/cache';
import { type ImageLoader, setImageLoaderForTests } from '../images/loader';

// jsdom has no layout and does not implement scrolling; the window virtualizer scrolls on mount.
if (typeof window !== 'undefined') {
  window.scrollTo = () => {};
  // The app asks and answers with its own dialog and messages (components/Confirm, Notify): a
  // native dialog anywhere fails the test that reaches it.
  window.alert = (message?: unknown) => {
    throw new Error(`a native alert: ${String(message)}`);
  };
  window.confirm = (message?: string) => {
    throw new Error(`a native confirm: ${String(message)}`);
  };
}

afterEach(() => {
  cleanup();
  // The message list is the module's own (sonner): no message of one test shows in the next.
  toast.dismiss();
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
