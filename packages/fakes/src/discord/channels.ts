import { createHash } from 'node:crypto';
import { SlidingWindow } from '../faults/sliding-window';
import type { FakeDiscordAccount } from './accounts';
import { type MessageData, snowflake } from './messages';

/** The demo guild ("server") the fake's interactions come from, and its text channel. */
export const FAKE_GUILD_ID = '1100000000000000001';
export const FAKE_GENERAL_CHANNEL_ID = '1100000000000000002';

/** Discord's channel types we imitate: GUILD_TEXT (0), DM (1), GUILD_ANNOUNCEMENT (5). */
export type FakeChannelType = 0 | 1 | 5;

export interface FakeChannel {
  id: string;
  type: FakeChannelType;
  /** Guild channels only. */
  name?: string;
  guild_id?: string;
  /** DM channels only: the other side's Discord user id. */
  recipientId?: string;
  messages: ChannelMessage[];
}

/** The bot as the author of the messages it posts (Discord's user object, `bot: true`). */
export interface BotAuthor {
  id: string;
  username: string;
  global_name: null;
  discriminator: '0';
  avatar: null;
  bot: true;
}

/** A message posted to a channel, shaped like Discord's message object. */
export interface ChannelMessage extends MessageData {
  id: string;
  type: 0;
  channel_id: string;
  author: BotAuthor;
  content: string;
  embeds: NonNullable<MessageData['embeds']>;
  components: NonNullable<MessageData['components']>;
  timestamp: string;
  edited_timestamp: string | null;
  tts: false;
  mention_everyone: false;
  mentions: [];
  attachments: [];
  pinned: false;
  flags: number;
}

/**
 * The switch for POST /channels/{id}/messages: `bucket` is Discord's own per-channel limit
 * (5 messages per 5 s, with its X-RateLimit-* headers); `off` never limits (the headers stay);
 * `always` answers every post with 429 (`global` as when the bot hit the global limit), or only
 * the next `times` posts, after which the switch turns itself `off` (a limit that lifted, without
 * a test having to guess when the client will try again).
 */
export type ChannelRateLimit =
  | { kind: 'bucket' }
  | { kind: 'off' }
  | { kind: 'always'; retryAfterSeconds: number; global?: boolean; times?: number };

/** Discord's per-channel message bucket: 5 messages per 5 seconds. */
export const MESSAGE_BUCKET = Object.freeze({ limit: 5, windowMs: 5_000 });

export type RateLimitVerdict =
  | { ok: true; headers: Record<string, string> }
  | { ok: false; headers: Record<string, string>; body: Record<string, unknown> };

/**
 * The channels of the fake Discord: the demo guild's #general, guild channels tests add, and DM
 * channels the bot opens, with every message the bot posted (for tests to inspect).
 */
export class FakeChannels {
  private readonly byId = new Map<string, FakeChannel>();
  private readonly buckets = new Map<string, SlidingWindow>();
  private readonly waiters = new Set<() => void>();
  /** See `ChannelRateLimit`; Discord's own bucket by default. */
  rateLimit: ChannelRateLimit = { kind: 'bucket' };
  /** Posts answered with 429 so far, by any rate-limit mode (see `waitForRefusals`). */
  refusals = 0;
  /** Discord users who closed their DMs: posting to their DM channel answers 403 (code 50007). */
  readonly closedDms = new Set<string>();
  readonly botUser: BotAuthor;

  constructor(
    private readonly accounts: readonly FakeDiscordAccount[],
    applicationId: string,
  ) {
    this.botUser = {
      id: applicationId,
      username: 'Anime Cards',
      global_name: null,
      discriminator: '0',
      avatar: null,
      bot: true,
    };
    this.addGuildChannel({ id: FAKE_GENERAL_CHANNEL_ID, name: 'general' });
  }

  account(discordId: string): FakeDiscordAccount | undefined {
    return this.accounts.find((a) => a.discordId === discordId);
  }

  channel(id: string): FakeChannel | undefined {
    return this.byId.get(id);
  }

  /** A text (type 0) or announcement (type 5) channel of the demo guild. */
  addGuildChannel(opts: { name: string; id?: string; type?: 0 | 5; guildId?: string }): FakeChannel {
    const channel: FakeChannel = {
      id: opts.id ?? snowflake(),
      type: opts.type ?? 0,
      name: opts.name,
      guild_id: opts.guildId ?? FAKE_GUILD_ID,
      messages: [],
    };
    this.byId.set(channel.id, channel);
    return channel;
  }

  /** The DM channel with a user; Discord answers the same channel every time it is asked. */
  openDm(recipientId: string): FakeChannel | undefined {
    if (!this.account(recipientId)) return undefined;
    const existing = this.dmWith(recipientId);
    if (existing) return existing;
    const channel: FakeChannel = { id: snowflake(), type: 1, recipientId, messages: [] };
    this.byId.set(channel.id, channel);
    return channel;
  }

  dmWith(discordId: string): FakeChannel | undefined {
    return [...this.byId.values()].find((c) => c.type === 1 && c.recipientId === discordId);
  }

  /** Every message posted, in order (to one channel when `channelId` is given). */
  posted(channelId?: string): ChannelMessage[] {
    const channels = channelId
      ? [this.byId.get(channelId)].filter((c) => c !== undefined)
      : this.byId.values();
    return [...channels].flatMap((c) => c.messages).sort((a, b) => a.timestamp.localeCompare(b.timestamp));
  }

  /** The messages the bot sent a user in DMs, oldest first. */
  dmsTo(discordId: string): ChannelMessage[] {
    return this.dmWith(discordId)?.messages ?? [];
  }

