import { type CardSummary, cardsGet } from '@acg/contracts';
import { createLogger, createMemoryBus, createMemoryCache, type Subscription } from '@acg/platform';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageProxyConfigSchema } from '../../config';
import { start } from '../../start';

const bus = createMemoryBus();
const cards = new Map<number, CardSummary>();
const summary = (id: number, over: Partial<CardSummary> = {}): CardSummary => ({
  id,
  characterId: id,
  characterName: `Hero ${id}`,
  characterAltname: null,
  characterImageUrl: null,
  rankCode: 'S',
  rankTitle: 'Mythic',
  rankColor: '#f44336',
  rankImageUrl: null,
  rankOrder: 5,
  seasonId: null,
  limited: false,
  imageUrl: null,
  rarityScore: 0,
  version: `v1-${id}`,
  ...over,
});
let service: Awaited<ReturnType<typeof start>>;
const cache = createMemoryCache();
let catalogue: Subscription;

beforeAll(async () => {
  // A stand-in for the catalogue service's card look-up.
  catalogue = bus.serve(cardsGet, async ({ ids }) => ({ cards: ids.flatMap((id) => cards.get(id) ?? []) }));
  cards.set(1, summary(1));
  cards.set(2, summary(2, { characterName: 'Frieren', rankCode: 'X', rankColor: '#00e5ff', limited: true }));
  cards.set(3, summary(3, { characterName: '牧瀬紅莉栖', rankCode: 'SSS', rankColor: '#ffd700' }));
  const config = imageProxyConfigSchema.parse({ INTERNAL_SECRET: 'i'.repeat(32), PORT: '0' });
  service = await start({ config, logger: createLogger('image-test', 'silent'), bus, cache });
});
afterAll(async () => {
  await catalogue?.stop();
  await service?.close();
});

const image = (id: number | string, headers: Record<string, string> = {}) =>
  service.app.inject({ url: `/api/cards/${id}/image`, headers });

describe('GET /api/cards/{id}/image', () => {
  it('renders the card in the format the browser accepts', async () => {
    for (const [accept, format] of [
      ['image/avif,image/webp,*/*', 'heif'],
      ['image/webp,*/*', 'webp'],
      ['*/*', 'png'],
    ] as const) {
      const res = await image(1, { accept });
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe(format);
      expect([meta.width, meta.height]).toEqual([360, 540]);
      expect(res.headers.vary).toBe('Accept');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('frames the art in the rank colour', async () => {
    const res = await image(2, { accept: 'image/png' });
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    // The outer frame at mid-height on the left edge: #00e5ff.
    expect(pixel(4, 270)).toEqual([0x00, 0xe5, 0xff]);
    const other = await sharp((await image(1, { accept: 'image/png' })).rawPayload)
      .raw()
      .toBuffer();
    expect(Buffer.compare(other, data)).not.toBe(0);
  });

  it('answers 304 to a matching ETag and renders anew when the card changes', async () => {
    const first = await image(3, { accept: 'image/webp' });
    const etag = first.headers.etag as string;
    expect(etag).toBe('"v1-3-webp"');
    expect((await image(3, { accept: 'image/webp', 'if-none-match': etag })).statusCode).toBe(304);
    cards.set(
      3,
      summary(3, { characterName: '牧瀬紅莉栖', rankCode: 'A', rankColor: '#ff9800', version: 'v2-3' }),
    );
    // The summary is cached for 30 s; once it is gone the new version is rendered.
    await cache.namespace('card-summaries').clear();
    const changed = await image(3, { accept: 'image/webp', 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).toBe('"v2-3-webp"');
    expect(Buffer.compare(changed.rawPayload, first.rawPayload)).not.toBe(0);
  });

  it('renders each key once, also under concurrent requests', async () => {
    cards.set(5, summary(5));
    const before = service.cardImages.renders;
    const answers = await Promise.all(Array.from({ length: 20 }, () => image(5, { accept: 'image/webp' })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(service.cardImages.renders - before).toBe(1);
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
  });

  it('refuses garbage ids and unknown cards, and answers 503 when the catalogue does not', async () => {
    expect((await image('abc')).statusCode).toBe(400);
    expect((await image(999)).statusCode).toBe(404);
    await catalogue.stop();
    try {
      const res = await image(77);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: expect.stringMatching(/unavailable/) });
    } finally {
      catalogue = bus.serve(cardsGet, async ({ ids }) => ({
        cards: ids.flatMap((id) => cards.get(id) ?? []),
      }));
    }
  });
});

describe('GET /api/test-image', () => {
  it('draws a PNG of the asked size and validates the size', async () => {
    const res = await service.app.inject({ url: '/api/test-image?width=120&height=80&text=<b>hi</b>' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([120, 80]);
    expect((await service.app.inject({ url: '/api/test-image?width=5000' })).statusCode).toBe(400);
  });
});
