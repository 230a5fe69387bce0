// @vitest-environment node
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../test/memory-storage';
import { createImageCache } from './cache';
import {
  BUSY_RETRIES,
  createImageLoader,
  IMAGE_TIMEOUT_MS,
  type ImageLoadError,
  PRELOAD_CONCURRENCY,
} from './loader';

const png = () =>
  new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } });
let urls = 0;
const toUrl = () => `blob:test/${++urls}`;
let storage: MemoryStorage;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  storage = new MemoryStorage();
});
afterEach(() => vi.useRealTimers());

const loaderWith = (fetchImpl: typeof fetch) =>
  createImageLoader({ fetch: fetchImpl, cache: createImageCache({ storage }), createObjectURL: toUrl });

const busy = (retryAfter: string) =>
  new Response(JSON.stringify({ error: 'busy' }), {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
  });

describe('the image loader', () => {
  it('waits out a 429 for the Retry-After it names and asks again, counting one miss', async () => {
    const answers = [busy('2'), busy('1'), png()];
    const fetchImpl = vi.fn(async () => answers.shift() ?? png());
    const waits: number[] = [];
    const cache = createImageCache({ storage });
    const loader = createImageLoader({
      fetch: fetchImpl,
      cache,
      createObjectURL: toUrl,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(await loader.load('/api/image?url=x')).toMatch(/^blob:/);
    expect(waits).toEqual([2000, 1000]);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    const stats = cache.stats();
    expect([stats.misses, stats.count]).toEqual([1, 1]);
  });

  it('gives up on a 429 after its retries, or at once when the wait named is too long', async () => {
    const always = vi.fn(async () => busy('0'));
    const loader = createImageLoader({
      fetch: always,
      cache: createImageCache({ storage }),
      createObjectURL: toUrl,
      sleep: async () => {},
    });
    const failed = (await loader.load('/a').catch((e: unknown) => e)) as ImageLoadError;
    expect(failed.details?.status).toBe(429);
    expect(always).toHaveBeenCalledTimes(BUSY_RETRIES + 1);
    const long = vi.fn(async () => busy('3600'));
    const patient = createImageLoader({
      fetch: long,
      cache: createImageCache({ storage }),
      createObjectURL: toUrl,
      sleep: async () => {},
    });
    await expect(patient.load('/b')).rejects.toMatchObject({ reason: 'http' });
    expect(long).toHaveBeenCalledTimes(1);
  });

  it('shares one request between concurrent loads of one URL', async () => {
    const fetchImpl = vi.fn(async () => png());
    const loader = loaderWith(fetchImpl);
    const [a, b, c] = await Promise.all([
      loader.load('/a.png'),
      loader.load('/a.png'),
      loader.load('/a.png'),
    ]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(new Set([a, b, c]).size).toBe(1);
    expect(loader.loaded('/a.png')).toBe(a);
  });

  it('asks for AVIF and WebP before PNG (the server picks the format by Accept)', async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => png());
    await loaderWith(fetchImpl as typeof fetch).load('/api/cards/41/image');
    const accept = new Headers(fetchImpl.mock.calls[0]![1]?.headers).get('accept') ?? '';
    const quality = (type: string) => {
      const entry = accept.split(',').find((part) => part.trim().startsWith(type));
      if (!entry) return 0;
      const q = /;\s*q=([\d.]+)/.exec(entry);
      return q ? Number(q[1]) : 1;
    };
    expect(quality('image/avif')).toBe(1);
    expect(quality('image/webp')).toBe(1);
    expect(quality('image/png')).toBeGreaterThan(0);
    expect(quality('image/png')).toBeLessThan(1);
  });

  it('serves a second visit from the browser cache (a hit, no request)', async () => {
    const first = vi.fn(async () => png());
    await loaderWith(first).load('/card.png');
    const second = vi.fn(async () => png());
    const again = loaderWith(second);
    await again.load('/card.png');
    expect(second).not.toHaveBeenCalled();
    expect(again.cache.stats()).toMatchObject({ hits: 1, misses: 1, count: 1 });
  });

  it('gives up after the timeout of its kind', async () => {
    vi.useFakeTimers();
    const hanging = vi.fn(
      (_url: unknown, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    // No browser database here: the fake clock would stop its tasks too.
    const noCache = { ...createImageCache({ storage }), get: async () => undefined, put: async () => {} };
    const loader = createImageLoader({ fetch: hanging as unknown as typeof fetch, cache: noCache });
    const loading = loader.load('/slow.png', { timeoutMs: IMAGE_TIMEOUT_MS.avatar });
    const outcome = loading.then(
      () => 'loaded',
      (err: ImageLoadError) => err,
    );
    await vi.advanceTimersByTimeAsync(IMAGE_TIMEOUT_MS.avatar - 1);
    expect(hanging.mock.calls[0]![1]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = (await outcome) as ImageLoadError;
    expect(err.reason).toBe('timeout');
    expect(err.details?.timeoutMs).toBe(5000);
    expect(IMAGE_TIMEOUT_MS).toMatchObject({ default: 10_000, card: 8_000, avatar: 5_000, rank: 5_000 });
  });

  it('fails on a non-2xx answer with its status and body, and on an answer that is not an image', async () => {
    const loader = loaderWith(async (url) =>
      String(url) === '/missing.png'
        ? Response.json({ error: 'Not found' }, { status: 404, statusText: 'Not Found' })
        : new Response('<html>', { headers: { 'content-type': 'text/html' } }),
    );
    await expect(loader.load('/missing.png')).rejects.toMatchObject({
      reason: 'http',
      details: { status: 404, body: { error: 'Not found' } },
    });
    await expect(loader.load('/page.html')).rejects.toMatchObject({ reason: 'not_image' });
    // Failures are not cached: the next load asks again.
    expect(loader.cache.stats().count).toBe(0);
  });

  it('preloads at most 3 at a time', async () => {
    let running = 0;
    let most = 0;
    // Each load waits until the test lets it finish, one at a time.
    const waiting: Array<() => void> = [];
    const loader = loaderWith(async () => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((release) => waiting.push(release));
      running--;
      return png();
    });
    const done = loader.preload(Array.from({ length: 10 }, (_, i) => `/p${i}.png`));
    for (let finished = 0; finished < 10; finished++) {
      await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      expect(running).toBeLessThanOrEqual(PRELOAD_CONCURRENCY);
      waiting.shift()?.();
    }
    await done;
    expect(most).toBe(PRELOAD_CONCURRENCY);
    expect(loader.cache.stats().count).toBe(10);
  });

  it('passes inline pictures through and can skip the cache (the cache test)', async () => {
    const fetchImpl = vi.fn(async () => png());
    const loader = loaderWith(fetchImpl);
    expect(await loader.load('data:image/svg+xml,x')).toBe('data:image/svg+xml,x');
    await loader.load('/api/test-image', { noCache: true });
    await loader.load('/api/test-image', { noCache: true });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(loader.cache.stats()).toMatchObject({ count: 0, hits: 0, misses: 0 });
  });
});
