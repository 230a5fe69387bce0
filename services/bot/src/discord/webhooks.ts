import type { Logger } from '@acg/platform';
import { AbortError } from 'p-retry';
import { type MessageData, withNoPings } from '../domain/replies';
import { type DiscordRetryOptions, RetryableError, withDiscordRetries } from './retry';

const TIMEOUT_MS = 10_000;

/** `retries` defaults to 2. */
export type WebhookRetryOptions = DiscordRetryOptions;

/**
 * Discord's interaction webhooks: editing the original response after a deferred answer. The
 * interaction token in the path is the credential (valid 15 minutes); no bot token is needed.
 * Rate limits, Discord's failures and network errors are retried with exponential backoff
 * (p-retry), waiting at least what Retry-After asks; any other answer fails at once.
 */
export function discordWebhooks(apiBaseUrl: string, logger: Logger, retry: WebhookRetryOptions = {}) {
  const base = apiBaseUrl.replace(/\/+$/, '');

  async function send(method: 'PATCH' | 'POST', url: string, data: MessageData): Promise<void> {
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(withNoPings(data)),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new RetryableError(`follow-up not delivered: ${String(err)}`);
    }
    if (res.ok) return;
    const reason = `Discord answered ${res.status} to the follow-up`;
    if (res.status !== 429 && res.status < 500) throw new AbortError(`${reason}: ${await res.text()}`);
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new RetryableError(reason, retryAfter > 0 ? retryAfter * 1000 : 0);
  }

  return {
    async editOriginal(applicationId: string, token: string, data: MessageData): Promise<void> {
      const url = `${base}/webhooks/${encodeURIComponent(applicationId)}/${encodeURIComponent(token)}/messages/@original`;
      await withDiscordRetries(() => send('PATCH', url, data), {
        ...retry,
        retries: retry.retries ?? 2,
        logger,
        retrying: 'follow-up failed, retrying',
      });
    },
    /** A new message after the first answer (e.g. an ephemeral refusal after a deferred click). */
    async followUp(applicationId: string, token: string, data: MessageData): Promise<void> {
      const url = `${base}/webhooks/${encodeURIComponent(applicationId)}/${encodeURIComponent(token)}`;
      await withDiscordRetries(() => send('POST', url, data), {
        ...retry,
        retries: retry.retries ?? 2,
        logger,
        retrying: 'follow-up failed, retrying',
      });
    },
  };
}
export type DiscordWebhooks = ReturnType<typeof discordWebhooks>;
