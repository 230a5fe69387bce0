import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from './accounts';
import { type FakeDiscord, startFakeDiscord } from './server';

let fake: FakeDiscord;
beforeAll(async () => {
  fake = await startFakeDiscord();
});
afterAll(async () => {
  await fake.close();
});

const get = (path: string) => fetch(`${fake.url}${path}`);
const account = demoAccounts[0]!;

describe("fake Discord's CDN", () => {
  it("serves an account's avatar as a real PNG at the asked size", async () => {
    const res = await get(`/avatars/${account.discordId}/${account.avatar}.png?size=64`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 64, 64]);
  });

  it('serves 128 px without a size and JPEG for .jpg', async () => {
    const res = await get(`/avatars/${account.discordId}/${account.avatar}.jpg`);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(['jpeg', 128]);
  });

  it('serves the animated (a_) hash of an account too', async () => {
    const admin = demoAccounts[1]!;
    expect(admin.avatar).toMatch(/^a_/);
    const res = await get(`/avatars/${admin.discordId}/${admin.avatar}.png?size=32`);
    expect(res.status).toBe(200);
  });

  it('serves the default avatars 0..5 and nothing else', async () => {
    const zero = await get('/embed/avatars/0.png');
    expect(zero.status).toBe(200);
    const meta = await sharp(Buffer.from(await zero.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(['png', 128]);
    const five = await get('/embed/avatars/5.png');
    expect(
      Buffer.from(await five.arrayBuffer()).equals(
        Buffer.from(await (await get('/embed/avatars/0.png')).arrayBuffer()),
      ),
    ).toBe(false);
    expect((await get('/embed/avatars/6.png')).status).toBe(404);
  });

  it('answers 404 for a wrong hash or an unknown user, 400 for a bad size', async () => {
    expect((await get(`/avatars/${account.discordId}/${'0'.repeat(32)}.png`)).status).toBe(404);
    expect((await get(`/avatars/1/${account.avatar}.png`)).status).toBe(404);
    expect((await get(`/avatars/${account.discordId}/${account.avatar}.png?size=100`)).status).toBe(400);
  });
});
