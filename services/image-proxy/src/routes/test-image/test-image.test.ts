import { createLogger, createMemoryBus, createMemoryCache } from '@acg/platform';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageProxyConfigSchema } from '../../config';
import { type ImageProxyService, start } from '../../start';
import { pixels } from '../../test/factories';

let service: ImageProxyService;
const bus = createMemoryBus();
const cache = createMemoryCache();

beforeAll(async () => {
  const config = imageProxyConfigSchema.parse({ INTERNAL_SECRET: 'i'.repeat(32), PORT: '0' });
  service = await start({ config, logger: createLogger('test-image-test', 'silent'), bus, cache });
});
afterAll(async () => {
  await service?.close();
  await bus.drain();
  await cache.close();
});

const testImage = (query: string, headers: Record<string, string> = {}) =>
  service.app.inject({ method: 'GET', url: `/api/test-image${query}`, headers });

/** Pixels bright enough to be the white text (the background is a purple-pink gradient). */
const whitePixels = async (png: Buffer) => {
  const img = await pixels(png);
  return img.region(0, 0, img.width, img.height).filter(([r, g, b]) => r > 235 && g > 235 && b > 235).length;
};

describe('GET /api/test-image', () => {
  it('draws a PNG of the asked size with the text on it', async () => {
    const res = await testImage('?width=420&height=120&text=Cache%20test');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 420, 120]);
    expect(await whitePixels(res.rawPayload)).toBeGreaterThan(300);
    const other = await testImage('?width=420&height=120&text=Another');
    expect(other.rawPayload.equals(res.rawPayload)).toBe(false);
  });

  it('uses 300x200 and a default text when nothing is asked', async () => {
    const res = await testImage('');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
    expect(await whitePixels(res.rawPayload)).toBeGreaterThan(300);
  });

  it('draws the extremes of the allowed sizes', async () => {
    for (const [w, h] of [
      [1, 1],
      [2000, 3],
      [7, 2000],
    ]) {
      const res = await testImage(`?width=${w}&height=${h}&text=edge`);
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([w, h]);
    }
  });

  it('draws markup and control characters as plain text', async () => {
    const text = encodeURIComponent('<svg onload="alert(1)">&amp;\u0001\u001f</svg>');
    const res = await testImage(`?text=${text}`);
    expect(res.statusCode).toBe(200);
    expect(await whitePixels(res.rawPayload)).toBeGreaterThan(100);
  });

  it('refuses sizes outside 1..2000, non-numbers and overlong text with 400', async () => {
    for (const query of [
      '?width=0',
      '?width=2001',
      '?height=-5',
      '?width=abc',
      '?width=1.5',
      `?text=${'x'.repeat(101)}`,
      '?text=a%00b',
      '?width=1001&height=1000',
    ]) {
      const res = await testImage(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('is cacheable: a week of browser caching and 304 for its ETag', async () => {
    const res = await testImage('?width=64&height=64&text=hi');
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"test\.64\.64\.[A-Za-z0-9_-]{16}\.t1"$/);
    const again = await testImage('?width=64&height=64&text=hi', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const otherText = await testImage('?width=64&height=64&text=ho', { 'if-none-match': etag });
    expect(otherText.statusCode).toBe(200);
  });

  it('keeps drawn images: a burst of the same query is served while drawing is capped', async () => {
    const first = await testImage('?width=900&height=900&text=kept');
    expect(first.statusCode).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: 6 }, () => testImage('?width=900&height=900&text=kept')),
    );
    expect(burst.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const r of burst) expect(r.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('draws at most two new images at a time; the rest are told to retry (429, not 5xx)', async () => {
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) => testImage(`?width=1000&height=1000&text=burst${i}`)),
    );
    const codes = burst.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(1);
    expect(codes.every((c) => c === 200 || c === 429)).toBe(true);
    const refused = burst.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
  });
});
