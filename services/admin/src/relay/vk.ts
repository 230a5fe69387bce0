import { type RetryPolicy, UpstreamError, withRetry } from './http';

/** The parts of a VK wall post the relay reads (wall.get, API 5.199); other fields are ignored. */
export interface WallPost {
  id: number;
  owner_id: number;
  date: number;
  text: string;
  is_pinned?: number;
  marked_as_ads?: number;
  attachments?: Array<{
    type: string;
    photo?: { sizes?: Array<{ url: string; width: number; height: number }> };
    link?: { url: string; title?: string };
    video?: { title?: string; image?: Array<{ url: string; width: number }> };
  }>;
}

/** VK error codes worth retrying: 6 too many requests per second, 9 flood control, 10 internal. */
const RETRYABLE = new Set([1, 6, 9, 10]);

/**
 * VK's wall.get with the service token. VK answers HTTP 200 with `error` on failure; errors 6/9
 * (rate limits) and internal errors are retried with backoff, the rest (5 bad token, 15 closed
 * wall, 18 deleted, 100 bad owner) fail the group for this run.
 */
export function createVkClient(opts: { baseUrl: string; version: string; policy: RetryPolicy }) {
  return {
    wallGet: (token: string, ownerId: string, count = 20): Promise<WallPost[]> =>
      withRetry(opts.policy, async (signal) => {
        const body = new URLSearchParams({
          owner_id: ownerId,
          count: String(count),
          access_token: token,
          v: opts.version,
        });
        let res: Response;
        try {
          // POST keeps the token out of URLs (and so out of any access log).
          res = await fetch(`${opts.baseUrl}/wall.get`, { method: 'POST', body, signal });
        } catch (err) {
          throw new UpstreamError(`VK did not answer: ${(err as Error).message}`, 'vk', 503, null, true);
        }
        if (!res.ok)
          throw new UpstreamError(
            `VK: HTTP ${res.status}`,
            'vk',
            res.status,
            null,
            res.status >= 500 || res.status === 429,
          );
        const json = (await res.json()) as {
          response?: { items: WallPost[] };
          error?: { error_code: number; error_msg: string };
        };
        if (json.error) {
          const { error_code: code, error_msg: msg } = json.error;
          throw new UpstreamError(
            `VK error ${code}: ${msg}`,
            'vk',
            200,
            code,
            RETRYABLE.has(code),
            code === 6 ? 1000 : 0,
          );
        }
        return json.response?.items ?? [];
      }),
  };
}
export type VkClient = ReturnType<typeof createVkClient>;
