import { createImageCache, type ImageCache } from './cache';

/** Requirements M9 and requirements O9: the load timeout per kind of picture, and the cache test's. */
export const IMAGE_TIMEOUT_MS = {
  default: 10_000,
  card: 8_000,
  avatar: 5_000,
  rank: 5_000,
  test: 5_000,
} as const;
/** Requirements M9: a failed picture is tried again after this long, without an upper limit. */
export const IMAGE_RETRY_MS = 1_000;
/** Requirements O9: at most this many pictures preloaded at once. */
export const PRELOAD_CONCURRENCY = 3;
/**
 * A picture the server is too busy for now (429, its fair share of decodes taken: rules §47) is
 * asked again after the Retry-After it names, at most this many times, before it counts as failed.
 */
export const BUSY_RETRIES = 4;
/** The longest Retry-After the loader waits out; a longer one fails the picture (retried later). */
export const BUSY_WAIT_MAX_MS = 10_000;

/** The wait a 429 asks for, in ms (a number of seconds; a date or nothing is one second). */
export const busyWaitMs = (retryAfter: string | null): number => {
  const seconds = Number(retryAfter);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000;
};

/**
 * Why a picture did not load (requirements O8): `timeout` past its time, `http` a non-2xx answer (its
 * status and JSON body kept as details), `not_image` an answer whose type is not image/*,
 * `network` no answer at all.
 */
export class ImageLoadError extends Error {
  constructor(
    readonly reason: 'timeout' | 'http' | 'not_image' | 'network',
    message: string,
    readonly details?: {
      status?: number;
      statusText?: string;
      body?: unknown;
      timeoutMs?: number;
      /** The Retry-After of a refused answer, if it named one. */
      retryAfter?: string;
    },
  ) {
    super(message);
    this.name = 'ImageLoadError';
  }
}

export interface LoadOptions {
  timeoutMs?: number;
  /** Bypass the browser image cache (the cache test asks the server every time). */
  noCache?: boolean;
}

export interface ImageLoader {
  /** A URL the page can show (an object URL of the bytes, or the inline picture itself). */
  load(url: string, opts?: LoadOptions): Promise<string>;
  /** Loads pictures ahead of need, PRELOAD_CONCURRENCY at a time; failures are ignored. */
  preload(urls: readonly string[], opts?: LoadOptions): Promise<void>;
  /** What is already loaded in this page, to show at once without a loading state. */
  loaded(url: string): string | undefined;
  /** Forgets one picture (here and in the browser cache): its bytes did not display. */
  forget(url: string): void;
  /** Empties the browser image cache and forgets what this page loaded. */
  clear(): Promise<void>;
  readonly cache: ImageCache;
}

