import { type Cache, createLogger, createMemoryBus } from '@acg/platform';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageProxyConfigSchema } from '../../config';
import { CARD_IMAGES_NAMESPACE, type ImageProxyService, start } from '../../start';
import { cacheImplementations } from '../../test/caches';
import { type CatalogueStandIn, serveCatalogueStandIn } from '../../test/catalogue-stand-in';
import { cardSummary, hexToRgb, near, pixels } from '../../test/factories';

const logger = createLogger('card-image-test', 'silent');
const AVIF_WEBP = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

const config = (over: Record<string, string> = {}) =>
  imageProxyConfigSchema.parse({
    INTERNAL_SECRET: 'i'.repeat(32),
    PORT: '0',
    // Every request asks the catalogue, so a version change shows at once.
    CARD_SUMMARY_FRESH_SECONDS: '0',
    CATALOGUE_TIMEOUT_MS: '300',
    ...over,
  });

describe.each(cacheImplementations())('GET /api/cards/{cardId}/image with the $name', ({ open }) => {
  const bus = createMemoryBus();
  let cache: Cache;
  let service: ImageProxyService;
  let catalogue: CatalogueStandIn;
  const image = (id: number | string, headers: Record<string, string> = {}, query = '') =>
    service.app.inject({ method: 'GET', url: `/api/cards/${id}/image${query}`, headers });

  beforeAll(async () => {
    cache = await open();
    catalogue = serveCatalogueStandIn(bus);
    for (const id of [1, 2, 3, 4, 5, 6, 7]) catalogue.cards.set(id, cardSummary(id));
    catalogue.cards.set(
      2,
      cardSummary(2, { characterName: 'Frieren', rankCode: 'X', rankColor: '#00e5ff', limited: true }),
    );
    catalogue.cards.set(
      3,
      cardSummary(3, { characterName: '牧瀬紅莉栖', rankCode: 'SSS', rankColor: '#ffd700' }),
    );
    service = await start({ config: config(), logger, bus, cache });
  });
  afterAll(async () => {
    await service?.close();
    await catalogue?.close();
    await bus.drain();
    await cache?.clear({ resetStats: true });
    await cache?.close();
  });

  it('answers the image in the best format the browser accepts, with caching headers', async () => {
    for (const [accept, format, contentType] of [
      [AVIF_WEBP, 'heif', 'image/avif'],
      ['image/webp,*/*', 'webp', 'image/webp'],
      ['*/*', 'png', 'image/png'],
      ['', 'png', 'image/png'],
    ] as const) {
      const res = await image(1, accept ? { accept } : {});
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(contentType);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe(format);
      if (format === 'heif') expect(meta.compression).toBe('av1');
      expect([meta.width, meta.height]).toEqual([360, 540]);
      expect(res.headers).toMatchObject({
        vary: 'Accept',
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
        etag: expect.stringMatching(/^"v1-1\.r3\.(avif|webp|png)\.[\w-]{8}\.0\.0\.en\.360"$/),
      });
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    }
  });

  it('answers 304 to a matching If-None-Match without drawing, and 200 to another format', async () => {
    const first = await image(4, { accept: 'image/webp' });
    const etag = first.headers.etag as string;
    const renders = service.cardImages.renders;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${etag}`, '*']) {
      const res = await image(4, { accept: 'image/webp', 'if-none-match': ifNoneMatch });
      expect(res.statusCode).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
    }
    expect(service.cardImages.renders).toBe(renders);
    const png = await image(4, { accept: 'image/png', 'if-none-match': etag });
    expect(png.statusCode).toBe(200);
    expect(png.headers.etag).not.toBe(etag);
  });

  it('draws different cards differently, framed in their rank colour', async () => {
    const frieren = await image(2, { accept: 'image/png' });
    const kurisu = await image(3, { accept: 'image/png' });
    expect(frieren.rawPayload.equals(kurisu.rawPayload)).toBe(false);
    expect((await pixels(frieren.rawPayload)).at(4, 270)).toEqual(hexToRgb('#00e5ff'));
    expect((await pixels(kurisu.rawPayload)).at(4, 270)).toEqual(hexToRgb('#ffd700'));
  });

  it('serves a render from the cache, also to a second instance sharing the cache', async () => {
    const first = await image(5, { accept: 'image/webp' });
    const renders = service.cardImages.renders;
    const again = await image(5, { accept: 'image/webp' });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(service.cardImages.renders).toBe(renders);
    const replica = await start({ config: config(), logger, bus: createMemoryBus(), cache });
    try {
      // The replica has its own (empty) bus: the summary comes from the shared cache.
      const res = await replica.app.inject({ url: '/api/cards/5/image', headers: { accept: 'image/webp' } });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(replica.cardImages.renders).toBe(0);
    } finally {
      await replica.close();
    }
    expect((await cache.namespace(CARD_IMAGES_NAMESPACE).stats()).keys).toBeGreaterThan(0);
  });

  it('draws the card anew when its version changes', async () => {
    const before = await image(6, { accept: 'image/png' });
    const renders = service.cardImages.renders;
    catalogue.cards.set(6, cardSummary(6, { rankCode: 'B', rankColor: '#9c27b0', version: 'v2-6' }));
    const after = await image(6, { accept: 'image/png', 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).toMatch(/^"v2-6\.r3\.png\./);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
    expect((await pixels(after.rawPayload)).at(4, 270)).toEqual(hexToRgb('#9c27b0'));
    expect(service.cardImages.renders).toBe(renders + 1);
  });

  it('draws a key once when many requests for it arrive together', async () => {
    catalogue.cards.set(7, cardSummary(7, { characterName: 'Fern', version: 'v1-7-concurrent' }));
    const renders = service.cardImages.renders;
    const calls = catalogue.calls;
    const answers = await Promise.all(Array.from({ length: 20 }, () => image(7, { accept: 'image/avif' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
    expect(service.cardImages.renders - renders).toBe(1);
    expect(catalogue.calls - calls).toBe(1);
  });

  it('draws a copy’s print number in the viewer’s form, the series, at the width asked', async () => {
    catalogue.cards.set(8, cardSummary(8, { characterName: 'Frieren', limited: true, version: 'v1-8' }));
    catalogue.series.set(8, { series: 'Sousou no Frieren', seasonYear: 2026 });
    const at = async (query: string) => {
      const res = await image(8, { accept: 'image/png' }, query);
      expect(res.statusCode, query).toBe(200);
      return { res, px: await pixels(res.rawPayload) };
    };
    const plain = await at('');
    const printed = await at('?print=7');
    const russian = await at('?print=7&lang=ru');
    const small = await at('?print=7&lang=ru&w=180');
    expect(printed.res.headers.etag).toMatch(/\.2026\.7\.en\.360"$/);
    expect(small.res.headers.etag).toMatch(/\.2026\.7\.ru\.180"$/);
    expect([small.px.width, small.px.height]).toEqual([180, 270]);
    // The print plate sits in the art's lower right corner: only there do the renders differ.
    const changed = (a: typeof plain.px, b: typeof plain.px, box: [number, number, number, number]) => {
      const other = b.region(...box);
      return a.region(...box).filter((p, i) => !near(p, other[i]!, 8)).length;
    };
    expect(changed(plain.px, printed.px, [250, 370, 82, 38])).toBeGreaterThan(200);
    expect(changed(plain.px, printed.px, [18, 18, 200, 300])).toBe(0);
    // "#7" and "№ 7" are different marks.
    expect(changed(printed.px, russian.px, [250, 370, 82, 38])).toBeGreaterThan(20);

    // The series is printed under the name: without it, the plate's lower line is empty.
    catalogue.series.set(8, { series: null, seasonYear: 2026 });
    const noSeries = await at('');
    expect(changed(plain.px, noSeries.px, [34, 490, 292, 24])).toBeGreaterThan(100);
    expect(noSeries.res.headers.etag).not.toBe(plain.res.headers.etag);
  });

  it('refuses a print number, language or width it does not draw with 400', async () => {
    for (const query of ['print=0', 'print=abc', 'print=1000000000', 'lang=de', 'w=200', 'w=720']) {
      const res = await image(1, {}, `?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await image(1, {}, '?retry=3')).statusCode).toBe(200);
  });

  it('refuses ids that are not positive integers with 400', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '0x10', '%201', '99999999999', '2147483648']) {
      const res = await image(id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('answers 404 JSON for a card the catalogue does not have', async () => {
    const res = await image(999);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('answers 503 JSON, never 500, when the catalogue cannot answer for a card never seen', async () => {
    try {
      catalogue.behave('fail');
      const crashed = await image(100);
      expect(crashed.statusCode).toBe(503);
      expect(crashed.json()).toMatchObject({ code: 'service_unavailable' });
      catalogue.behave('hang');
      expect((await image(101)).json()).toMatchObject({ code: 'upstream_timeout' });
      catalogue.behave('answer');
      await catalogue.stop();
      const down = await image(102);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 'upstream_unavailable' });
      // A card seen before is still drawn from its last known summary.
      expect((await image(2, { accept: 'image/png' })).statusCode).toBe(200);
    } finally {
      catalogue.behave('answer');
      catalogue.restart();
    }
  });
});
