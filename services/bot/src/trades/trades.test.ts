import { randomBytes } from 'node:crypto';
import { usersEnsureDiscord, usersGet } from '@acg/contracts';
import { demoAccounts, FAKE_BOT_TOKEN, type FakeDiscord, startFakeDiscord } from '@acg/fakes';
import { tradeRefusal } from '@acg/i18n/server';
import {
  AuthorizationError,
  type Cache,
  ConflictError,
  connectRedisCache,
  createLogger,
  createMemoryBus,
  createMemoryCache,
  makeEvent,
  NotFoundError,
  type RunningService,
} from '@acg/platform';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { botConfigSchema } from '../config';
import { start } from '../start';
import { tradeCreated, tradeOutcomes, tradesAct } from './contract';

/**
 * Trade offers over Discord, end to end over real HTTP: trade.created on the bus → the bot opens
 * the recipient's DM on the fake Discord and posts the offer with Accept/Decline buttons → the
 * fake delivers the click (signed MESSAGE_COMPONENT) → the bot calls trades.act as the clicking
 * user → the DM is updated in place. A responder on a real in-memory bus stands in for the trades
 * service (and for auth), following the contract of packages/contracts/src/trades.ts.
 * The bot's records of its DMs are in Redis when REDIS_URL is set (infra pass), else in memory.
 */
