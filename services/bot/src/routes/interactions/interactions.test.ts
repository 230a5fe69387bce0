import { randomBytes } from 'node:crypto';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type CardSummary, cardsDraw, inventoryGrant, usersEnsureDiscord } from '@acg/contracts';
import {
  demoAccounts,
  type FakeDiscord,
  type FakeDiscordAccount,
  type InteractionBody,
  startFakeDiscord,
} from '@acg/fakes';
import {
  type Cache,
  connectRedisCache,
  createLogger,
  createMemoryBus,
  createMemoryCache,
  type RunningService,
  UnavailableError,
} from '@acg/platform';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { botConfigSchema } from '../../config';
import { grantKey } from '../../drop/drop';
import { start } from '../../start';

/**
 * POST /interactions end to end: a real bot on a port, signed deliveries from the fake Discord,
 * and auth, catalogue and inventory stood in for by handlers on the memory bus. The bot's state
 * is in memory, and also in Redis when REDIS_URL is set.
 */
const redisUrl = process.env.REDIS_URL;
const prefix = `acgtest-bot-${randomBytes(6).toString('hex')}`;
const stateModes: Array<{ name: string; cache: () => Promise<Cache> }> = [
  { name: 'memory state', cache: async () => createMemoryCache() },
];
if (redisUrl)
  stateModes.push({ name: 'redis state', cache: () => connectRedisCache({ url: redisUrl, prefix }) });

const card = (id: number, over: Partial<CardSummary> = {}): CardSummary => ({
  id,
  characterId: id + 100,
  characterName: 'Frieren',
  characterAltname: 'フリーレン',
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
  ...over,
});

/** What the stand-ins saw and how they behave; reset before each test. */
const world = {
  ensureDelayMs: 0,
  /** A draw waits for this (the test opens it) before answering. */
  drawHold: undefined as Promise<void> | undefined,
  drawable: true as boolean,
  inventoryDown: false,
  draws: [] as Array<Record<string, number>>,
  ensured: [] as Array<{ discordId: string; username: string }>,
  grantCalls: [] as Array<{ userId: number; cardId: number; idempotencyKey: string; source: string }>,
};
/** A promise the test opens itself: a stand-in waits on it instead of sleeping. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
// Inventory's idempotency, kept across tests like inventory's table.
const grantsByKey = new Map<string, { quantity: number; entryId: number; printNumber: number }>();
/** Copies printed of each card (the print number of the next grant is one more). */
const printed = new Map<number, number>();
const quantities = new Map<string, number>();
const siteUsers = new Map<string, number>();

const bus = createMemoryBus();
bus.serve(usersEnsureDiscord, async (u) => {
  world.ensured.push({ discordId: u.discordId, username: u.username });
  if (world.ensureDelayMs) await sleep(world.ensureDelayMs);
  const created = !siteUsers.has(u.discordId);
  if (created) siteUsers.set(u.discordId, siteUsers.size + 1);
  const id = siteUsers.get(u.discordId)!;
  const user = {
    id,
    username: u.username,
    discriminator: '0',
    discordId: u.discordId,
    avatar: null,
    adminLevel: 0,
  };
  return { user, created };
});
bus.serve(cardsDraw, async ({ weights }) => {
  world.draws.push(weights);
  if (world.drawHold) await world.drawHold;
  return { card: world.drawable ? card(42) : null };
});
bus.serve(inventoryGrant, async (req) => {
  world.grantCalls.push(req);
  if (world.inventoryDown) throw new UnavailableError('inventory is down');
  const earlier = grantsByKey.get(req.idempotencyKey);
  const obtainedAt = new Date().toISOString();
  if (earlier) return { granted: false, ...earlier, obtainedAt };
  const owned = `${req.userId}/${req.cardId}`;
  const quantity = (quantities.get(owned) ?? 0) + 1;
  quantities.set(owned, quantity);
  const printNumber = (printed.get(req.cardId) ?? 0) + 1;
  printed.set(req.cardId, printNumber);
  grantsByKey.set(req.idempotencyKey, { quantity, entryId: grantsByKey.size + 1, printNumber });
  return { granted: true, quantity, entryId: grantsByKey.size, obtainedAt, printNumber };
});

