import { cacheCleared } from '@acg/contracts';
import { createLogger, createMemoryBus, createMemoryCache, makeEvent } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { imageProxyConfigSchema } from '../config';
import { CARD_IMAGES_NAMESPACE, type ImageProxyService, start } from '../start';
import { type CatalogueStandIn, serveCatalogueStandIn } from '../test/catalogue-stand-in';
import { cardSummary } from '../test/factories';
import { createHotImages, type HotImage } from './hot-images';

const image = (bytes: number, etag = '"e"'): HotImage => ({
  body: Buffer.alloc(bytes, 1),
  etag,
  contentType: 'image/webp',
  headers: { etag },
});

describe('the hot tier', () => {
  it('keeps answers by key, counts hits and misses, and empties on clear()', () => {
    const hot = createHotImages({ maxBytes: 1 << 20, ttlSeconds: 60 }, 'test-memory');
    expect(hot.get('a')).toBeUndefined();
    hot.set('a', image(1000));
    expect(hot.get('a')?.body.length).toBe(1000);
    expect(hot.stats()).toMatchObject({ name: 'test-memory', keys: 1, hits: 1, misses: 1, hit_rate: 0.5 });
    hot.clear();
    expect(hot.get('a')).toBeUndefined();
    expect(hot.stats().keys).toBe(0);
  });

  it('stays within its bytes, evicting the least recently used', () => {
    const hot = createHotImages({ maxBytes: 12_000, ttlSeconds: 60 });
    for (const key of ['a', 'b', 'c']) hot.set(key, image(3000));
    hot.get('a');
    hot.set('d', image(3000));
    expect(hot.stats().bytes).toBeLessThanOrEqual(12_000);
    expect(hot.get('a')).toBeDefined();
    expect(hot.get('b')).toBeUndefined();
    // Larger than the whole budget: not kept (it would only evict everything else).
    hot.set('huge', image(20_000));
    expect(hot.get('huge')).toBeUndefined();
  });

  it('forgets an answer after its time, and keeps nothing when off', () => {
    let now = 1_000_000;
    const hot = createHotImages({ maxBytes: 1 << 20, ttlSeconds: 300, now: () => now });
    hot.set('short', image(10), 2);
    hot.set('long', image(10));
    now += 3_500;
    expect(hot.get('short')).toBeUndefined();
    expect(hot.get('long')).toBeDefined();
    hot.set('none', image(10), 0);
    expect(hot.get('none')).toBeUndefined();
    for (const off of [
      { maxBytes: 0, ttlSeconds: 300 },
      { maxBytes: 1 << 20, ttlSeconds: 0 },
    ]) {
      const hot = createHotImages(off);
      hot.set('a', image(10));
      expect(hot.get('a')).toBeUndefined();
    }
  });
});

describe('card images served from the hot tier', () => {
  const bus = createMemoryBus();
  const cache = createMemoryCache();
  let catalogue: CatalogueStandIn;
  let service: ImageProxyService;
  const get = (headers: Record<string, string> = {}) =>
    service.app.inject({
      method: 'GET',
      url: '/api/cards/1/image',
      headers: { accept: 'image/webp', ...headers },
    });

  beforeAll(async () => {
    catalogue = serveCatalogueStandIn(bus);
    catalogue.cards.set(1, cardSummary(1));
    const config = imageProxyConfigSchema.parse({
      INTERNAL_SECRET: 'i'.repeat(32),
      PORT: '0',
      CARD_SUMMARY_FRESH_SECONDS: '30',
    });
    service = await start({ config, logger: createLogger('hot-test', 'silent'), bus, cache });
  });
  afterAll(async () => {
    await service?.close();
    await catalogue?.close();
    await bus.drain();
  });

  it('answers a repeated request from memory with the same bytes and headers, asking nothing else', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    const calls = catalogue.calls;
    const stats = (await cache.stats()).find((s) => s.name === CARD_IMAGES_NAMESPACE)!;
    const again = await get();
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const { 'x-request-id': _a, date: _b, ...headers } = first.headers;
    const { 'x-request-id': _c, date: _d, ...hotHeaders } = again.headers;
    expect(hotHeaders).toEqual(headers);
    expect(catalogue.calls).toBe(calls);
    expect((await cache.stats()).find((s) => s.name === CARD_IMAGES_NAMESPACE)).toEqual(stats);
    expect(service.hotImages.stats().hits).toBeGreaterThanOrEqual(1);

    const revalidated = await get({ 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(revalidated.rawPayload.length).toBe(0);
    // Another format is another entry.
    const png = await get({ accept: 'image/png' });
    expect(png.headers['content-type']).toBe('image/png');
  });

  it(`is emptied by ${cacheCleared.type}, heard by every replica`, async () => {
    await get();
    expect(service.hotImages.stats().keys).toBeGreaterThan(0);
    await bus.publish(makeEvent(cacheCleared, { namespaces: ['cards'], keysRemoved: 1 }));
    await vi.waitFor(() => expect(service.hotImages.stats().keys).toBe(0));
  });
});
