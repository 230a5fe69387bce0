import { baseConfigSchema, env } from '@acg/platform';
import { z } from 'zod';

const seconds = (fallback: number) => z.coerce.number().min(0).default(fallback);
const ms = (fallback: number, min = 1) => z.coerce.number().int().min(min).max(600_000).default(fallback);

export const animeSearchConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4105),
  /** Shikimori's origin (the REST API is under /api); the runners point it at the fake when unset. */
  SHIKIMORI_BASE_URL: z.url().default('https://shikimori.one'),
  /** AniList's GraphQL endpoint; the runners point it at the fake when unset. */
  ANILIST_URL: z.url().default('https://graphql.anilist.co'),
  /** Shikimori asks every client to name itself in the User-Agent. */
  SHIKIMORI_USER_AGENT: z.string().min(1).default('Anime Cards'),
  /** Shikimori's documented limits; every replica together stays within them. */
  SHIKIMORI_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(5),
  SHIKIMORI_PER_MINUTE: z.coerce.number().int().min(1).max(60_000).default(90),
  /**
   * The part of each source's budget window one client (a user, or a visitor's address) may take
   * (issue 27); past it the client gets 429. At least one request per window.
   */
  SOURCE_CLIENT_SHARE: z.coerce.number().gt(0).max(1).default(0.25),
  /** AniList's limit per minute (90 normally, currently degraded to 30). */
  ANILIST_PER_MINUTE: z.coerce.number().int().min(1).max(60_000).default(30),
  /** How long a search answer of one source is kept, in seconds. */
  SEARCH_CACHE_SECONDS: seconds(600),
  /** How long an anime detail or a character list is kept, in seconds. */
  DETAIL_CACHE_SECONDS: seconds(3600),
  /** Timeout of one request to a source, in ms. */
  SOURCE_TIMEOUT_MS: ms(5000, 50),
  /** Retries after a 429, a 5xx or a network failure (each waits the backoff or Retry-After). */
  SOURCE_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** First backoff delay in ms (doubling after each retry). */
  SOURCE_RETRY_DELAY_MS: ms(300),
  /** The longest a request waits for a rate-limit slot or Retry-After before the source counts as busy. */
  SOURCE_MAX_WAIT_MS: ms(8000, 0),
  /** How long an open circuit stays open before one trial request, in ms. */
  CIRCUIT_RESET_MS: ms(30_000, 100),
  /** Failures within the rolling 10 s window before a circuit may open. */
  CIRCUIT_VOLUME_THRESHOLD: z.coerce.number().int().min(1).max(100).default(3),
  /** A probe of each source every so many seconds opens its circuit without waiting for a search; 0 = off. */
  STATUS_PROBE_SECONDS: seconds(60),
});
export type AnimeSearchConfig = z.infer<typeof animeSearchConfigSchema>;