let fake: FakeDiscord;
const bots: Array<{ bot: RunningService; cache: Cache }> = [];
beforeAll(async () => {
  fake = await startFakeDiscord();
});
afterAll(async () => {
  for (const { bot } of bots) await bot.close();
  await fake?.close();
  await bus.drain();
  // The state of this run, under its own prefix (a bot behind a cut proxy wrote there too).
  for (const { cache } of bots) {
    await cache.clear({ resetStats: true }).catch(() => {});
    await cache.close();
  }
});
beforeEach(() => {
  Object.assign(world, {
    ensureDelayMs: 0,
    drawHold: undefined,
    drawable: true,
    inventoryDown: false,
    draws: [],
    ensured: [],
    grantCalls: [],
  });
});

async function startBot(env: Record<string, string> = {}, cache: Cache = createMemoryCache()) {
  const config = botConfigSchema.parse({
    INTERNAL_SECRET: 'b'.repeat(32),
    PORT: '0',
    LOG_LEVEL: 'silent',
    DISCORD_PUBLIC_KEY: fake.interactions.publicKeyHex,
    DISCORD_API_BASE_URL: `${fake.url}/api/v10`,
    PUBLIC_URL: 'http://cards.test/',
    DEFER_AFTER_MS: '400',
    ...env,
  });
  const bot = await start({
    config,
    logger: createLogger('bot-test', 'silent'),
    bus,
    cache,
  });
  bots.push({ bot, cache });
  return { bot, url: `${bot.url}/interactions` };
}

/** A Discord user no other test uses, so cooldowns do not leak between tests. */
let nextUser = 0;
const someone = (locale = 'en-US'): FakeDiscordAccount => ({
  discordId: `${Date.now()}${String(++nextUser).padStart(4, '0')}`,
  username: `fan_${nextUser}`,
  globalName: null,
  email: null,
  avatar: null,
  locale,
  intendedAdminLevel: 0,
});

const post = (url: string, body: string, headers: Record<string, string>, contentType = 'application/json') =>
  fetch(url, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body });

type Embed = {
  title: string;
  description: string;
  color: number;
  image: { url: string };
  footer: { text: string };
};
const embedOf = (answer: { data?: { embeds?: unknown[] } } | undefined) =>
  answer?.data?.embeds?.[0] as Embed | undefined;

