import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { demoAccounts, type FakeDiscordAccount } from './accounts';
import { type ChannelMessage, FAKE_GUILD_ID, FakeChannels } from './channels';
import { answerProblem, FakeMessages, type MessageData, snowflake } from './messages';

/** The bot token the fake accepts for its REST API (command registration, the application). */
export const FAKE_BOT_TOKEN = 'fake-discord-bot-token';

/** What a bot answers to an interaction (HTTP response body). */
export interface InteractionResponse {
  type: number;
  data?: MessageData;
}

/** Where an interaction happens: a server, the bot's DM, or another DM through a user install. */
export type InteractionPlace = 'guild' | 'dm' | 'private';

/** A command option as Discord sends it (a subcommand, type 1, nests its own). */
export interface CommandOptionBody {
  name: string;
  type: number;
  value?: string | number | boolean;
  focused?: boolean;
  options?: CommandOptionBody[];
}

const discordUserOf = (account: FakeDiscordAccount) => ({
  id: account.discordId,
  username: account.username,
  global_name: account.globalName,
  discriminator: '0',
  avatar: account.avatar,
  public_flags: 0,
});

/** The fields that say where an interaction happened, as Discord sends them for each place. */
function placeOf(
  where: InteractionPlace,
  account: FakeDiscordAccount,
  user: ReturnType<typeof discordUserOf>,
) {
  if (where === 'guild')
    return {
      context: 0,
      guild_id: FAKE_GUILD_ID,
      channel_id: '1100000000000000002',
      guild_locale: 'en-US',
      authorizing_integration_owners: { '0': FAKE_GUILD_ID },
      member: { user, roles: [], joined_at: '2026-01-01T00:00:00.000000+00:00', permissions: '0' },
    };
  if (where === 'dm')
    return {
      context: 1,
      channel_id: '1100000000000000009',
      channel: { id: '1100000000000000009', type: 1, recipients: [user] },
      authorizing_integration_owners: { '1': account.discordId },
      user,
    };
  return {
    context: 2,
    channel_id: '1100000000000000010',
    channel: { id: '1100000000000000010', type: 3, recipients: [user] },
    authorizing_integration_owners: { '1': account.discordId },
    user,
  };
}

/** The result of delivering one interaction. */
export interface Delivery {
  status: number;
  answer: InteractionResponse | undefined;
  /** The interaction token: follow-ups for it are in `messages`. */
  token: string;
  /** Why Discord would refuse the answer (limits broken, an unknown type), when it would. */
  problem?: string;
}

/** An interaction body: anything with Discord's id and token fields. */
export interface InteractionBody {
  id: string;
  token: string;
  [field: string]: unknown;
}

/**
 * The interactions side of the fake Discord: the application's Ed25519 key pair, signed
 * deliveries to the bot's interactions URL (what Discord does when someone types /card), and the
 * messages and commands the bot sends back through the REST API.
 */
export class FakeInteractions {
  readonly applicationId = '1187394520190640000';
  /** The application's public key, as Discord shows it ("verify key", 64 hex characters). */
  readonly publicKeyHex: string;
  private readonly privateKey: KeyObject;
  /** Where interactions are delivered: the bot's public /interactions URL (may be set later). */
  interactionsUrl: string | undefined;
  readonly messages = new FakeMessages();
  /** Registered application commands (PUT /applications/{id}/commands). */
  commands: Array<Record<string, unknown>> = [];
  /** The channels (guild and DM) and what the bot posted in them. */
  readonly channels: FakeChannels;

  constructor(interactionsUrl?: string, accounts: readonly FakeDiscordAccount[] = demoAccounts) {
    this.channels = new FakeChannels(accounts, this.applicationId);
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    this.privateKey = privateKey;
    // The raw 32-byte key is the tail of the SPKI DER encoding.
    this.publicKeyHex = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
    this.interactionsUrl = interactionsUrl;
  }

  /** Discord's signature headers: Ed25519 over timestamp + body, at `timestamp` (seconds). */
  signatureHeaders(body: string | Buffer, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
    const signed = Buffer.concat([Buffer.from(String(timestamp)), Buffer.from(body)]);
    return {
      'x-signature-ed25519': sign(null, signed, this.privateKey).toString('hex'),
      'x-signature-timestamp': String(timestamp),
    };
  }

  /** A PING, which Discord sends to check an interactions URL. */
  pingInteraction(): InteractionBody {
    return {
      id: snowflake(),
      application_id: this.applicationId,
      type: 1,
      token: randomBytes(24).toString('base64url'),
      version: 1,
    };
  }

