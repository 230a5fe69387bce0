import { type CardSummary, cardsDraw, inventoryGrant, usersEnsureDiscord } from '@acg/contracts';
import { demoAccounts, type FakeDiscord, startFakeDiscord } from '@acg/fakes';
import { createLogger, createMemoryBus, createMemoryCache, type Subscription } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botConfigSchema } from '../../config';
import { start } from '../../start';

const bus = createMemoryBus();
const card: CardSummary = {
  id: 42,
  characterId: 7,
  characterName: 'Frieren',
  characterAltname: null,
  characterImageUrl: null,
  rankCode: 'SSS',
  rankTitle: 'Celestial',
  rankColor: '#ffd700',
  rankImageUrl: null,
  rankOrder: 7,
  seasonId: null,
  limited: false,
  imageUrl: null,
  rarityScore: 0,
  version: 'v1',
};
// Stand-ins for auth, catalogue and inventory on the bus; the grant keeps idempotency by key.
const grants = new Map<string, number>();
const quantities = new Map<number, number>();
let drawDelayMs = 0;
const draws: Array<Record<string, number>> = [];
let fake: FakeDiscord;
let bot: Awaited<ReturnType<typeof start>>;
let served: Subscription[];

async function startBot(env: Record<string, string> = {}) {
  const config = botConfigSchema.parse({
    INTERNAL_SECRET: 'b'.repeat(32),
    PORT: '0',
    DISCORD_PUBLIC_KEY: fake.interactions.publicKeyHex,
    DISCORD_API_BASE_URL: `${fake.url}/api/v10`,
    PUBLIC_URL: 'http://cards.test',
    DROP_COOLDOWN_SECONDS: '60',
    DEFER_AFTER_MS: '300',
    ...env,
  });
  return start({ config, logger: createLogger('bot-test', 'silent'), bus, cache: createMemoryCache() });
}

beforeAll(async () => {
  fake = await startFakeDiscord();
  served = [
    bus.serve(usersEnsureDiscord, async (u) => ({
      user: {
        id: Number(u.discordId.slice(-4)),
        username: u.username,
        discriminator: '0',
        discordId: u.discordId,
        avatar: null,
        adminLevel: 0,
      },
      created: false,
    })),
    bus.serve(cardsDraw, async ({ weights }) => {
      draws.push(weights);
      if (drawDelayMs) await new Promise((r) => setTimeout(r, drawDelayMs));
      return { card };
    }),
    bus.serve(inventoryGrant, async ({ userId, idempotencyKey }) => {
      const first = grants.get(idempotencyKey);
      if (first !== undefined)
        return { granted: false, entryId: 1, quantity: first, obtainedAt: new Date().toISOString() };
      const quantity = (quantities.get(userId) ?? 0) + 1;
      quantities.set(userId, quantity);
      grants.set(idempotencyKey, quantity);
      return { granted: true, entryId: 1, quantity, obtainedAt: new Date().toISOString() };
    }),
  ];
  bot = await startBot();
  fake.interactions.interactionsUrl = `${bot.url}/interactions`;
});
afterAll(async () => {
  for (const s of served) await s.stop();
  await bot?.close();
  await fake?.close();
});