describe.each(stateModes)('POST /interactions with $name', (mode) => {
  let url: string;
  beforeAll(async () => {
    ({ url } = await startBot({ DROP_RANK_WEIGHTS: '{"E":10,"S":2,"X":0.5}' }, await mode.cache()));
  });
  const send = (interaction: InteractionBody, timestamp?: number) =>
    fake.interactions.send(interaction, url, timestamp);

  describe('signatures', () => {
    it('answers a signed PING with PONG', async () => {
      const sent = await send(fake.interactions.pingInteraction());
      expect(sent.status).toBe(200);
      expect(sent.answer).toEqual({ type: 1 });
    });

    it('refuses missing, bad, wrong-key, tampered and stale signatures with 401', async () => {
      const body = JSON.stringify(fake.interactions.pingInteraction());
      const good = fake.interactions.signatureHeaders(body);
      const other = await startFakeDiscord();
      try {
        const refusals = [
          await post(url, body, {}),
          await post(url, body, { 'x-signature-timestamp': good['x-signature-timestamp']! }),
          await post(url, body, { ...good, 'x-signature-ed25519': '0'.repeat(128) }),
          await post(url, body, other.interactions.signatureHeaders(body)),
          await post(url, body.replace('"type":1', '"type":2'), good),
          await post(
            url,
            body,
            fake.interactions.signatureHeaders(body, Math.floor(Date.now() / 1000) - 301),
          ),
          await post(
            url,
            body,
            fake.interactions.signatureHeaders(body, Math.floor(Date.now() / 1000) + 301),
          ),
          // Any content type: the signature is checked before anything else.
          await post(url, 'hello', {}, 'text/plain'),
        ];
        expect(refusals.map((r) => r.status)).toEqual(Array(refusals.length).fill(401));
        expect(await refusals[0]!.json()).toMatchObject({ code: 'authentication_required' });
      } finally {
        await other.close();
      }
    });

    it('refuses the same signed request a second time (a replay)', async () => {
      const body = JSON.stringify(fake.interactions.pingInteraction());
      const headers = fake.interactions.signatureHeaders(body);
      const [first, second] = [await post(url, body, headers), await post(url, body, headers)];
      expect(first.status).toBe(200);
      expect(second.status).toBe(401);
      expect(await second.json()).toMatchObject({
        error: 'Invalid request signature',
        details: { reason: 'replayed' },
      });
      // Concurrent copies: exactly one gets through.
      const copy = JSON.stringify(fake.interactions.pingInteraction());
      const copyHeaders = fake.interactions.signatureHeaders(copy);
      const statuses = await Promise.all(Array.from({ length: 5 }, () => post(url, copy, copyHeaders)));
      expect(statuses.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401]);
    });

    it('answers a signed but malformed body with 400', async () => {
      const res = await post(url, '{"type":', fake.interactions.signatureHeaders('{"type":'));
      expect(res.status).toBe(400);
    });
  });

  describe('/card', () => {
    it('drops a card: user found, configured weights, interaction id as the grant key, embed in the rank colour', async () => {
      const fan = someone();
      const interaction = fake.interactions.commandInteraction(fan, 'card');
      const sent = await send(interaction);
      expect(sent.status).toBe(200);
      expect(sent.answer?.type).toBe(4);
      const print = printed.get(42);
      expect(embedOf(sent.answer)).toEqual({
        title: 'Frieren',
        description: `Print \\#${print} · SSS · Celestial`,
        color: 0xffd700,
        image: { url: `http://cards.test/api/cards/42/image?lang=en&print=${print}` },
        footer: { text: 'New in your collection! You own 1 copy' },
      });
      expect(sent.answer?.data?.flags).toBeUndefined();
      expect(world.ensured).toEqual([{ discordId: fan.discordId, username: fan.username }]);
      expect(world.draws).toEqual([{ E: 10, S: 2, X: 0.5 }]);
      expect(world.grantCalls).toEqual([
        {
          userId: siteUsers.get(fan.discordId),
          cardId: 42,
          idempotencyKey: grantKey(interaction.id),
          source: 'drop',
        },
      ]);
      expect(grantKey(interaction.id)).toBe(`discord-interaction:${interaction.id}`);
    });

    it('grants once and answers the same when Discord delivers one interaction twice', async () => {
      const fan = someone();
      const interaction = fake.interactions.commandInteraction(fan, 'card');
      const first = await send(interaction);
      // A redelivery is signed anew (a later timestamp), so it passes the replay guard.
      const again = await send(interaction, Math.floor(Date.now() / 1000) + 1);
      expect(again.status).toBe(200);
      expect(again.answer).toEqual(first.answer);
      expect(embedOf(again.answer)?.title).toBe('Frieren');
      expect(quantities.get(`${siteUsers.get(fan.discordId)}/42`)).toBe(1);
      expect(world.grantCalls.map((g) => g.idempotencyKey)).toEqual([grantKey(interaction.id)]);

      // Delivered twice at the same moment: still one grant, both answered with the card.
      const twin = fake.interactions.commandInteraction(someone(), 'card');
      const both = await Promise.all([send(twin), send(twin, Math.floor(Date.now() / 1000) + 1)]);
      expect(both.map((b) => embedOf(b.answer)?.title)).toEqual(['Frieren', 'Frieren']);
      expect(world.grantCalls.filter((g) => g.idempotencyKey === grantKey(twin.id))).toHaveLength(1);
    });

    it('enforces the cooldown per user, with the time left, ephemeral', async () => {
      const [fan, other] = [someone(), someone()];
      expect(embedOf((await send(fake.interactions.commandInteraction(fan, 'card'))).answer)).toBeDefined();
      const waiting = await send(fake.interactions.commandInteraction(fan, 'card'));
      expect(waiting.answer).toEqual({
        type: 4,
        data: {
          content: expect.stringMatching(/^⏳ Your next card is ready in (59|60) s\.$/),
          flags: 64,
          allowed_mentions: { parse: [] },
        },
      });
      expect(world.grantCalls).toHaveLength(1);
      // Another user is not held up by the first one's cooldown.
      expect(embedOf((await send(fake.interactions.commandInteraction(other, 'card'))).answer)).toBeDefined();
      // Two quick /card of a third user: one card, one wait.
      const third = someone();
      const pair = await Promise.all(
        [1, 2].map(() => send(fake.interactions.commandInteraction(third, 'card'))),
      );
      expect(pair.filter((p) => embedOf(p.answer)).length).toBe(1);
      expect(pair.filter((p) => p.answer?.data?.flags === 64).length).toBe(1);
    });

    it('speaks Russian to a Russian Discord client', async () => {
      const fan = someone('ru');
      const first = await send(fake.interactions.commandInteraction(fan, 'card'));
      expect(embedOf(first.answer)?.footer.text).toBe('Новая карта в коллекции! У вас 1 копия');
      const second = await send(fake.interactions.commandInteraction(fan, 'card'));
      expect(second.answer?.data?.content).toMatch(/^⏳ Следующая карта будет доступна через \d+ с\.$/);
    });

    it('starts no cooldown when nothing was granted, and says so kindly', async () => {
      const fan = someone();
      world.drawable = false;
      const none = await send(fake.interactions.commandInteraction(fan, 'card'));
      expect(none.answer).toEqual({
        type: 4,
        data: {
          content: 'No cards can be dropped right now. Try again later!',
          flags: 64,
          allowed_mentions: { parse: [] },
        },
      });
      world.drawable = true;
      world.inventoryDown = true;
      const failed = await send(fake.interactions.commandInteraction(fan, 'card'));
      expect(failed.status).toBe(200);
      expect(failed.answer?.data).toMatchObject({ flags: 64, content: expect.stringMatching(/try again/i) });
      world.inventoryDown = false;
      const dropped = await send(fake.interactions.commandInteraction(fan, 'card'));
      expect(embedOf(dropped.answer)?.title).toBe('Frieren');
    });

    it('answers unknown commands and users-less interactions with an ephemeral note', async () => {
      const other = await send(fake.interactions.commandInteraction(someone(), 'auction'));
      expect(other.answer).toEqual({
        type: 4,
        data: { content: 'Unknown command.', flags: 64, allowed_mentions: { parse: [] } },
      });
      const { member: _member, ...withoutUser } = fake.interactions.commandInteraction(someone(), 'card');
      const nobody = await send(withoutUser as InteractionBody);
      expect(nobody.answer?.data).toEqual({
        content: 'This command works for users only.',
        flags: 64,
        allowed_mentions: { parse: [] },
      });
    });

    it('defers a slow drop and edits the original message through the webhook', async () => {
      // The draw answers only after the bot has answered Discord: only deferring can do that.
      const draw = gate();
      world.drawHold = draw.opened;
      const interaction = fake.interactions.commandInteraction(someone(), 'card');
      const sent = await send(interaction);
      expect(sent.answer).toEqual({ type: 5 });
      draw.open();
      const thread = await fake.interactions.messages.settled(interaction.token, 5000);
      expect(thread?.original?.embeds?.[0]).toMatchObject({ title: 'Frieren', color: 0xffd700 });
      expect(world.grantCalls.map((g) => g.idempotencyKey)).toEqual([grantKey(interaction.id)]);
    });
  });
});

