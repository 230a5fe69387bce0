import { baseConfigSchema, env } from '@acg/platform';
import { z } from 'zod';

const seconds = (fallback: number) => z.coerce.number().min(0).default(fallback);
const ms = (fallback: number, min = 1) => z.coerce.number().int().min(min).max(600_000).default(fallback);

export const animeSearchConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4105).describe('HTTP port'),
  SHIKIMORI_BASE_URL: z
    .url()
    .default('https://shikimori.one')
    .describe("Shikimori's origin (REST API under `/api`); the runners set the fake's when unset"),
  ANILIST_URL: z
    .url()
    .default('https://graphql.anilist.co')
    .describe("AniList's GraphQL endpoint; the runners set the fake's when unset"),
  SHIKIMORI_USER_AGENT: z
    .string()
    .min(1)
    .default('Anime Cards')
    .describe('the User-Agent Shikimori asks every client to name itself with'),
  SHIKIMORI_PER_SECOND: z.coerce
    .number()
    .int()
    .min(2)
    .max(1000)
    .default(5)
    .describe("Shikimori's limit per second, shared by every replica (rules §23)"),
  SHIKIMORI_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(60_000)
    .default(90)
    .describe("Shikimori's limit per minute, shared by every replica"),
  SOURCE_CLIENT_SHARE: z.coerce
    .number()
    .gt(0)
    .max(1)
    .default(0.25)
    .describe(
      "the part of each source's budget window one client (a user, or a visitor's address) may take; past it the client gets 429, at least one request per window (rules §47)",
    ),
  ANILIST_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(60_000)
    .default(30)
    .describe("AniList's limit per minute (90 normally, degraded to 30 now)"),
  SEARCH_CACHE_SECONDS: seconds(21_600).describe(
    'a source asked a search text this long ago is not asked it again: the anime index answers it (rules §56)',
  ),
  SEARCH_BUDGET_MS: ms(800, 0).describe(
    "how long a member's search waits for the sources when the anime index has no strong match; later answers go into the index in the background",
  ),
  SEARCH_CLIENT_RUNNING: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(1)
    .describe(
      "member searches of one client (a user, or a visitor's address) that run at once in a replica; the client's others wait their turn (rules §47)",
    ),
  SEARCH_CLIENT_WAITING: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(16)
    .describe(
      'member searches of one client that may wait for their turn in a replica; past it the client gets 429 at once',
    ),
  BACKGROUND_SHARE: z.coerce
    .number()
    .gt(0)
    .max(1)
    .default(0.4)
    .describe(
      "the part of each source's budget window the index's background fill may take; users may take all of it (rules §56)",
    ),
  INDEX_FILL_INTERVAL_MS: ms(500, 0).describe(
    'pause between two background fill jobs of one source (lists, most searched texts, oldest anime); 0: no background fill',
  ),
  INDEX_REFRESH_HOURS: z.coerce
    .number()
    .gt(0)
    .max(24 * 365)
    .default(24)
    .describe(
      'an indexed anime, list page or most-searched text older than this is read again in the background',
    ),
  DETAIL_MAX_AGE_HOURS: z.coerce
    .number()
    .gt(0)
    .max(24 * 365)
    .default(24)
    .describe(
      'an anime page older than this in the index is shown and read again from its source in the background',
    ),
  DETAIL_CACHE_SECONDS: seconds(3600).describe('how long an anime detail or a character list is kept'),
  SOURCE_TIMEOUT_MS: ms(5000, 50).describe('timeout of one request to a source'),
  SOURCE_RETRIES: z.coerce
    .number()
    .int()
    .min(0)
    .max(5)
    .default(2)
    .describe('retries after a 429, a 5xx or a network failure (each waits the backoff or Retry-After)'),
  SOURCE_RETRY_DELAY_MS: ms(300).describe('first backoff delay, doubling after each retry'),
  SOURCE_MAX_WAIT_MS: ms(8000, 0).describe(
    'the longest a request waits for a rate-limit slot or a Retry-After; longer, the source is skipped for that request',
  ),
  CIRCUIT_RESET_MS: ms(30_000, 100).describe('how long an open circuit stays open before one trial request'),
  CIRCUIT_VOLUME_THRESHOLD: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(3)
    .describe('failed calls within the rolling 10 s before a circuit may open (at 50 % failures)'),
  STATUS_PROBE_SECONDS: seconds(60).describe(
    'a probe request per source this often while its circuit is closed, so `/api/status` shows a source that went down without a search; 0: off',
  ),
});
export type AnimeSearchConfig = z.infer<typeof animeSearchConfigSchema>;
