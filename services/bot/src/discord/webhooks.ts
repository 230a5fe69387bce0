import type { Logger } from '@acg/platform';
import type { MessageData } from '../domain/replies';

const ATTEMPTS = 3;
const TIMEOUT_MS = 10_000;

type Outcome = { ok: true } | { ok: false; reason: string; retryInMs: number };

/**
 * Discord's interaction webhooks: editing the original response after a deferred answer. The
 * interaction token in the path is the credential (valid 15 minutes); no bot token is needed.
 */
export function discordWebhooks(apiBaseUrl: string, logger: Logger) {
  const base = apiBaseUrl.replace(/\/+$/, '');

  async function patch(url: string, data: MessageData): Promise<Outcome> {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(data),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      return { ok: false, reason: String(err), retryInMs: 500 };
    }
    if (res.ok) return { ok: true };
    // Only rate limits and Discord's own failures are worth another try.
    if (res.status !== 429 && res.status < 500)
      throw new Error(`Discord answered ${res.status} to the follow-up: ${await res.text()}`);
    const retryAfter = Number(res.headers.get('retry-after'));
    return {
      ok: false,
      reason: `Discord answered ${res.status} to the follow-up`,
      retryInMs: retryAfter > 0 ? Math.min(retryAfter * 1000, 5000) : 500,
    };
  }

  return {
    async editOriginal(applicationId: string, token: string, data: MessageData): Promise<void> {
      const url = `${base}/webhooks/${encodeURIComponent(applicationId)}/${encodeURIComponent(token)}/messages/@original`;
      for (let attempt = 1; ; attempt++) {
        const outcome = await patch(url, data);
        if (outcome.ok) return;
        if (attempt >= ATTEMPTS) throw new Error(outcome.reason);
        logger.warn({ attempt, reason: outcome.reason }, 'follow-up failed, retrying');
        await new Promise((r) => setTimeout(r, outcome.retryInMs * attempt));
      }
    },
  };
}
export type DiscordWebhooks = ReturnType<typeof discordWebhooks>;
