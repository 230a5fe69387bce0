import type { AllowedMentions } from '@acg/platform/escape';
import { type RetryPolicy, UpstreamError, withRetry } from './http';

export interface DiscordChannel {
  id: string;
  name: string;
  guild_id: string | null;
}

export interface DiscordEmbed {
  title?: string;
  description?: string;
  url?: string;
  timestamp?: string;
  color?: number;
  author?: { name: string; url?: string };
  image?: { url: string };
  footer?: { text: string };
  fields?: Array<{ name: string; value: string; inline?: boolean }>;
}

export interface DiscordMessageBody {
  content?: string;
  embeds: DiscordEmbed[];
  /** Discord's own de-duplication: with enforce_nonce a repeated nonce returns the first message. */
  nonce?: string;
  enforce_nonce?: boolean;
  allowed_mentions: AllowedMentions;
}

/**
 * Discord's REST API with the bot's credentials (`Authorization: Bot …`): the channel look-up of
 * the settings screen and the relay's channel messages.
 */
export function createDiscordClient(opts: {
  baseUrl: string;
  token: string | undefined;
  policy: RetryPolicy;
}) {
  const { baseUrl, token, policy } = opts;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    if (!token)
      throw new UpstreamError(
        'The Discord bot token is not configured (DISCORD_BOT_TOKEN)',
        'discord',
        503,
        null,
        false,
      );
    return withRetry(policy, async (signal) => {
      let res: Response;
      try {
        res = await fetch(`${baseUrl}${path}`, {
          method,
          signal,
          headers: {
            authorization: `Bot ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (err) {
        throw new UpstreamError(
          `Discord did not answer: ${(err as Error).message}`,
          'discord',
          503,
          null,
          true,
        );
      }
      const json = (await res.json().catch(() => null)) as
        | (T & { message?: string; code?: number; retry_after?: number })
        | null;
      if (res.ok && json) return json;
      const message = json?.message ?? `HTTP ${res.status}`;
      if (res.status === 429) {
        const seconds = json?.retry_after ?? Number(res.headers.get('retry-after') ?? 1);
        throw new UpstreamError(
          `Discord rate limit: ${message}`,
          'discord',
          429,
          json?.code ?? null,
          true,
          seconds * 1000,
        );
      }
      throw new UpstreamError(
        `Discord: ${message}`,
        'discord',
        res.status,
        json?.code ?? null,
        res.status >= 500,
      );
    });
  };
  return {
    configured: token !== undefined,
    getChannel: (id: string) => call<DiscordChannel>('GET', `/channels/${id}`),
    postMessage: (channelId: string, body: DiscordMessageBody) =>
      call<{ id: string }>('POST', `/channels/${channelId}/messages`, body),
  };
}
export type DiscordClient = ReturnType<typeof createDiscordClient>;
