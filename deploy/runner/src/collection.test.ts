import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  animeCardsSchema,
  animeListSchema,
  characterListSchema,
  homeStatsSchema,
  inventoryListSchema,
  inventoryStatsSchema,
  likeResultSchema,
  likesSchema,
  ownerListSchema,
  rankListSchema,
} from '@acg/contracts';
import { demoAccounts } from '@acg/fakes';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './embedded';
import { demoCounts } from './testing/demo-counts';
import { isolated, signIn } from './testing/sign-in';

/**
 * The collection core through the gateway, as the browser and Discord call it: every endpoint of
 * the issue against the documented shapes, and a drop from a signed interaction to the profile.
 */
let db: TestDatabase;
let dataDir: string;
let sys: EmbeddedSystem;
let cookie: string;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'acg-collection-'));
  sys = await startEmbedded({
    // Its own namespace on shared NATS and Redis servers (the infrastructure pass runs files in parallel).
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      RATE_LIMIT_ENABLED: 'false',
      ...isolated(),
    },
    dataDir,
    port: 0,
    ephemeralPorts: true,
    logLevel: 'silent',
  });
  cookie = await signIn(sys.url, 'sakura_fan');
  // The running fake Discord's key signs interactions; reach it through its own API.
  const app = await (
    await fetch(`${sys.fakeDiscordUrl}/api/v10/applications/@me`, {
      headers: { authorization: 'Bot fake-discord-bot-token' },
    })
  ).json();
  expect(app.verify_key).toMatch(/^[0-9a-f]{64}$/);
}, 120_000);
afterAll(async () => {
  await sys?.close();
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${sys.url}${path}`, { headers: { accept: 'application/json', cookie, ...headers } });
const post = (path: string) =>
  fetch(`${sys.url}${path}`, {
    method: 'POST',
    headers: { cookie, origin: sys.url, 'content-type': 'application/json' },
    body: '{}',
  });

/** Sends /card through the gateway, signed by the embedded fake Discord (via its demo page). */
async function dropViaDemoChat(discordId: string): Promise<string> {
  const res = await fetch(`${sys.fakeDiscordUrl}/demo/card`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ as: discordId }),
  });
  return res.text();
}

describe('catalogue reads through the gateway', () => {
  it('answers ranks, anime, stats and characters in the documented shapes', async () => {
    expect(rankListSchema.parse(await (await get('/api/ranks')).json()).map((r) => r.code)).toEqual([
      'E',
      'D',
      'C',
      'B',
      'A',
      'S',
      'SS',
      'SSS',
      'X',
    ]);
    expect(animeListSchema.parse(await (await get('/api/anime')).json())).toHaveLength(demoCounts.anime);
    expect(homeStatsSchema.parse(await (await get('/api/stats')).json())).toMatchObject({
      anime: demoCounts.anime,
      cards: demoCounts.cards,
    });
    const all = await get('/api/characters');
    expect(characterListSchema.parse(await all.json())).toHaveLength(demoCounts.characters);
    const page = await get('/api/characters?limit=5');
    expect(characterListSchema.parse(await page.json())).toHaveLength(5);
    expect(page.headers.get('x-total-count')).toBe(String(demoCounts.characters));
    expect(page.headers.get('x-next-after')).toMatch(/^\d+$/);
    const bad = await get('/api/characters?anime_id=x');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: expect.any(String), details: expect.anything() });
  });
});

describe('a drop, from Discord to the profile', () => {
  it('grants the dropped card and shows it in the inventory, owners, stats and anime progress', async () => {
    const html = await dropViaDemoChat(demoAccounts[0]!.discordId);
    const cardId = Number(/\/api\/cards\/(\d+)\/image/.exec(html)?.[1]);
    expect(cardId).toBeGreaterThan(0);

    const mine = inventoryListSchema.parse(await (await get('/api/inventory/my')).json());
    expect(mine.map((e) => e.cardId)).toEqual([cardId]);
    expect(inventoryListSchema.parse(await (await get('/api/inventory')).json())).toEqual(mine);
    const owners = ownerListSchema.parse(await (await get(`/api/inventory?card_id=${cardId}`)).json());
    // Owners are named by their display name, Discord's global_name (rules §51).
    expect(owners.map((o) => o.username)).toEqual([demoAccounts[0]!.globalName]);
    expect(inventoryStatsSchema.parse(await (await get('/api/inventory/stats')).json()).total_cards).toBe(1);

    // A second /card within the cooldown grants nothing.
    const again = await dropViaDemoChat(demoAccounts[0]!.discordId);
    expect(again).toMatch(/next card is ready/);
    expect(inventoryStatsSchema.parse(await (await get('/api/inventory/stats')).json()).total_cards).toBe(1);

    // The anime pages mark the dropped card collected: in each anime its character is in (the ten
    // demo anime by external id; a character in two anime counts in both).
    const ids = ['5114', '121', '9253', '30484', 'al-154587', '1', '30', '50265', '32182', '33352'];
    const progress = await Promise.all(
      ids.map(async (id) => animeCardsSchema.parse(await (await get(`/api/anime/${id}/cards`)).json())),
    );
    const collectedIn = progress.filter((p) => p.cards.some((c) => c.id === cardId && c.collected));
    expect(collectedIn.length).toBeGreaterThanOrEqual(1);
    expect(progress.reduce((n, p) => n + p.userProgress.collected, 0)).toBe(collectedIn.length);
    expect(progress.reduce((n, p) => n + p.userProgress.total, 0)).toBe(74);
  });

  it('grants once when Discord delivers the same /card interaction twice', async () => {
    const fake = sys.fakeDiscord!;
    const before = inventoryStatsSchema.parse(await (await get('/api/inventory/stats')).json()).total_cards;
    // admin_hikari has no cooldown yet; the fan's own stats must not move either way.
    const interaction = fake.interactions.commandInteraction(demoAccounts[1]!, 'card');
    const first = await fake.interactions.send(interaction, `${sys.url}/interactions`);
    const retry = await fake.interactions.send(
      interaction,
      `${sys.url}/interactions`,
      Math.floor(Date.now() / 1000) + 1,
    );
    expect(first.answer?.data?.embeds).toHaveLength(1);
    expect(retry.answer).toEqual(first.answer);
    const adminCookie = await signIn(sys.url, 'admin_hikari');
    const adminStats = await (await get('/api/inventory/stats', { cookie: adminCookie })).json();
    expect(adminStats.total_cards).toBe(1);
    expect(inventoryStatsSchema.parse(await (await get('/api/inventory/stats')).json()).total_cards).toBe(
      before,
    );
  });

  it('refuses an unsigned interaction at the bot, through the gateway', async () => {
    const res = await fetch(`${sys.url}/interactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 1 }),
    });
    expect(res.status).toBe(401);
  });
});

describe('likes and images through the gateway', () => {
  it('likes a card once; a repeat is 409 with success false and the unchanged count', async () => {
    expect(likesSchema.parse(await (await get('/api/cards/3/likes')).json())).toEqual({
      likes: 0,
      liked: false,
      printed: 0,
    });
    const first = await post('/api/cards/3/like');
    expect(likeResultSchema.parse(await first.json())).toEqual({ success: true, likes: 1 });
    const again = await post('/api/cards/3/like');
    expect(again.status).toBe(409);
    expect(likeResultSchema.parse(await again.json())).toMatchObject({ success: false, likes: 1 });
  });

  it('renders card images and the test image', async () => {
    const image = await fetch(`${sys.url}/api/cards/1/image`, { headers: { accept: 'image/webp' } });
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 360, 540]);
    const etag = image.headers.get('etag')!;
    const cached = await fetch(`${sys.url}/api/cards/1/image`, {
      headers: { accept: 'image/webp', 'if-none-match': etag },
    });
    expect(cached.status).toBe(304);
    const test = await fetch(`${sys.url}/api/test-image?width=64&height=32&text=hi`);
    expect((await sharp(Buffer.from(await test.arrayBuffer())).metadata()).width).toBe(64);
  });
});