describe('the bot with its defaults', () => {
  it('defers when the drop takes longer than 2.5 s, answering Discord in time', async () => {
    const { url } = await startBot({ DEFER_AFTER_MS: '2500' });
    // Each call within its bus timeout (2 s), together past 2.5 s: the draw answers only once
    // the bot has answered Discord, which only its 2.5 s defer timer can make it do.
    world.ensureDelayMs = 1500;
    const draw = gate();
    world.drawHold = draw.opened;
    const interaction = fake.interactions.commandInteraction(someone(), 'card');
    const startedAt = performance.now();
    const sent = await fake.interactions.send(interaction, url);
    const took = performance.now() - startedAt;
    draw.open();
    expect(sent.answer).toEqual({ type: 5 });
    // Not before the default 2.5 s (a lower bound only: a busy machine can only make it later).
    expect(took).toBeGreaterThanOrEqual(2400);
    const thread = await fake.interactions.messages.settled(interaction.token, 5000);
    expect(thread?.original?.embeds?.[0]).toMatchObject({ title: 'Frieren' });
  });

  it('reads the cooldown length from its configuration', async () => {
    const { url } = await startBot({ DROP_COOLDOWN_SECONDS: '1' });
    const fan = someone();
    const drop = () => fake.interactions.send(fake.interactions.commandInteraction(fan, 'card'), url);
    expect(embedOf((await drop()).answer)).toBeDefined();
    expect((await drop()).answer?.data?.content).toBe('⏳ Your next card is ready in 1 s.');
    // Refused until the second is over, then granted: whenever that is on a busy machine.
    await expect
      .poll(async () => embedOf((await drop()).answer)?.footer.text ?? 'cooling down', {
        interval: 200,
        timeout: 10_000,
      })
      .toBe('You now have 2 copies');
  });

  it('waits for deferred follow-ups before it closes', async () => {
    const { bot, url } = await startBot();
    // The draw answers only once close() has begun: only a close that waits sees the follow-up.
    const draw = gate();
    world.drawHold = draw.opened;
    const interaction = fake.interactions.commandInteraction(someone(), 'card');
    expect((await fake.interactions.send(interaction, url)).answer).toEqual({ type: 5 });
    let closed = false;
    const closing = bot.close().then(() => {
      closed = true;
    });
    try {
      await new Promise((resolve) => setImmediate(resolve));
      expect(closed).toBe(false);
    } finally {
      draw.open();
    }
    await closing;
    expect(fake.interactions.messages.get(interaction.token)?.original?.embeds?.[0]?.title).toBe('Frieren');
  });
});