  message(channelId: string, messageId: string): ChannelMessage | undefined {
    return this.byId.get(channelId)?.messages.find((m) => m.id === messageId);
  }

  post(channelId: string, data: MessageData): ChannelMessage | undefined {
    const channel = this.byId.get(channelId);
    if (!channel) return undefined;
    const message: ChannelMessage = {
      ...data,
      id: snowflake(),
      type: 0,
      channel_id: channelId,
      author: this.botUser,
      content: data.content ?? '',
      embeds: data.embeds ?? [],
      components: data.components ?? [],
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      attachments: [],
      pinned: false,
      flags: data.flags ?? 0,
    };
    channel.messages.push(message);
    this.notify();
    return message;
  }

  /** Edits a message: fields given replace the old ones (as PATCH and an UPDATE_MESSAGE answer do). */
  edit(channelId: string, messageId: string, data: MessageData): ChannelMessage | undefined {
    const channel = this.byId.get(channelId);
    const index = channel?.messages.findIndex((m) => m.id === messageId) ?? -1;
    if (!channel || index < 0) return undefined;
    const old = channel.messages[index]!;
    const edited: ChannelMessage = {
      ...old,
      ...data,
      id: old.id,
      channel_id: old.channel_id,
    } as ChannelMessage;
    edited.edited_timestamp = new Date().toISOString();
    channel.messages[index] = edited;
    this.notify();
    return edited;
  }

  /**
   * Resolves with the first posted message `match` accepts, waiting up to `timeoutMs` for one
   * (the bot posts DMs after events, not in answer to a request the test made).
   */
  async waitFor(
    match: (m: ChannelMessage) => boolean,
    timeoutMs = 5_000,
  ): Promise<ChannelMessage | undefined> {
    return this.until(() => this.posted().find(match), timeoutMs);
  }

  /**
   * Resolves true once `count` posts in all have been answered with 429 (false after `timeoutMs`),
   * so a test knows the bot met the rate limit before it looks at what happened next.
   */
  async waitForRefusals(count: number, timeoutMs = 5_000): Promise<boolean> {
    return (await this.until(() => this.refusals >= count || undefined, timeoutMs)) ?? false;
  }

  /** Re-checks `found` after each change to the channels until it gives a value or time is up. */
  private async until<T>(found: () => T | undefined, timeoutMs: number): Promise<T | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = found();
      const left = deadline - Date.now();
      if (value !== undefined || left <= 0) return value;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left).unref();
        this.waiters.add(wake);
      });
    }
  }

  /**
   * Takes one message from a channel's bucket: Discord's X-RateLimit-* headers, and the 429
   * answer (body and Retry-After) when the bucket or the `always` switch refuses.
   */
  takeMessageSlot(channelId: string, now = Date.now()): RateLimitVerdict {
    const bucket =
      this.buckets.get(channelId) ?? new SlidingWindow(MESSAGE_BUCKET.limit, MESSAGE_BUCKET.windowMs);
    this.buckets.set(channelId, bucket);
    const headers = (remaining: number, resetAt: number) => ({
      'x-ratelimit-limit': String(MESSAGE_BUCKET.limit),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': (resetAt / 1000).toFixed(3),
      'x-ratelimit-reset-after': (Math.max(0, resetAt - now) / 1000).toFixed(3),
      'x-ratelimit-bucket': createHash('sha1').update(`messages:${channelId}`).digest('hex').slice(0, 32),
    });
    const refuse = (retryAfterMs: number, global: boolean): RateLimitVerdict => {
      const retryAfter = Math.max(0.001, retryAfterMs / 1000);
      const peek = bucket.peek(now);
      this.refusals += 1;
      this.notify();
      return {
        ok: false,
        headers: {
          ...(global ? { 'x-ratelimit-global': 'true' } : headers(0, peek.resetAt)),
          'x-ratelimit-scope': global ? 'global' : 'user',
          'retry-after': String(Math.ceil(retryAfter)),
        },
        body: { message: 'You are being rate limited.', retry_after: Number(retryAfter.toFixed(3)), global },
      };
    };
    const mode = this.rateLimit;
    if (mode.kind === 'always') {
      if (mode.times !== undefined)
        this.rateLimit = mode.times > 1 ? { ...mode, times: mode.times - 1 } : { kind: 'off' };
      return refuse(mode.retryAfterSeconds * 1000, mode.global ?? false);
    }
    if (mode.kind === 'off') {
      const peek = bucket.peek(now);
      return { ok: true, headers: headers(MESSAGE_BUCKET.limit, peek.resetAt) };
    }
    const taken = bucket.take(now);
    if (!taken.ok) return refuse(taken.retryAfterMs, false);
    return { ok: true, headers: headers(taken.remaining, bucket.peek(now).resetAt) };
  }

  private notify(): void {
    for (const wake of [...this.waiters]) wake();
  }
}

/** GET /channels/{id}: the channel object as Discord shows it to the bot. */
export function channelJson(channel: FakeChannel, channels: FakeChannels) {
  const last_message_id = channel.messages.at(-1)?.id ?? null;
  if (channel.type === 1) {
    const account = channels.account(channel.recipientId!);
    return {
      id: channel.id,
      type: 1,
      last_message_id,
      flags: 0,
      recipients: account
        ? [
            {
              id: account.discordId,
              username: account.username,
              global_name: account.globalName,
              discriminator: '0',
              avatar: account.avatar,
              public_flags: 0,
            },
          ]
        : [],
    };
  }
  return {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guild_id,
    name: channel.name,
    position: 0,
    permission_overwrites: [],
    parent_id: null,
    nsfw: false,
    topic: null,
    last_message_id,
    rate_limit_per_user: 0,
    flags: 0,
  };
}
