import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@acg/platform';
import pRetry, { AbortError } from 'p-retry';
import { type MessageData, withNoPings } from '../domain/replies';

const TIMEOUT_MS = 10_000;

export interface WebhookRetryOptions {
  /** Tries after the first (default 2). */
  retries?: number;
  /** Wait before the first retry, doubling after each (default 500 ms). */
  minDelayMs?: number;
  /** The longest wait, also the cap on Discord's Retry-After (default 5 s). */
  maxDelayMs?: number;
}

/** A failure worth another try: Discord's own (5xx), a rate limit (429) or the network. */
class RetryableError extends Error {
  constructor(
    message: string,
    /** Discord's Retry-After, in milliseconds. */
    readonly retryAfterMs = 0,
  ) {
    super(message);
  }
}

/**
 * Discord's interaction webhooks: editing the original response after a deferred answer. The
 * interaction token in the path is the credential (valid 15 minutes); no bot token is needed.
 * Rate limits, Discord's failures and network errors are retried with exponential backoff
 * (p-retry), waiting at least what Retry-After asks; any other answer fails at once.
 */
export function discordWebhooks(apiBaseUrl: string, logger: Logger, retry: WebhookRetryOptions = {}) {
  const base = apiBaseUrl.replace(/\/+$/, '');
  const maxDelayMs = retry.maxDelayMs ?? 5000;

  async function patch(url: string, data: MessageData): Promise<void> {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'PATCH',
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
      await pRetry(() => patch(url, data), {
        retries: retry.retries ?? 2,
        minTimeout: retry.minDelayMs ?? 500,
        maxTimeout: maxDelayMs,
        factor: 2,
        async onFailedAttempt({ error, attemptNumber, retriesLeft, retryDelay }) {
          if (retriesLeft === 0) return;
          logger.warn({ attempt: attemptNumber, reason: error.message }, 'follow-up failed, retrying');
          // Discord's Retry-After beyond the backoff delay (both capped).
          const asked = error instanceof RetryableError ? Math.min(error.retryAfterMs, maxDelayMs) : 0;
          if (asked > retryDelay) await sleep(asked - retryDelay);
        },
      });
    },
  };
}
export type DiscordWebhooks = ReturnType<typeof discordWebhooks>;