export interface ImageLoaderDeps {
  fetch?: typeof fetch;
  cache?: ImageCache;
  createObjectURL?: (blob: Blob) => string;
  /** Waits out a 429's Retry-After (tests pass an instant one). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * What the loader asks for: the compact formats every supported browser decodes first (rules
 * §15), PNG and any other picture after them. `fetch()` would otherwise send an Accept of any type, and
 * the server, seeing no AVIF or WebP named, would answer every card as a PNG twenty times larger.
 */
export const IMAGE_ACCEPT = 'image/avif,image/webp,image/png;q=0.9,image/*;q=0.8';

const isInline = (url: string) => /^data:image\//i.test(url) || url.startsWith('blob:');

export function createImageLoader(deps: ImageLoaderDeps = {}): ImageLoader {
  const cache = deps.cache ?? createImageCache();
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const toUrl = deps.createObjectURL ?? ((blob: Blob) => URL.createObjectURL(blob));
  // One object URL per picture for the page's life: every component showing it shares it.
  const objectUrls = new Map<string, string>();
  // Duplicate concurrent loads of one URL share one request (requirements O9).
  const inFlight = new Map<string, Promise<string>>();

  const wait = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // A 429 is the server pacing this page: wait as told, then ask again (one miss, one request).
  const fetchBlob = async (url: string, timeoutMs: number): Promise<Blob> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetchOnce(url, timeoutMs);
      } catch (err) {
        const busy = err instanceof ImageLoadError && err.details?.status === 429;
        const ms = busy ? busyWaitMs(err.details?.retryAfter ?? null) : Number.POSITIVE_INFINITY;
        if (!busy || attempt >= BUSY_RETRIES || ms > BUSY_WAIT_MAX_MS) throw err;
        await wait(ms);
      }
    }
  };

  const fetchOnce = async (url: string, timeoutMs: number): Promise<Blob> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      let response: Response;
      try {
        response = await doFetch(url, {
          credentials: 'same-origin',
          headers: { accept: IMAGE_ACCEPT },
          signal: controller.signal,
        });
      } catch (err) {
        if (controller.signal.aborted)
          throw new ImageLoadError('timeout', `Image load timed out: ${timeoutMs} ms`, { timeoutMs });
        throw new ImageLoadError('network', err instanceof Error ? err.message : String(err));
      }
      if (!response.ok) {
        const body: unknown = await response.json().catch(() => undefined);
        const retryAfter = response.headers.get('retry-after');
        throw new ImageLoadError('http', `HTTP ${response.status}: ${response.statusText}`, {
          status: response.status,
          statusText: response.statusText,
          body,
          ...(retryAfter === null ? {} : { retryAfter }),
        });
      }
      const type = response.headers.get('content-type') ?? '';
      if (!type.toLowerCase().startsWith('image/'))
        throw new ImageLoadError('not_image', 'The answer is not an image');
      try {
        return await response.blob();
      } catch (err) {
        if (controller.signal.aborted)
          throw new ImageLoadError('timeout', `Image load timed out: ${timeoutMs} ms`, { timeoutMs });
        throw new ImageLoadError('network', err instanceof Error ? err.message : String(err));
      }
    } finally {
      clearTimeout(timer);
    }
  };

  const fresh = async (url: string, opts: LoadOptions): Promise<string> => {
    const timeoutMs = opts.timeoutMs ?? IMAGE_TIMEOUT_MS.default;
    if (!opts.noCache) {
      const cached = await cache.get(url).catch(() => undefined);
      if (cached) return remember(url, cached);
    }
    const blob = await fetchBlob(url, timeoutMs);
    if (!opts.noCache) await cache.put(url, blob).catch(() => {});
    return opts.noCache ? toUrl(blob) : remember(url, blob);
  };
  const remember = (url: string, blob: Blob) => {
    const objectUrl = toUrl(blob);
    objectUrls.set(url, objectUrl);
    return objectUrl;
  };

  const load = (url: string, opts: LoadOptions = {}): Promise<string> => {
    if (isInline(url)) return Promise.resolve(url);
    const known = opts.noCache ? undefined : objectUrls.get(url);
    if (known) return Promise.resolve(known);
    const key = opts.noCache ? `nocache:${url}` : url;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const started = fresh(url, opts).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };

  return {
    cache,
    load,
    loaded: (url) => (isInline(url) ? url : objectUrls.get(url)),
    forget(url) {
      objectUrls.delete(url);
      cache.remove(url).catch(() => {});
    },
    async clear() {
      objectUrls.clear();
      await cache.clear();
    },
    async preload(urls, opts) {
      const queue = [...new Set(urls)];
      const worker = async () => {
        for (let url = queue.shift(); url !== undefined; url = queue.shift())
          await load(url, opts).catch(() => {});
      };
      await Promise.all(Array.from({ length: Math.min(PRELOAD_CONCURRENCY, queue.length) }, worker));
    },
  };
}

let shared: ImageLoader | undefined;
/** The one loader of the web client (created on first use, in the browser). */
export const imageLoader = (): ImageLoader => {
  shared ??= createImageLoader();
  return shared;
};
/** Replaces the page's loader (component tests: jsdom has no object URLs nor image bytes). */
export const setImageLoaderForTests = (loader: ImageLoader | undefined): void => {
  shared = loader;
};
