import { inSpan, type Logger, SpanKind, tracerOf } from '@acg/platform';
import { AbortError } from 'p-retry';
import { type MessageData, withNoPings } from '../domain/replies';
import { type DiscordRetryOptions, RetryableError, withDiscordRetries } from './retry';

const TIMEOUT_MS = 10_000;

/** Discord refused for good (e.g. 403 50007: the user does not accept DMs from the bot). */
export class DiscordRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** `retries` defaults to 3. */
export type BotRestOptions = DiscordRetryOptions;

/**
 * The bot's side of Discord's REST API (Bot token): open the DM channel with a user and post a
 * message in it. 429s wait what Discord's body or Retry-After asks (capped), 5xx and network
 * failures back off (p-retry); anything else fails at once with `DiscordRefusal`.
 */
export function discordBotRest(
  apiBaseUrl: string,
  botToken: string,
  logger: Logger,
  opts: BotRestOptions = {},
) {
  const base = apiBaseUrl.replace(/\/+$/, '');

  async function once<T>(method: string, path: string, body: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bot ${botToken}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new RetryableError(`Discord not reached: ${String(err)}`);
    }
    if (res.ok) return (await res.json()) as T;
    const answer = (await res.json().catch(() => ({}))) as {
      code?: number;
      message?: string;
      retry_after?: number;
    };
    const reason = `Discord answered ${res.status} to ${method} ${path.replace(/\d{5,}/g, '{id}')}`;
    if (res.status === 429) {
      const seconds = answer.retry_after ?? Number(res.headers.get('retry-after'));
      throw new RetryableError(reason, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0);
    }
    if (res.status >= 500) throw new RetryableError(reason);
    throw new AbortError(new DiscordRefusal(res.status, answer.code, `${reason}: ${answer.message ?? ''}`));
  }

  // A client span per call, retries included, inside the work that made it (rules §71).
  const call = <T>(method: string, path: string, body: unknown) =>
    inSpan(
      tracerOf('bot'),
      {
        name: `${method} discord ${path.replace(/\d{5,}/g, '{id}')}`,
        kind: SpanKind.CLIENT,
        childOnly: true,
        attributes: { 'http.request.method': method, 'server.address': base },
      },
      () =>
        withDiscordRetries(() => once<T>(method, path, body), {
          ...opts,
          retries: opts.retries ?? 3,
          logger,
          retrying: 'Discord call failed, retrying',
        }),
    );

  return {
    /** POST /users/@me/channels: the DM channel with a user (the same one every time). */
    openDm: (recipientId: string) =>
      call<{ id: string }>('POST', '/users/@me/channels', { recipient_id: recipientId }),
    /** POST /channels/{id}/messages. */
    post: (channelId: string, data: MessageData) =>
      call<{ id: string; channel_id: string }>(
        'POST',
        `/channels/${encodeURIComponent(channelId)}/messages`,
        withNoPings(data),
      ),
    /** PATCH /channels/{id}/messages/{id}. */
    edit: (channelId: string, messageId: string, data: MessageData) =>
      call<{ id: string }>(
        'PATCH',
        `/channels/${encodeURIComponent(channelId)}/messages/${encodeURIComponent(messageId)}`,
        withNoPings(data),
      ),
  };
}
export type DiscordBotRest = ReturnType<typeof discordBotRest>;