  /**
   * An APPLICATION_COMMAND interaction as Discord sends it for `/name` typed by `account`: in a
   * server (context 0, `member.user`, `guild_id`), in the bot's DM (context 1, `user`), or in
   * another DM or group DM through the app the member installed to their account (context 2,
   * `user`, `authorizing_integration_owners` naming the member). `options` are the command's
   * (a subcommand nests its own); users named by USER options come in `resolved.users`, as
   * Discord sends them. `autocomplete` makes it the APPLICATION_COMMAND_AUTOCOMPLETE (type 4)
   * Discord sends while an option marked `focused` is typed.
   */
  commandInteraction(
    account: FakeDiscordAccount,
    name: string,
    opts: {
      options?: CommandOptionBody[];
      users?: readonly FakeDiscordAccount[];
      where?: InteractionPlace;
      autocomplete?: boolean;
    } = {},
  ): InteractionBody {
    const where = opts.where ?? 'guild';
    const user = discordUserOf(account);
    const resolved = opts.users?.length
      ? { resolved: { users: Object.fromEntries(opts.users.map((u) => [u.discordId, discordUserOf(u)])) } }
      : {};
    return {
      id: snowflake(),
      application_id: this.applicationId,
      type: opts.autocomplete ? 4 : 2,
      token: randomBytes(48).toString('base64url'),
      version: 1,
      locale: account.locale,
      app_permissions: '0',
      entitlements: [],
      data: {
        id: '1100000000000000003',
        name,
        type: 1,
        ...(opts.options ? { options: opts.options } : {}),
        ...resolved,
      },
      ...placeOf(where, account, user),
    };
  }

  /**
   * A MESSAGE_COMPONENT interaction: `account` clicked the button `customId` on `message` (a
   * message the bot posted, see `channels`). In a DM (context 1, BOT_DM) Discord sends `user`;
   * in a guild (context 0) `member.user`, `guild_id` and `guild_locale`.
   */
  componentInteraction(
    account: FakeDiscordAccount,
    message: ChannelMessage,
    customId: string,
  ): InteractionBody {
    const channel = this.channels.channel(message.channel_id);
    const inDm = channel?.type === 1;
    const user = {
      id: account.discordId,
      username: account.username,
      global_name: account.globalName,
      discriminator: '0',
      avatar: account.avatar,
      public_flags: 0,
    };
    return {
      id: snowflake(),
      application_id: this.applicationId,
      type: 3,
      token: randomBytes(48).toString('base64url'),
      version: 1,
      data: { custom_id: customId, component_type: 2 },
      message,
      channel_id: message.channel_id,
      channel: inDm
        ? { id: message.channel_id, type: 1, last_message_id: message.id, flags: 0, recipients: [user] }
        : {
            id: message.channel_id,
            type: channel?.type ?? 0,
            guild_id: channel?.guild_id,
            name: channel?.name,
          },
      locale: account.locale,
      app_permissions: inDm ? '1126022430015040' : '2248473465835073',
      entitlements: [],
      authorizing_integration_owners: { '0': FAKE_GUILD_ID },
      context: inDm ? 1 : 0,
      attachment_size_limit: 10_485_760,
      ...(inDm
        ? { user }
        : {
            guild_id: channel?.guild_id ?? FAKE_GUILD_ID,
            guild_locale: 'en-US',
            guild: { id: channel?.guild_id ?? FAKE_GUILD_ID, locale: 'en-US', features: [] },
            member: { user, roles: [], joined_at: '2026-01-01T00:00:00.000000+00:00', permissions: '0' },
          }),
    };
  }

  /**
   * Signs and POSTs an interaction to `url` (default: the configured interactions URL) and
   * records the answer. `timestamp` (seconds) signs as of another time: Discord's redelivery of
   * the same interaction carries a new signature.
   */
  async send(
    interaction: InteractionBody,
    url = this.interactionsUrl,
    timestamp?: number,
  ): Promise<Delivery> {
    if (!url) throw new Error('the fake Discord has no interactions URL configured');
    const body = JSON.stringify(interaction);
    this.messages.open(interaction.token);
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Discord-Interactions/1.0 (+https://discord.com)',
        ...this.signatureHeaders(body, timestamp),
      },
      body,
      // Discord gives up after 3 s; the fake is more patient so slow tests still see the answer.
      signal: AbortSignal.timeout(15_000),
    });
    const answer = (await res.json().catch(() => undefined)) as InteractionResponse | undefined;
    if (res.ok && answer) this.messages.answered(interaction.token, answer.type, answer.data);
    // UPDATE_MESSAGE (7) edits the message the clicked component is on, as Discord does.
    const clicked = interaction.message as { id?: string; channel_id?: string } | undefined;
    if (res.ok && answer?.type === 7 && answer.data && clicked?.id && clicked.channel_id)
      this.channels.edit(clicked.channel_id, clicked.id, answer.data);
    const problem = res.ok && answer ? answerProblem(answer) : undefined;
    return { status: res.status, answer, token: interaction.token, ...(problem ? { problem } : {}) };
  }
}
