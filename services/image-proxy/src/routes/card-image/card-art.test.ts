import { demoArtUrl, drawPortrait, type FakeShikimori, startFakeShikimori } from '@acg/fakes';
import { createLogger, createMemoryBus, createMemoryCache } from '@acg/platform';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageProxyConfigSchema } from '../../config';
import { ART } from '../../render/layout';
import { type ImageProxyService, start } from '../../start';
import { type CatalogueStandIn, serveCatalogueStandIn } from '../../test/catalogue-stand-in';
import { cardSummary, near, pixels, type Rgb } from '../../test/factories';

const logger = createLogger('card-art-test', 'silent');
const bus = createMemoryBus();
const cache = createMemoryCache();
let shikimori: FakeShikimori;
let catalogue: CatalogueStandIn;
let service: ImageProxyService;

beforeAll(async () => {
  shikimori = await startFakeShikimori({ enforceLimits: false });
  catalogue = serveCatalogueStandIn(bus);
  catalogue.cards.set(1, cardSummary(1, { characterName: 'Sakura', imageUrl: demoArtUrl(shikimori.url, 1) }));
  catalogue.cards.set(2, cardSummary(2, { characterName: 'Sakura' }));
  const config = imageProxyConfigSchema.parse({
    INTERNAL_SECRET: 'i'.repeat(32),
    PORT: '0',
    IMAGE_PROXY_ALLOW_ORIGINS: shikimori.url,
    SHIKIMORI_BASE_URL: shikimori.url,
  });
  service = await start({ config, logger, bus, cache });
});
afterAll(async () => {
  await service?.close();
  await catalogue?.close();
  await bus.drain();
  await shikimori?.close();
});

const png = async (url: string) => {
  const res = await service.app.inject({ method: 'GET', url, headers: { accept: 'image/png' } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

/** Points spread over the art window, away from its rounded corners and the name plate. */
const samplePoints = (): Array<[number, number]> => {
  const points: Array<[number, number]> = [];
  for (let y = 0.15; y < 0.9; y += 0.1)
    for (let x = 0.15; x < 0.9; x += 0.1)
      points.push([Math.round(ART.width * x), Math.round(ART.height * y)]);
  return points;
};

describe('a card whose art is an http URL (the fake Shikimori demo portrait)', () => {
  it('is drawn with that art: the art window holds the portrait pixels, not the generated placeholder', async () => {
    const card = await pixels(await png('/api/cards/1/image'));
    const placeholder = await pixels(await png('/api/cards/2/image'));
    // The portrait as the renderer crops it into the art window.
    const expected = await pixels(
      await sharp(await drawPortrait(1))
        .resize(ART.width, ART.height, { fit: 'cover', position: 'attention' })
        .png()
        .toBuffer(),
    );
    const points = samplePoints();
    const matching = points.filter(([x, y]) =>
      near(card.at(ART.left + x, ART.top + y), expected.at(x, y), 12),
    ).length;
    const likePlaceholder = points.filter(([x, y]) =>
      near(card.at(ART.left + x, ART.top + y), placeholder.at(ART.left + x, ART.top + y), 12),
    ).length;
    expect(matching / points.length).toBeGreaterThan(0.9);
    expect(likePlaceholder / points.length).toBeLessThan(0.5);
    // Many colours, as art has (a placeholder is a few flat fills).
    const colours = new Set(points.map(([x, y]) => card.at(ART.left + x, ART.top + y).join(',')));
    expect(colours.size).toBeGreaterThan(points.length / 3);
    expect(shikimori.requests.some((r) => r.url === '/uploads/art/1.jpg')).toBe(true);
  });

  it('serves the same portrait through the proxied path (/api/proxy/shikimori/uploads/art/{n}.jpg)', async () => {
    const proxied = await pixels(await png('/api/proxy/shikimori/uploads/art/1.jpg'));
    const original = await pixels(await drawPortrait(1));
    expect([proxied.width, proxied.height]).toEqual([original.width, original.height]);
    const skin: Rgb = original.at(300, 470);
    expect(near(proxied.at(300, 470), skin, 12)).toBe(true);
  });
});
