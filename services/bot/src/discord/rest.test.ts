import { demoAccounts, FAKE_BOT_TOKEN, type FakeDiscord, startFakeDiscord } from '@acg/fakes';
import { createLogger } from '@acg/platform';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DiscordRefusal, discordBotRest } from './rest';

let fake: FakeDiscord;
beforeAll(async () => {
  fake = await startFakeDiscord();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.channels.rateLimit = { kind: 'bucket' };
  fake.channels.closedDms.clear();
});
const logger = createLogger('bot-rest-test', 'silent');
const rest = (token = FAKE_BOT_TOKEN) =>
  discordBotRest(`${fake.url}/api/v10`, token, logger, { retries: 3, minDelayMs: 20, maxDelayMs: 2000 });
const hikari = demoAccounts[1]!;

describe('the bot’s Discord REST client', () => {
  it('opens a DM, posts in it and edits the message', async () => {
    const dm = await rest().openDm(hikari.discordId);
    const posted = await rest().post(dm.id, { content: 'hello' });
    await rest().edit(dm.id, posted.id, { content: 'hello again' });
    expect(fake.channels.message(dm.id, posted.id)?.content).toBe('hello again');
  });

  it('waits out the channel bucket’s 429 (Discord’s retry_after) and posts every message', async () => {
    const channel = fake.channels.addGuildChannel({ name: 'burst' });
    const started = Date.now();
    for (let i = 0; i < 6; i++) await rest().post(channel.id, { content: `m${i}` });
    expect(fake.channels.posted(channel.id).map((m) => m.content)).toEqual([
      'm0',
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
    ]);
    // The sixth had to wait for the bucket (5 per 5 s, capped at maxDelayMs per try).
    expect(Date.now() - started).toBeGreaterThan(500);
  });

  it('fails at once with DiscordRefusal on refusals that retrying cannot fix', async () => {
    fake.channels.closedDms.add(hikari.discordId);
    const dm = await rest().openDm(hikari.discordId);
    const closed = await rest()
      .post(dm.id, { content: 'hi' })
      .catch((e: unknown) => e);
    expect(closed).toBeInstanceOf(DiscordRefusal);
    expect(closed).toMatchObject({ status: 403, code: 50007 });
    await expect(rest().openDm('42')).rejects.toMatchObject({ status: 400, code: 50033 });
    await expect(rest('wrong-token').openDm(hikari.discordId)).rejects.toMatchObject({ status: 401 });
  });

  it('gives up after its retries while Discord keeps answering 429', async () => {
    fake.channels.rateLimit = { kind: 'always', retryAfterSeconds: 0 };
    await expect(
      rest().post(fake.channels.addGuildChannel({ name: 'x' }).id, { content: 'x' }),
    ).rejects.toThrow(/429/);
  });
});
