import { randomBytes } from 'node:crypto';
import { demoAccounts, type FakeDiscord, type InteractionBody, startFakeDiscord } from '@acg/fakes';
import { createLogger, createMemoryBus, createMemoryCache, type RunningService } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botConfigSchema } from '../../config';
import { start } from '../../start';

/**
 * Every interaction type Discord sends, in the shapes of Discord's developer documentation today
 * (guild context with `member.user`, bot-DM context with `user`, `context`,
 * `authorizing_integration_owners`, `app_permissions`, `entitlements`, `locale`...), signed by the
 * fake Discord and answered by a real bot over HTTP. None may come back as an error, which
 * Discord shows as "This interaction failed".
 */
let fake: FakeDiscord;
let bot: RunningService;
let url: string;
const bus = createMemoryBus();
beforeAll(async () => {
  fake = await startFakeDiscord();
  const config = botConfigSchema.parse({
    INTERNAL_SECRET: 'b'.repeat(32),
    PORT: '0',
    LOG_LEVEL: 'silent',
    DISCORD_PUBLIC_KEY: fake.interactions.publicKeyHex,
    DISCORD_API_BASE_URL: `${fake.url}/api/v10`,
  });
  bot = await start({ config, logger: createLogger('bot-test', 'silent'), bus, cache: createMemoryCache() });
  url = `${bot.url}/interactions`;
});
afterAll(async () => {
  await bot?.close();
  await fake?.close();
  await bus.drain();
});

const [fan, hikari] = [demoAccounts[0]!, demoAccounts[1]!];
const GUILD = '1290000000000000001';
const CHANNEL = '1290000000000000002';
let serial = 0;
const snowflake = () => `13${String(Date.now()).slice(-12)}${String(++serial).padStart(4, '0')}`;
const userJson = (a: typeof fan) => ({
  avatar: a.avatar,
  avatar_decoration_data: null,
  clan: null,
  collectibles: null,
  discriminator: '0',
  global_name: a.globalName,
  id: a.discordId,
  primary_guild: null,
  public_flags: 0,
  username: a.username,
});

/** The fields every interaction has, for a guild (context 0) or the bot's DM (context 1). */
function base(type: number, where: 'guild' | 'dm', who = fan): InteractionBody {
  const common = {
    app_permissions: where === 'guild' ? '2248473465835073' : '1126022430015040',
    application_id: fake.interactions.applicationId,
    attachment_size_limit: 10_485_760,
    authorizing_integration_owners: { '0': GUILD },
    channel_id: CHANNEL,
    entitlement_sku_ids: [],
    entitlements: [],
    id: snowflake(),
    locale: who.locale,
    token: randomBytes(120).toString('base64url'),
    type,
    version: 1,
  };
  if (where === 'dm')
    return {
      ...common,
      channel: { flags: 0, id: CHANNEL, last_message_id: null, recipients: [userJson(who)], type: 1 },
      context: 1,
      user: userJson(who),
    };
  return {
    ...common,
    channel: { flags: 0, guild_id: GUILD, id: CHANNEL, name: 'general', nsfw: false, type: 0 },
    context: 0,
    guild: { features: [], id: GUILD, locale: 'en-US' },
    guild_id: GUILD,
    guild_locale: 'en-US',
    member: {
      avatar: null,
      banner: null,
      communication_disabled_until: null,
      deaf: false,
      flags: 0,
      joined_at: '2026-01-01T00:00:00.000000+00:00',
      mute: false,
      nick: null,
      pending: false,
      permissions: '2248473465835073',
      premium_since: null,
      roles: [],
      unusual_dm_activity_until: null,
      user: userJson(who),
    },
  };
}
const send = (interaction: InteractionBody) => fake.interactions.send(interaction, url);
const EPHEMERAL = 64;

describe.each(['guild', 'dm'] as const)('interactions in a %s', (where) => {
  it('PING (1) → PONG', async () => {
    const ping = { ...base(1, where), type: 1 };
    const sent = await send(ping);
    expect(sent).toMatchObject({ status: 200, answer: { type: 1 } });
  });

  it('APPLICATION_COMMAND (2) for a command the bot does not know → an ephemeral message', async () => {
    const command = { ...base(2, where), data: { id: snowflake(), name: 'auction', type: 1 } };
    const sent = await send(command);
    expect(sent.status).toBe(200);
    expect(sent.answer).toEqual({
      type: 4,
      data: { content: 'Unknown command.', flags: EPHEMERAL, allowed_mentions: { parse: [] } },
    });
  });

  it('MESSAGE_COMPONENT (3) from a button the bot no longer handles → an ephemeral message, not a failure', async () => {
    const click = {
      ...base(3, where, hikari),
      data: { component_type: 2, custom_id: 'old:button:1', id: 1 },
      message: {
        id: snowflake(),
        channel_id: CHANNEL,
        content: 'old',
        components: [
          {
            type: 1,
            id: 1,
            components: [{ type: 2, id: 2, style: 1, label: 'Old', custom_id: 'old:button:1' }],
          },
        ],
        author: { id: fake.interactions.applicationId, username: 'Anime Cards', bot: true },
        type: 0,
      },
    };
    const sent = await send(click);
    expect(sent.status).toBe(200);
    // Hikari's Discord client is Russian.
    expect(sent.answer).toEqual({
      type: 4,
      data: { content: 'Эта кнопка больше не работает.', flags: EPHEMERAL, allowed_mentions: { parse: [] } },
    });
  });

  it('APPLICATION_COMMAND_AUTOCOMPLETE (4) → an APPLICATION_COMMAND_AUTOCOMPLETE_RESULT (8) with choices', async () => {
    const autocomplete = {
      ...base(4, where),
      data: {
        id: snowflake(),
        name: 'card',
        type: 1,
        options: [{ focused: true, name: 'character', type: 3, value: 'fri' }],
      },
    };
    const sent = await send(autocomplete);
    expect(sent.status).toBe(200);
    expect(sent.answer).toEqual({ type: 8, data: { choices: [] } });
  });

  it('MODAL_SUBMIT (5) → an ephemeral message', async () => {
    const modal = {
      ...base(5, where),
      data: {
        custom_id: 'note',
        components: [{ type: 1, id: 1, components: [{ type: 4, id: 2, custom_id: 'text', value: 'hello' }] }],
      },
    };
    const sent = await send(modal);
    expect(sent.status).toBe(200);
    expect(sent.answer).toEqual({
      type: 4,
      data: { content: 'This form is no longer handled.', flags: EPHEMERAL, allowed_mentions: { parse: [] } },
    });
  });

  it('a type Discord may add later → an ephemeral message', async () => {
    const sent = await send({ ...base(42, where), data: { something: 'new' } });
    expect(sent.status).toBe(200);
    expect(sent.answer).toEqual({
      type: 4,
      data: { content: 'The bot cannot handle this yet.', flags: EPHEMERAL, allowed_mentions: { parse: [] } },
    });
  });
});

describe('signatures stay checked for every type', () => {
  it('refuses an unsigned component click and an autocomplete signed by another key with 401', async () => {
    const click = JSON.stringify({
      ...base(3, 'dm'),
      data: { component_type: 2, custom_id: 'trade:accept:1' },
    });
    const unsigned = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: click,
    });
    expect(unsigned.status).toBe(401);
    const other = await startFakeDiscord();
    try {
      const autocomplete = JSON.stringify({ ...base(4, 'guild'), data: { name: 'card', type: 1 } });
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...other.interactions.signatureHeaders(autocomplete) },
        body: autocomplete,
      });
      expect(res.status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
