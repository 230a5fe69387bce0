import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAccounts } from '@acg/fakes';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './embedded';
import { isolated } from './testing/sign-in';

/**
 * The image proxy as the embedded demo runs it, through the gateway: Discord avatars come from
 * the fake Discord's CDN paths (the runner points DISCORD_CDN_URL and the allow-list at it),
 * while the system's own loopback addresses stay out of reach.
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
