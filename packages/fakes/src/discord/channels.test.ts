import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver } from '../testing/receiver';
import { demoAccounts } from './accounts';
import { FAKE_GENERAL_CHANNEL_ID, FAKE_GUILD_ID, MESSAGE_BUCKET } from './channels';
import { FAKE_BOT_TOKEN } from './interactions';
import { type FakeDiscord, startFakeDiscord } from './server';

let fake: FakeDiscord;
beforeAll(async () => {
  fake = await startFakeDiscord();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.channels.rateLimit = { kind: 'off' };
  fake.channels.closedDms.clear();
});

const bot = { authorization: `Bot ${FAKE_BOT_TOKEN}` };
const api = (path: string, init: RequestInit = {}) => fetch(`${fake.url}/api/v10${path}`, init);
const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = bot) =>
  api(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const [fan, hikari] = demoAccounts as [(typeof demoAccounts)[0], (typeof demoAccounts)[0]];
const buttons = (tradeId: string) => [
  {
    type: 1 as const,
    components: [
      { type: 2 as const, style: 3, label: 'Accept', custom_id: `trade:accept:${tradeId}` },
      { type: 2 as const, style: 4, label: 'Decline', custom_id: `trade:decline:${tradeId}` },
    ],
  },
];

describe('channels', () => {
  it('shows the demo guild’s #general and added channels to the bot only', async () => {
    expect((await api(`/channels/${FAKE_GENERAL_CHANNEL_ID}`)).status).toBe(401);
    const general = await (await api(`/channels/${FAKE_GENERAL_CHANNEL_ID}`, { headers: bot })).json();
    expect(general).toMatchObject({
      id: FAKE_GENERAL_CHANNEL_ID,
      name: 'general',
      guild_id: FAKE_GUILD_ID,
      type: 0,
    });
    const news = fake.channels.addGuildChannel({ name: 'news', type: 5 });
    expect(await (await api(`/channels/${news.id}`, { headers: bot })).json()).toMatchObject({
      id: news.id,
      name: 'news',
      type: 5,
      guild_id: FAKE_GUILD_ID,
      last_message_id: null,
    });
    const unknown = await api('/channels/1', { headers: bot });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Unknown Channel', code: 10003 });
  });

  it('opens one DM channel per recipient, and refuses unknown recipients', async () => {
    const first = await send('POST', '/users/@me/channels', { recipient_id: fan.discordId });
    expect(first.status).toBe(200);
    const dm = await first.json();
    expect(dm).toMatchObject({ type: 1, recipients: [{ id: fan.discordId, username: fan.username }] });
    const again = await (await send('POST', '/users/@me/channels', { recipient_id: fan.discordId })).json();
    expect(again.id).toBe(dm.id);
    expect(await (await api(`/channels/${dm.id}`, { headers: bot })).json()).toMatchObject({
      id: dm.id,
      type: 1,
    });
    const stranger = await send('POST', '/users/@me/channels', { recipient_id: '42' });
    expect(stranger.status).toBe(400);
    expect(await stranger.json()).toMatchObject({ code: 50033 });
    expect((await send('POST', '/users/@me/channels', {})).status).toBe(400);
    expect((await send('POST', '/users/@me/channels', { recipient_id: fan.discordId }, {})).status).toBe(401);
  });
});

describe('messages', () => {
  it('posts content, embeds and buttons, lists them newest first and edits them', async () => {
    const dm = fake.channels.openDm(hikari.discordId)!;
    const posted = await send('POST', `/channels/${dm.id}/messages`, {
      content: 'New trade offer',
      embeds: [{ title: 'Offer', color: 0xffd700 }],
      components: buttons('t1'),
    });
    expect(posted.status).toBe(200);
    const message = await posted.json();
    expect(message).toMatchObject({
      channel_id: dm.id,
      content: 'New trade offer',
      author: { id: fake.interactions.applicationId, bot: true },
      components: buttons('t1'),
      edited_timestamp: null,
    });
    await send('POST', `/channels/${dm.id}/messages`, { content: 'second' });
    const listed = await (await api(`/channels/${dm.id}/messages?limit=2`, { headers: bot })).json();
    expect(listed.map((m: { content: string }) => m.content)).toEqual(['second', 'New trade offer']);
    expect(fake.channels.dmsTo(hikari.discordId).map((m) => m.content)).toEqual([
      'New trade offer',
      'second',
    ]);

    const edited = await send('PATCH', `/channels/${dm.id}/messages/${message.id}`, { components: [] });
    expect(await edited.json()).toMatchObject({ id: message.id, content: 'New trade offer', components: [] });
    expect(fake.channels.message(dm.id, message.id)?.edited_timestamp).toEqual(expect.any(String));
    expect((await send('PATCH', `/channels/${dm.id}/messages/1`, { content: 'x' })).status).toBe(404);
  });

  it('refuses what Discord refuses', async () => {
    const path = `/channels/${FAKE_GENERAL_CHANNEL_ID}/messages`;
    expect((await send('POST', path, { content: 'x' }, {})).status).toBe(401);
    expect((await send('POST', '/channels/1/messages', { content: 'x' })).status).toBe(404);
    expect(await (await send('POST', path, {})).json()).toMatchObject({ code: 50006 });
    expect(await (await send('POST', path, { content: 'x'.repeat(2001) })).json()).toMatchObject({
      code: 50035,
    });
    const linkWithId = [
      { type: 1, components: [{ type: 2, style: 5, url: 'http://x.test', custom_id: 'a' }] },
    ];
    expect((await send('POST', path, { content: 'x', components: linkWithId })).status).toBe(400);
    const longId = [{ type: 1, components: [{ type: 2, style: 1, label: 'a', custom_id: 'x'.repeat(101) }] }];
    expect((await send('POST', path, { content: 'x', components: longId })).status).toBe(400);
    // Embed limits: an author name over 256, a field value over 1,024, a total over 6,000.
    const embed = (e: object) => ({ embeds: [e] });
    expect((await send('POST', path, embed({ author: { name: 'a'.repeat(257) } }))).status).toBe(400);
    expect(
      (await send('POST', path, embed({ fields: [{ name: 'f', value: 'v'.repeat(1025) }] }))).status,
    ).toBe(400);
    const full = {
      title: 't'.repeat(256),
      description: 'd'.repeat(4096),
      footer: { text: 'f'.repeat(1648) },
    };
    expect((await send('POST', path, embed(full))).status).toBe(200);
    const over = { ...full, footer: { text: 'f'.repeat(1649) } };
    expect(await (await send('POST', path, embed(over))).json()).toMatchObject({ code: 50035 });
  });

  it('answers 403 (50007) to a DM to a user who closed their DMs', async () => {
    const dm = fake.channels.openDm(fan.discordId)!;
    fake.channels.closedDms.add(fan.discordId);
    const refused = await send('POST', `/channels/${dm.id}/messages`, { content: 'hi' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Cannot send messages to this user', code: 50007 });
  });
});

describe('rate limits', () => {
  it('sends Discord’s bucket headers and refuses the sixth message in five seconds', async () => {
    fake.channels.rateLimit = { kind: 'bucket' };
    const channel = fake.channels.addGuildChannel({ name: 'busy' });
    const answers = [];
    for (let i = 0; i <= MESSAGE_BUCKET.limit; i++)
      answers.push(await send('POST', `/channels/${channel.id}/messages`, { content: `m${i}` }));
    expect(answers.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual([
      '4',
      '3',
      '2',
      '1',
      '0',
      '0',
    ]);
    expect(answers[0]!.headers.get('x-ratelimit-limit')).toBe('5');
    expect(Number(answers[0]!.headers.get('x-ratelimit-reset-after'))).toBeGreaterThan(0);
    expect(answers[0]!.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{32}$/);
    const limited = answers[5]!;
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-scope')).toBe('user');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = await limited.json();
    expect(body).toMatchObject({ message: 'You are being rate limited.', global: false });
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(5);
    expect(fake.channels.posted(channel.id)).toHaveLength(5);
  });

  it('answers 429 to every post while the switch is on, and nothing is posted', async () => {
    fake.channels.rateLimit = { kind: 'always', retryAfterSeconds: 3, global: true };
    const before = fake.channels.posted().length;
    const refused = await send('POST', `/channels/${FAKE_GENERAL_CHANNEL_ID}/messages`, { content: 'x' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3');
    expect(refused.headers.get('x-ratelimit-global')).toBe('true');
    expect(await refused.json()).toEqual({
      message: 'You are being rate limited.',
      retry_after: 3,
      global: true,
    });
    expect(fake.channels.posted()).toHaveLength(before);
  });

  it('refuses only the next `times` posts when told, then turns itself off, counting each 429', async () => {
    fake.channels.rateLimit = { kind: 'always', retryAfterSeconds: 0.25, times: 2 };
    const refusedBefore = fake.channels.refusals;
    const waiting = fake.channels.waitForRefusals(refusedBefore + 2, 2000);
    const post = (i: number) =>
      send('POST', `/channels/${FAKE_GENERAL_CHANNEL_ID}/messages`, { content: `limited ${i}` });
    const first = await post(1);
    expect(first.status).toBe(429);
    expect(await first.json()).toEqual({
      message: 'You are being rate limited.',
      retry_after: 0.25,
      global: false,
    });
    expect(first.headers.get('retry-after')).toBe('1');
    expect(fake.channels.refusals).toBe(refusedBefore + 1);
    expect((await post(2)).status).toBe(429);
    expect(await waiting).toBe(true);
    expect(fake.channels.rateLimit).toEqual({ kind: 'off' });
    expect((await post(3)).status).toBe(200);
    expect(fake.channels.refusals).toBe(refusedBefore + 2);
    expect(
      fake.channels
        .posted()
        .map((m) => m.content)
        .filter((c) => c.startsWith('limited')),
    ).toEqual(['limited 3']);
    expect(await fake.channels.waitForRefusals(refusedBefore + 3, 10)).toBe(false);
  });
});

describe('clicking a button', () => {
  it('delivers a MESSAGE_COMPONENT from a DM shaped like Discord’s, and applies an UPDATE_MESSAGE answer', async () => {
    const receiver = await startReceiver(fake.interactions.publicKeyHex, (body) => ({
      type: 7,
      data: { content: `done ${(body.data as { custom_id: string }).custom_id}`, components: [] },
    }));
    try {
      const dm = fake.channels.openDm(fan.discordId)!;
      const message = fake.channels.post(dm.id, { content: 'offer', components: buttons('t9') })!;
      const waiting = fake.channels.waitFor((m) => m.id === message.id && m.content.startsWith('done'), 2000);
      const click = fake.interactions.componentInteraction(fan, message, 'trade:accept:t9');
      expect(click).toMatchObject({
        type: 3,
        context: 1,
        user: { id: fan.discordId },
        channel: { id: dm.id, type: 1 },
        data: { custom_id: 'trade:accept:t9', component_type: 2 },
        message: { id: message.id },
        entitlements: [],
        authorizing_integration_owners: expect.any(Object),
      });
      expect(click.member).toBeUndefined();
      const sent = await fake.interactions.send(click, receiver.url);
      expect(sent.status).toBe(200);
      expect(receiver.received.at(-1)?.verified).toBe(true);
      expect((await waiting)?.content).toBe('done trade:accept:t9');
      expect(fake.channels.message(dm.id, message.id)).toMatchObject({
        components: [],
        content: 'done trade:accept:t9',
      });

      const inGuild = fake.channels.post(FAKE_GENERAL_CHANNEL_ID, {
        content: 'g',
        components: buttons('t10'),
      })!;
      const guildClick = fake.interactions.componentInteraction(hikari, inGuild, 'trade:decline:t10');
      expect(guildClick).toMatchObject({
        context: 0,
        guild_id: FAKE_GUILD_ID,
        member: { user: { id: hikari.discordId } },
      });
      expect(guildClick.user).toBeUndefined();
    } finally {
      await receiver.close();
    }
  });
});
