import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_CAST } from '../anime-data/characters';
import { startFakeShikimori } from '../shikimori/server';
import { DEMO_LOOKS, demoArtSlug, demoPortraitSvg } from './looks';

/** A portrait as 24x32 RGB pixels: enough to tell two pictures apart as a person would. */
async function thumbnail(name: string): Promise<Buffer> {
  return sharp(Buffer.from(demoPortraitSvg(name, 120, 160)!))
    .resize(24, 32)
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** Mean absolute difference per channel (0–255) between two thumbnails. */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('demo character portraits', () => {
  it('gives every character of the demo cast a look, and no look to anyone else', () => {
    expect(Object.keys(DEMO_LOOKS).sort()).toEqual(DEMO_CAST.map((c) => c.name).sort());
    for (const c of DEMO_CAST) expect(demoPortraitSvg(c.name), c.name).toMatch(/^<svg/);
    expect(demoPortraitSvg('Nobody Known')).toBeUndefined();
  });

  it('draws 40 portraits that all differ from one another', async () => {
    const names = Object.keys(DEMO_LOOKS);
    const thumbs = await Promise.all(names.map(thumbnail));
    let closest = { d: Number.POSITIVE_INFINITY, pair: '' };
    for (let i = 0; i < names.length; i++)
      for (let j = i + 1; j < names.length; j++) {
        const d = difference(thumbs[i]!, thumbs[j]!);
        if (d < closest.d) closest = { d, pair: `${names[i]} / ${names[j]}` };
      }
    // Two portraits differing by less than this look alike at a glance (measured: the same
    // portrait twice differs by 0, two random portraits of the generic series by about 40).
    expect(closest.d, closest.pair).toBeGreaterThan(8);
  });

  it('draws a character from its data: the hair colour is on the picture', async () => {
    const { data } = await sharp(Buffer.from(demoPortraitSvg('Anya Forger', 600, 800)!))
      .extract({ left: 280, top: 170, width: 40, height: 30 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Anya's pink hair over the forehead: red and blue well above green.
    const [r, g, b] = [0, 1, 2].map(
      (c) => data.filter((_, i) => i % 3 === c).reduce((s, v) => s + v, 0) / (data.length / 3),
    );
    expect(r! - g!).toBeGreaterThan(40);
    expect(b! - g!).toBeGreaterThan(10);
  });

  it('serves each character’s portrait at /uploads/art/{slug}.jpg', async () => {
    const fake = await startFakeShikimori({ enforceLimits: false });
    try {
      const res = await fetch(`${fake.url}/uploads/art/${demoArtSlug('Frieren')}.jpg`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([600, 800]);
      expect((await fetch(`${fake.url}/uploads/art/someone-else.jpg`)).status).toBe(404);
    } finally {
      await fake.close();
    }
  });
});