const [fan, hikari] = [demoAccounts[0]!, demoAccounts[1]!];
/** A username as the DM shows it: Discord markdown escaped (`sakura_fan` is `sakura\_fan`). */
const shown = (name: string) => name.replace(/[\\*_~`|>#\-[\]()<]/g, (c) => `\\${c}`);
const siteUsers = [
  // Members are named by their display name (Discord's global_name), never by their handle (rules §51).
  {
    id: 1,
    username: fan.username,
    displayName: 'Sakura *Fan*',
    discriminator: '0',
    discordId: fan.discordId,
    avatar: null,
    language: 'en',
  },
  {
    id: 2,
    username: hikari.username,
    displayName: 'Hikari_Chan',
    discriminator: '0',
    discordId: hikari.discordId,
    avatar: null,
    language: 'en',
  },
  { id: 3, username: 'no_discord', discriminator: null, discordId: '', avatar: null },
];
type Status = 'pending' | 'accepted' | 'declined' | 'cancelled';
const trades = new Map<number, { id: number; fromUserId: number; toUserId: number; status: Status }>();
const acts: Array<{ tradeId: number; userId: number; action: string }> = [];

const bus = createMemoryBus();
bus.serve(usersGet, async ({ ids }) => ({ users: siteUsers.filter((u) => ids.includes(u.id)) }));
bus.serve(usersEnsureDiscord, async ({ discordId }) => {
  const user = siteUsers.find((u) => u.discordId === discordId);
  if (!user) throw new NotFoundError('no such user in this test');
  return { user: { ...user, adminLevel: 0 }, created: false };
});
bus.serve(tradesAct, async ({ tradeId, userId, action }) => {
  acts.push({ tradeId, userId, action });
  const trade = trades.get(tradeId);
  // Refused as the trades service refuses: English text, the reason and its values in details.
  if (!trade) throw new NotFoundError(...tradeRefusal('tradeNotFound', { tradeId }));
  const isRecipient = trade.toUserId === userId;
  if (action === 'cancel' ? trade.fromUserId !== userId : !isRecipient)
    throw new AuthorizationError(
      ...tradeRefusal(action === 'accept' ? 'onlyRecipientAccepts' : 'onlyRecipientDeclines'),
    );
  if (trade.status !== 'pending') throw new ConflictError(...tradeRefusal('alreadyDeclined'));
  const status: Exclude<Status, 'pending'> =
    action === 'accept' ? 'accepted' : action === 'decline' ? 'declined' : 'cancelled';
  trade.status = status;
  // As the trades service does through its outbox.
  await bus.publish(
    makeEvent(tradeOutcomes[status], {
      id: trade.id,
      fromUserId: trade.fromUserId,
      toUserId: trade.toUserId,
      status,
      by: userId,
    }),
  );
  const now = new Date().toISOString();
  const party = (id: number) => ({ id, username: `user${id}`, avatar: null, discordId: null });
  return {
    trade: {
      id: trade.id,
      from_user_id: trade.fromUserId,
      to_user_id: trade.toUserId,
      status,
      description: null,
      message: null,
      createdAt: now,
      updatedAt: now,
      expiresAt: now,
      FromUser: party(trade.fromUserId),
      ToUser: party(trade.toUserId),
      Items: [],
    },
  };
});

let fake: FakeDiscord;
let bot: RunningService;
let url: string;
let cache: Cache;
beforeAll(async () => {
  cache = process.env.REDIS_URL
    ? await connectRedisCache({
        url: process.env.REDIS_URL,
        prefix: `acgtest-bot-trades-${randomBytes(6).toString('hex')}`,
      })
    : createMemoryCache();
  fake = await startFakeDiscord();
  const config = botConfigSchema.parse({
    INTERNAL_SECRET: 'b'.repeat(32),
    PORT: '0',
    LOG_LEVEL: 'silent',
    DISCORD_PUBLIC_KEY: fake.interactions.publicKeyHex,
    DISCORD_API_BASE_URL: `${fake.url}/api/v10`,
    DISCORD_BOT_TOKEN: FAKE_BOT_TOKEN,
  });
  bot = await start({ config, logger: createLogger('bot-test', 'silent'), bus, cache });
  url = `${bot.url}/interactions`;
});
afterAll(async () => {
  await bot?.close();
  await fake?.close();
  await bus.drain();
  await cache?.clear({ resetStats: true }).catch(() => {});
  await cache?.close();
});
beforeEach(() => {
  fake.channels.rateLimit = { kind: 'off' };
  fake.channels.closedDms.clear();
});

let nextTrade = 500;
async function offer(fromUserId = 1, toUserId = 2, description = 'for my collection', fromItem = 'Frieren') {
  const id = ++nextTrade;
  trades.set(id, { id, fromUserId, toUserId, status: 'pending' });
  const event = makeEvent(tradeCreated, {
    id,
    fromUserId,
    toUserId,
    items: [
      { side: 'from', quantity: 1, inventoryId: 11, cardId: 21, characterName: fromItem },
      { side: 'to', quantity: 2, inventoryId: 12, cardId: 22, characterName: 'Fern' },
    ],
    description,
    expiresAt: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
  });
  await bus.publish(event);
  return { id, event };
}
const dmAbout = (discordId: string, id: number, timeoutMs = 5000) =>
  fake.channels.waitFor(
    (m) => m.channel_id === fake.channels.dmWith(discordId)?.id && m.content.includes(`#${id}`),
    timeoutMs,
  );

describe('trade offers as Discord DMs', () => {
  it('DMs the recipient the offer with Accept and Decline; Accept accepts it as that user and updates the DM', async () => {
    const { id } = await offer();
    const dm = await dmAbout(hikari.discordId, id);
    expect(dm).toBeDefined();
    expect(dm!.content).toContain(`**${shown('Sakura *Fan*')}** offers you a trade (#${id})`);
    expect(dm!.content).toMatch(/You get:\*\*\n- Frieren/);
    expect(dm!.content).toMatch(/You give:\*\*\n- Fern ×2/);
    expect(dm!.content).toContain('for my collection');
    expect(dm!.components).toEqual([
      {
        type: 1,
        components: [
          { type: 2, style: 3, label: 'Accept', custom_id: `trade:accept:${id}` },
          { type: 2, style: 4, label: 'Decline', custom_id: `trade:decline:${id}` },
        ],
      },
    ]);
    expect(fake.channels.dmsTo(fan.discordId).some((m) => m.content.includes(`#${id}`))).toBe(false);

    const click = fake.interactions.componentInteraction(hikari, dm!, `trade:accept:${id}`);
    const sent = await fake.interactions.send(click, url);
    expect(sent.status).toBe(200);
    expect(sent.answer?.type).toBe(7);
    expect(acts.at(-1)).toEqual({ tradeId: id, userId: 2, action: 'accept' });
    expect(trades.get(id)?.status).toBe('accepted');
    // Hikari's Discord speaks Russian: the outcome is in Russian, the buttons are gone.
    const updated = fake.channels.message(dm!.channel_id, dm!.id)!;
    expect(updated.components).toEqual([]);
    expect(updated.content).toContain(`Обмен #${id} принят.`);
    expect(updated.content).toContain('offers you a trade');
  });

  it('writes the offer in the language the recipient chose on the site, and the sender’s notice in theirs', async () => {
    siteUsers[0]!.language = 'ru';
    siteUsers[1]!.language = 'ru';
    try {
      const { id } = await offer();
      const dm = (await dmAbout(hikari.discordId, id))!;
      expect(dm.content).toContain(`**${shown('Sakura *Fan*')}** предлагает вам обмен (#${id}).`);
      expect(dm.content).toMatch(/Вы получите:\*\*\n- Frieren/);
      expect(dm.components?.[0]?.components.map((c) => c.label)).toEqual(['Принять', 'Отклонить']);
      trades.set(id, { ...trades.get(id)!, status: 'declined' });
      await bus.publish(
        makeEvent(tradeOutcomes.declined, { id, fromUserId: 1, toUserId: 2, status: 'declined', by: 2 }),
      );
      const notice = await fake.channels.waitFor(
        (m) => m.channel_id === fake.channels.dmWith(fan.discordId)?.id && m.content.includes(`#${id}`),
        5000,
      );
      expect(notice?.content).toBe(`❌ **${shown('Hikari_Chan')}** отклонил(а) ваш обмен #${id}.`);
      // The offer DM shows the outcome in the language it was written in.
      expect(fake.channels.message(dm.channel_id, dm.id)!.content).toContain(`❌ Обмен #${id} отклонён.`);
    } finally {
      siteUsers[0]!.language = 'en';
      siteUsers[1]!.language = 'en';
    }
  });

  it('shows a hostile note as plain text on its own line: no second "You get:" list, no link, no mention', async () => {
    const note =
      'hi\n**You get:**\n- Asuka Langley Soryu ×50 (Legendary)\n[Claim your bonus](http://evil.example/claim) <@123456789012345678> @everyone';
    const { id } = await offer(1, 2, note, '**Rei** <@&42> ||x||');
    const dm = (await dmAbout(hikari.discordId, id))!;
    // Sent so that it pings no one, whatever it says.
    expect(dm.allowed_mentions).toEqual({ parse: [] });
    const lines = dm.content.split('\n');
    expect(lines.filter((l) => l.includes('You get:')).length).toBe(2); // the header and the note's words
    expect(lines.filter((l) => l.startsWith('**You get:**'))).toEqual(['**You get:**']);
    // The list has the one item, its name escaped; no line of the note starts a list item.
    expect(lines.filter((l) => l.startsWith('- '))).toEqual([
      '- \\*\\*Rei\\*\\* \\<@&42\\> \\|\\|x\\|\\|',
      '- Fern ×2',
    ]);
    const noteLine = lines.find((l) => l.startsWith('**Note:** '))!;
    expect(noteLine).toBe(
      '**Note:** hi \\*\\*You get:\\*\\* \\- Asuka Langley Soryu ×50 \\(Legendary\\) \\[Claim your bonus\\]\\(http://evil.example/claim\\) \\<@123456789012345678\\> @\u200beveryone',
    );
    // No masked link and no mention can be formed: `](` and `<@` only appear escaped.
    expect(dm.content).not.toMatch(/(^|[^\\])\]\(/);
    expect(dm.content).not.toMatch(/(^|[^\\])<@/);
    expect(dm.content).not.toMatch(/@everyone/);

    // The click's answer (the DM updated in place) pings no one either.
    const click = await fake.interactions.send(
      fake.interactions.componentInteraction({ ...hikari, locale: 'en-GB' }, dm, `trade:decline:${id}`),
      url,
    );
    expect(click.answer).toMatchObject({ type: 7, data: { allowed_mentions: { parse: [] } } });
    expect(fake.channels.message(dm.channel_id, dm.id)!.content).toContain(noteLine);
  });

  it('Decline declines; a second click on a settled trade is an ephemeral refusal and changes nothing', async () => {
    const { id } = await offer();
    const dm = (await dmAbout(hikari.discordId, id))!;
    const english = { ...hikari, locale: 'en-GB' };
    const declined = await fake.interactions.send(
      fake.interactions.componentInteraction(english, dm, `trade:decline:${id}`),
      url,
    );
    expect(declined.answer).toMatchObject({ type: 7, data: { components: [] } });
    expect(fake.channels.message(dm.channel_id, dm.id)!.content).toContain(`❌ Trade #${id} declined.`);
    expect(trades.get(id)?.status).toBe('declined');

    const stale = await fake.interactions.send(
      fake.interactions.componentInteraction(english, dm, `trade:accept:${id}`),
      url,
    );
    expect(stale.status).toBe(200);
    expect(stale.answer).toEqual({
      type: 4,
      data: { content: 'This trade is already declined', flags: 64, allowed_mentions: { parse: [] } },
    });
    // The same refusal to a Russian client reads in Russian.
    const staleRu = await fake.interactions.send(
      fake.interactions.componentInteraction({ ...hikari, locale: 'ru' }, dm, `trade:accept:${id}`),
      url,
    );
    expect(staleRu.answer).toEqual({
      type: 4,
      data: { content: 'Обмен уже отклонён', flags: 64, allowed_mentions: { parse: [] } },
    });
    expect(trades.get(id)?.status).toBe('declined');
  });

  it('refuses, ephemerally, a click by someone who is not the recipient', async () => {
    const { id } = await offer();
    const dm = (await dmAbout(hikari.discordId, id))!;
    const sent = await fake.interactions.send(
      fake.interactions.componentInteraction(fan, dm, `trade:accept:${id}`),
      url,
    );
    expect(sent.answer).toEqual({
      type: 4,
      data: {
        content: 'Only the recipient can accept this trade',
        flags: 64,
        allowed_mentions: { parse: [] },
      },
    });
    expect(trades.get(id)?.status).toBe('pending');
    expect(fake.channels.message(dm.channel_id, dm.id)!.components).toHaveLength(1);
  });

  it('answers a click on a trade that does not exist with an ephemeral message', async () => {
    const { id } = await offer();
    const dm = (await dmAbout(hikari.discordId, id))!;
    const sent = await fake.interactions.send(
      fake.interactions.componentInteraction(hikari, dm, 'trade:accept:999999'),
      url,
    );
    expect(sent.answer).toEqual({
      type: 4,
      data: { content: 'Обмен 999999 не найден', flags: 64, allowed_mentions: { parse: [] } },
    });
  });

  it('sends one DM per trade even when the event is delivered again', async () => {
    const { id, event } = await offer();
    await dmAbout(hikari.discordId, id);
    await bus.publish({ ...event, id: `${event.id}-again` });
    const { id: next } = await offer();
    await dmAbout(hikari.discordId, next);
    expect(fake.channels.dmsTo(hikari.discordId).filter((m) => m.content.includes(`#${id})`))).toHaveLength(
      1,
    );
  });

  it('waits out Discord’s 429 and still delivers the DM', async () => {
    // Discord refuses the bot's first post, then lets posts through again.
    const refused = fake.channels.refusals;
    fake.channels.rateLimit = { kind: 'always', retryAfterSeconds: 1, times: 1 };
    const { id } = await offer();
    expect(await fake.channels.waitForRefusals(refused + 1)).toBe(true);
    expect(fake.channels.dmsTo(hikari.discordId).some((m) => m.content.includes(`#${id})`))).toBe(false);
    expect(await dmAbout(hikari.discordId, id, 8000)).toBeDefined();
    expect(fake.channels.refusals).toBe(refused + 1);
  });

  it('skips recipients who closed their DMs or have no Discord account, and keeps going', async () => {
    fake.channels.closedDms.add(hikari.discordId);
    const { id: closed } = await offer();
    const { id: noDiscord } = await offer(1, 3);
    // Later offers still arrive: neither failure blocked the consumer (events arrive in order).
    const { id: later } = await offer(2, 1);
    expect(await dmAbout(fan.discordId, later)).toBeDefined();
    fake.channels.closedDms.clear();
    expect(fake.channels.posted().some((m) => m.content.includes(`#${closed})`))).toBe(false);
    expect(fake.channels.posted().some((m) => m.content.includes(`#${noDiscord})`))).toBe(false);
  });

  it('tells the sender when the recipient accepted, and leaves the recipient’s updated DM as the click left it', async () => {
    const { id } = await offer();
    const dm = (await dmAbout(hikari.discordId, id))!;
    await fake.interactions.send(
      fake.interactions.componentInteraction(hikari, dm, `trade:accept:${id}`),
      url,
    );
    const notice = await fake.channels.waitFor(
      (m) => m.channel_id === fake.channels.dmWith(fan.discordId)?.id && m.content.includes(`trade #${id}.`),
    );
    expect(notice?.content).toBe(`✅ **${shown('Hikari_Chan')}** accepted your trade #${id}.`);
    expect(notice?.components).toEqual([]);
    // The bot takes trade events one at a time, in order: once a later offer's DM is out, it is
    // done with the accepted event, and anything it did to the DM would show.
    const { id: later } = await offer();
    await dmAbout(hikari.discordId, later);
    const updated = fake.channels.message(dm.channel_id, dm.id)!;
    expect(updated.content).toContain(`Обмен #${id} принят.`);
    expect(updated.content).not.toContain('Trade #');
  });

  it('updates the recipient’s DM when the sender cancels on the site (buttons gone), without a notice to the sender', async () => {
    const { id } = await offer();
    const dm = (await dmAbout(hikari.discordId, id))!;
    const before = fake.channels.posted().length;
    await bus.request(tradesAct, { tradeId: id, userId: 1, action: 'cancel' });
    const cancelled = await fake.channels.waitFor((m) => m.id === dm.id && m.components.length === 0);
    expect(cancelled?.content).toContain(`Trade #${id} was cancelled.`);
    expect(cancelled?.content).toContain('offers you a trade');
    // Events are handled one at a time, in order: a notice would be out before a later offer's DM.
    const { id: later } = await offer();
    expect(await dmAbout(hikari.discordId, later)).toBeDefined();
    expect(fake.channels.posted().length).toBe(before + 1);
  });

  it('updates the DM and tells the sender when the recipient declines on the site', async () => {
    const { id } = await offer();
    const dm = (await dmAbout(hikari.discordId, id))!;
    await bus.request(tradesAct, { tradeId: id, userId: 2, action: 'decline' });
    const updated = await fake.channels.waitFor((m) => m.id === dm.id && m.components.length === 0);
    expect(updated?.content).toContain(`❌ Trade #${id} declined.`);
    const notice = await fake.channels.waitFor(
      (m) => m.content === `❌ **${shown('Hikari_Chan')}** declined your trade #${id}.`,
    );
    expect(notice?.channel_id).toBe(fake.channels.dmWith(fan.discordId)?.id);
  });
});