describe('the fake Discord demo chat, talking to the bot', () => {
  it('sends a correctly signed /card from the page and shows the embed with the card image', async () => {
    const { url } = await startBot();
    fake.interactions.interactionsUrl = url;
    const res = await fetch(`${fake.url}/demo/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ as: demoAccounts[0]!.discordId }),
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<img src="http:\/\/cards\.test\/api\/cards\/42\/image\?lang=en&#38;print=\d+"/);
    expect(html).toContain('--c:#ffd700');
    expect(world.ensured.map((u) => u.discordId)).toEqual([demoAccounts[0]!.discordId]);
  });

  it('shows a deferred drop once its follow-up arrives (the page polls)', async () => {
    const { url } = await startBot();
    fake.interactions.interactionsUrl = url;
    const draw = gate();
    world.drawHold = draw.opened;
    const res = await fetch(`${fake.url}/demo/card/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ as: demoAccounts[1]!.discordId }),
    });
    const sent = (await res.json()) as { token: string; deferred: boolean; botHtml: string };
    expect(sent.deferred).toBe(true);
    expect(sent.botHtml).toContain('thinking');
    const messages = async (): Promise<{ settled: boolean; botHtml: string }> =>
      (await fetch(`${fake.url}/demo/card/messages/${encodeURIComponent(sent.token)}`)).json();
    expect((await messages()).settled).toBe(false);
    draw.open();
    await expect.poll(async () => (await messages()).settled).toBe(true);
    const poll = await messages();
    // admin_hikari's Discord client is Russian.
    expect(poll.botHtml).toContain('Новая карта в коллекции!');
    expect(poll.botHtml).toContain('Экземпляр №');
    expect(poll.botHtml).toContain('http://cards.test/api/cards/42/image?lang=ru');
  });
});

/** Redis reached through a proxy the test can cut, to see the bot lose its state store mid-run. */
async function redisProxy(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(port || 6379), hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port: local } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${local}`,
    cut() {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}

describe.each(redisUrl ? [redisUrl] : [])('the bot when Redis goes away', (target) => {
  it('still answers Discord with a friendly message, never a 500', async () => {
    const proxy = await redisProxy(target);
    const { url } = await startBot({}, await connectRedisCache({ url: proxy.url, prefix }));
    expect(
      (await fake.interactions.send(fake.interactions.commandInteraction(someone(), 'card'), url)).status,
    ).toBe(200);
    proxy.cut();
    const sent = await fake.interactions.send(fake.interactions.commandInteraction(someone(), 'card'), url);
    expect(sent.status).toBe(200);
    expect(sent.answer).toEqual({
      type: 4,
      data: {
        content: 'The card shop is closed for a moment. Please try again soon!',
        flags: 64,
        allowed_mentions: { parse: [] },
      },
    });
  });
});
