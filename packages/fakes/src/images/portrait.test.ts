import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeShikimori, startFakeShikimori } from '../shikimori/server';
import { demoArtUrl, drawPortrait, portraitSvg } from './portrait';

let shikimori: FakeShikimori;
beforeAll(async () => {
  shikimori = await startFakeShikimori({ enforceLimits: false });
});
afterAll(() => shikimori?.close());

describe('demo portraits', () => {
  it('are JPEGs of the asked size, the same for the same n and different between n', async () => {
    const one = await drawPortrait(1);
    const meta = await sharp(one).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 600, 800]);
    expect(portraitSvg(1)).toBe(portraitSvg(1));
    expect(portraitSvg(1)).not.toBe(portraitSvg(2));
    const big = await sharp(await drawPortrait(2, { width: 1200, height: 1600 })).metadata();
    expect([big.width, big.height]).toEqual([1200, 1600]);
    // Real-looking, not a flat fill: many distinct colours.
    const { data } = await sharp(one).resize(60, 80).raw().toBuffer({ resolveWithObject: true });
    const colours = new Set<string>();
    for (let i = 0; i < data.length; i += 3) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    expect(colours.size).toBeGreaterThan(500);
  });

  it('are served by the fake Shikimori at /uploads/art/{n}.jpg', async () => {
    const res = await fetch(demoArtUrl(shikimori.url, 3));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await res.arrayBuffer()).equals(await drawPortrait(3))).toBe(true);
    for (const path of ['0.jpg', '3.png', 'x.jpg', '12345.jpg'])
      expect((await fetch(`${shikimori.url}/uploads/art/${path}`)).status, path).toBe(404);
  });
});
