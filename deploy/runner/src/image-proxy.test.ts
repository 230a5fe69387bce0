import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAccounts } from '@acg/fakes';
import { CARD_ART_WINDOW as ART } from '@acg/image-proxy';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './embedded';
import { isolated } from './testing/sign-in';

/**
 * The image proxy as the embedded demo runs it, through the gateway: Discord avatars come from
 * the fake Discord's CDN paths (the runner points DISCORD_CDN_URL and the allow-list at it),
 * while the system's own loopback addresses stay out of reach. The first demo characters' art
 * is the fake Shikimori's portraits (DEMO_ART_BASE_URL), drawn into their cards.
 */
let db: TestDatabase;
let dataDir: string;
let sys: EmbeddedSystem;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'acg-imgproxy-'));
  sys = await startEmbedded({
    env: { ...process.env, DATABASE_URL: db.url, ...isolated() },
    dataDir,
    port: 0,
    ephemeralPorts: true,
    logLevel: 'silent',
  });
}, 120_000);
afterAll(async () => {
  await sys?.close();
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${sys.url}${path}`, { headers });

describe('image proxy in the embedded system', () => {
  it("shows a demo account's Discord avatar and the default avatar through the proxy", async () => {
    const account = demoAccounts[0]!;
    const avatar = await get(
      `/api/proxy/discord/avatars/${account.discordId}/${account.avatar}.png?size=64`,
      {
        accept: 'image/webp,image/*',
      },
    );
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/webp');
    expect(avatar.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await avatar.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 64]);
    expect((await get('/api/proxy/discord/embed/avatars/0.png')).status).toBe(200);
  });

  it("draws the first demo character's card with the fake Shikimori's portrait (demo art)", async () => {
    // A fresh database: card 1 is the first demo character's first card, its art portrait 1.
    const res = await get('/api/cards/1/image', { accept: 'image/png' });
    expect(res.status).toBe(200);
    const raw = async (image: Sharp) => await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const card = await raw(
      sharp(Buffer.from(await res.arrayBuffer())).extract({
        left: ART.left,
        top: ART.top,
        width: ART.width,
        height: ART.height,
      }),
    );
    // The portrait the fake Shikimori served for that character (demo art by the character's name).
    const asked = sys.fakeShikimori?.requests.find((r) => r.url.startsWith('/uploads/art/'));
    expect(asked).toBeDefined();
    const served = Buffer.from(await (await fetch(`${sys.fakeShikimori!.url}${asked!.url}`)).arrayBuffer());
    const art = await raw(
      sharp(served).resize(ART.width, ART.height, { fit: 'cover', position: 'attention' }),
    );
    let near = 0;
    let total = 0;
    for (let y = 60; y < ART.height - 60; y += 20)
      for (let x = 40; x < ART.width - 40; x += 20) {
        const i = (y * ART.width + x) * 3;
        total++;
        if ([0, 1, 2].every((c) => Math.abs(card.data[i + c]! - art.data[i + c]!) <= 12)) near++;
      }
    expect(near / total).toBeGreaterThan(0.9);
  });

  it("refuses the system's own loopback addresses (the gateway, a service's probe)", async () => {
    const proxyUrl = sys.services.get('image-proxy')!.url;
    for (const target of [
      `${sys.url}/api/stats`,
      `${proxyUrl}/healthz`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const res = await get(`/api/proxy-image?url=${encodeURIComponent(target)}`);
      expect(res.status, target).toBeGreaterThanOrEqual(400);
      expect(res.status, target).toBeLessThan(500);
      expect(((await res.json()) as { code: string }).code, target).toMatch(
        /forbidden_destination|validation_failed/,
      );
    }
  });
});