const [fan, admin] = demoAccounts;
const post = (body: string, headers: Record<string, string>) =>
  fetch(`${bot.url}/interactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

describe('POST /interactions: signatures', () => {
  it('answers a signed PING with PONG', async () => {
    const body = JSON.stringify({
      id: '1',
      application_id: fake.interactions.applicationId,
      type: 1,
      token: 't',
    });
    const res = await post(body, fake.interactions.signatureHeaders(body));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ type: 1 });
  });

  it('refuses a missing, bad, tampered, stale or replayed signature with 401', async () => {
    const body = JSON.stringify({
      id: '2',
      application_id: fake.interactions.applicationId,
      type: 1,
      token: 't',
    });
    const good = fake.interactions.signatureHeaders(body);
    expect((await post(body, {})).status).toBe(401);
    expect((await post(body, { ...good, 'x-signature-ed25519': '0'.repeat(128) })).status).toBe(401);
    expect((await post(body.replace('"2"', '"3"'), good)).status).toBe(401);
    const stale = fake.interactions.signatureHeaders(body, Math.floor(Date.now() / 1000) - 600);
    expect((await post(body, stale)).status).toBe(401);
    expect((await post(body, good)).status).toBe(200);
    const replay = await post(body, good);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ code: 'authentication_required' });
  });
});

describe('/card', () => {
  it('drops a card: draws with the configured weights, grants it with the interaction id, answers an embed', async () => {
    const sent = await fake.interactions.send(fake.interactions.commandInteraction(fan!, 'card'));
    expect(sent.status).toBe(200);
    expect(sent.answer?.type).toBe(4);
    const embed = sent.answer?.data?.embeds?.[0] as Record<string, unknown>;
    expect(embed).toMatchObject({
      title: 'Frieren',
      color: 0xffd700,
      image: { url: 'http://cards.test/api/cards/42/image' },
    });
    expect(draws.at(-1)).toMatchObject({ E: 40, X: 0.5 });
  });

  it('grants once when Discord delivers the same interaction twice, and then enforces the cooldown', async () => {
    const interaction = fake.interactions.commandInteraction(admin!, 'card');
    const first = await fake.interactions.send(interaction);
    // Discord's retry of the same interaction is signed anew (a later timestamp).
    const again = await fake.interactions.send(interaction, undefined, Math.floor(Date.now() / 1000) + 1);
    expect(first.answer?.data?.embeds).toHaveLength(1);
    expect(again.answer?.data?.embeds).toHaveLength(1);
    expect([...grants.keys()].filter((k) => k === `discord-interaction:${interaction.id}`)).toHaveLength(1);
    const userId = Number(admin!.discordId.slice(-4));
    expect(quantities.get(userId)).toBe(1);
    const next = await fake.interactions.send(fake.interactions.commandInteraction(admin!, 'card'));
    expect(next.answer?.data).toMatchObject({
      content: expect.stringMatching(/next card is ready in \d+ s/),
      flags: 64,
    });
    expect(quantities.get(userId)).toBe(1);
  });

  it('defers a slow drop and edits the original message through the webhook', async () => {
    const quick = await startBot({ DROP_COOLDOWN_SECONDS: '0' });
    drawDelayMs = 600;
    try {
      const interaction = fake.interactions.commandInteraction(fan!, 'card');
      const sent = await fake.interactions.send(interaction, `${quick.url}/interactions`);
      expect(sent.answer).toEqual({ type: 5 });
      const deadline = Date.now() + 5000;
      while (!fake.interactions.followUps.has(interaction.token) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(fake.interactions.followUps.get(interaction.token)?.embeds?.[0]).toMatchObject({
        title: 'Frieren',
      });
    } finally {
      drawDelayMs = 0;
      await quick.close();
    }
  });

  it('answers a friendly ephemeral message when a service is unavailable', async () => {
    const quick = await startBot({ DROP_COOLDOWN_SECONDS: '0' });
    await served[1]!.stop();
    try {
      const sent = await fake.interactions.send(
        fake.interactions.commandInteraction(fan!, 'card'),
        `${quick.url}/interactions`,
      );
      expect(sent.status).toBe(200);
      expect(sent.answer?.data).toMatchObject({ flags: 64, content: expect.stringMatching(/try again/i) });
    } finally {
      served[1] = bus.serve(cardsDraw, async () => ({ card }));
      await quick.close();
    }
  });
});

describe('the fake Discord demo chat', () => {
  it('sends a signed /card from the demo page and shows the embed', async () => {
    const res = await fetch(`${fake.url}/demo/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ as: demoAccounts[0]!.discordId }),
    });
    const html = await res.text();
    expect(res.status).toBe(200);
    // The fan is on cooldown from the first drop: the page shows the bot's answer either way.
    expect(html).toMatch(/Frieren|next card is ready/);
  });
});
