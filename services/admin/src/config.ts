import { baseConfigSchema, env } from '@acg/platform';
import { z } from 'zod';

export const adminConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4107),
  /** The site's public origin: links in the news feed point at it. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /**
   * The time zone of the log's calendar dates: "today" in the stats, and a date-only startDate
   * or endDate (the whole day in this zone). An IANA name.
   */
  AUDIT_TIME_ZONE: z
    .string()
    .default('UTC')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as UTC or Europe/Moscow'),
  /** VK's API (wall.get); the fake VK's address in tests and the embedded demo. */
  VK_API_BASE_URL: z.string().url().default('https://api.vk.com/method'),
  VK_API_VERSION: z
    .string()
    .regex(/^\d+\.\d+$/)
    .default('5.199'),
  /** Discord's REST API, for the channel check and the relay's posts. */
  DISCORD_API_BASE_URL: z.string().url().default('https://discord.com/api/v10'),
  /** The bot's token: the relay posts and checks channels with the bot's credentials. */
  DISCORD_BOT_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  /**
   * Store the web client's bundled texts as the live translations at start: a language not
   * stored yet as bundled, a stored one only gains the keys it lacks (a release's new strings);
   * what administrators edited is never overwritten. `false` leaves the store as it is.
   */
  SEED_TRANSLATIONS: env.bool(true),
  /** Whether this process schedules the VK → Discord relay at all (one replica runs each run). */
  RELAY_ENABLED: env.bool(true),
  /** How often each replica re-reads vk.schedule to follow a change made on another replica. */
  RELAY_SETTINGS_POLL_SECONDS: env.int(30).pipe(z.number().int().min(1).max(3600)),
  /** Attempts per VK or Discord call when rate limited or failing transiently. */
  RELAY_RETRIES: env.int(4).pipe(z.number().int().min(0).max(10)),
  /** First back-off between two attempts (doubled each time, randomised, at most 30 s). */
  RELAY_BACKOFF_MS: env.int(500).pipe(z.number().int().min(1).max(30_000)),
  /** Timeout of one VK or Discord call, in milliseconds. */
  RELAY_HTTP_TIMEOUT_MS: env.int(10_000).pipe(z.number().int().min(100).max(120_000)),
});
export type AdminConfig = z.infer<typeof adminConfigSchema>;
