import { type RetryPolicy, UpstreamError, withRetry } from './http';

export type WallAttachment = {
  type: string;
  photo?: { sizes?: Array<{ url: string; width: number; height: number }> };
  link?: { url: string; title?: string };
  video?: { title?: string; image?: Array<{ url: string; width: number }> };
};

/** A reposted original inside `copy_history` (the same post shape, without the counters). */
export interface WallCopy {
  id: number;
  owner_id: number;
  date?: number;
  text?: string;
  attachments?: WallAttachment[];
}

/** The parts of a VK wall post the relay reads (wall.get, API 5.199); other fields are ignored. */
export interface WallPost {
  id: number;
  owner_id: number;
  date: number;
  text: string;
  is_pinned?: number;
  marked_as_ads?: number;
  attachments?: WallAttachment[];
  /** A repost: the original first, then what that one reposted. */
  copy_history?: WallCopy[];
}

/** A wall page: the posts, and the names of the walls they and their originals come from. */
export interface WallPage {
  items: WallPost[];
  /** Owner id (negative for a community) → its name, from `extended=1`'s groups and profiles. */
  owners: Map<number, string>;
}

interface ExtendedResponse {
  items: WallPost[];
  groups?: Array<{ id: number; name?: string }>;
  profiles?: Array<{ id: number; first_name?: string; last_name?: string }>;
}

function ownerNames(r: ExtendedResponse): Map<number, string> {
  const names = new Map<number, string>();
  for (const g of r.groups ?? []) if (g.name?.trim()) names.set(-Math.abs(g.id), g.name.trim());
  for (const p of r.profiles ?? []) {
    const name = [p.first_name, p.last_name].filter(Boolean).join(' ').trim();
    if (name) names.set(p.id, name);
  }
  return names;
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
    /** wall.get with `extended=1`, so a repost's source can be named. */
    wallGet: (token: string, ownerId: string, count = 20): Promise<WallPage> =>
      withRetry(opts.policy, async (signal) => {
        const body = new URLSearchParams({
          owner_id: ownerId,
          count: String(count),
          extended: '1',
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
          response?: ExtendedResponse;
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
        return {
          items: json.response?.items ?? [],
          owners: json.response ? ownerNames(json.response) : new Map(),
        };
      }),
  };
}
export type VkClient = ReturnType<typeof createVkClient>;
