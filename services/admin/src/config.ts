import { baseConfigSchema, env } from '@acg/platform';
import { z } from 'zod';

export const adminConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4107).describe('HTTP port'),
  PUBLIC_URL: env.publicUrl().describe("the site's origin; links of the news Atom feed"),
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
    }, 'must be an IANA time zone such as UTC or Europe/Moscow')
    .describe(
      'IANA zone of the log\'s calendar days: "today" in the stats, and a date-only `startDate`/`endDate` (the whole day in this zone)',
    ),
  VK_API_BASE_URL: z
    .string()
    .url()
    .default('https://api.vk.com/method')
    .describe("VK's API (wall.get); the fake VK's address in tests and the embedded demo"),
  VK_API_VERSION: z
    .string()
    .regex(/^\d+\.\d+$/)
    .default('5.199')
    .describe('the `v` parameter of VK calls'),
  DISCORD_API_BASE_URL: z
    .string()
    .url()
    .default('https://discord.com/api/v10')
    .describe("Discord's REST API (channel check, relay posts)"),
  DISCORD_BOT_TOKEN: z
    .preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional())
    .describe(
      'the bot\'s token: the relay posts and checks channels with it; without it the channel check answers 503 and relay runs record "not configured"',
    ),
  SEED_TRANSLATIONS: env
    .bool(true)
    .describe(
      "store the web client's bundled texts as the live translations at start: a language not stored yet as bundled, a stored one only gains the keys it lacks (a release's new strings); what administrators edited is never overwritten. `false` leaves the store as it is",
    ),
  RELAY_ENABLED: env
    .bool(true)
    .describe(
      'whether this process schedules the VK → Discord relay (any number of replicas may; an advisory lock lets one run at a time)',
    ),
  RELAY_SETTINGS_POLL_SECONDS: env
    .intIn(30, 1, 3600)
    .describe('how often a replica re-reads `vk.schedule` to follow a change saved on another replica'),
  RELAY_RETRIES: env
    .intIn(4, 0, 10)
    .describe(
      'retries of one VK or Discord call on rate limits (VK error 6, Discord 429), 5xx and network errors',
    ),
  RELAY_BACKOFF_MS: env
    .intIn(500, 1, 30_000)
    .describe(
      'first back-off between two attempts (doubled each time, randomised, at most 30 s; a rate limit waits what VK or Discord asked on top)',
    ),
  RELAY_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'a language code such as en or ru')
    .default('en')
    .describe('the language of the relay\'s own words in Discord ("Repost from …"); English by default'),
  RELAY_HTTP_TIMEOUT_MS: env.intIn(10_000, 100, 120_000).describe('timeout of one VK or Discord call'),
});
export type AdminConfig = z.infer<typeof adminConfigSchema>;
