import { baseConfigSchema, env } from '@acg/platform';
import { z } from 'zod';

/** An unset variable and an empty one mean the same: use the default. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** Configuration of the auth service; defaults are for the embedded mode. */
export const authConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4101).describe('HTTP port'),
  PUBLIC_URL: optional(env.publicUrl())
    .transform(withoutTrailingSlash)
    .describe("the gateway's public origin; the OAuth redirect URI is `PUBLIC_URL/auth/discord/callback`"),
  DISCORD_CLIENT_ID: z
    .string()
    .min(1)
    .describe("Discord application id (the runners use the fake Discord's demo client when unset)"),
  DISCORD_CLIENT_SECRET: z.string().min(1).describe('Discord application secret'),
  DISCORD_BASE_URL: optional(env.url().default('https://discord.com'))
    .transform(withoutTrailingSlash)
    .describe("Discord's origin; the fake Discord's loopback URL in tests and the demo"),
  DEVELOPER_DISCORD_ID: optional(
    z
      .string()
      .regex(/^\d{5,25}$/, 'must be a Discord user id')
      .optional(),
  ).describe('Discord id of the fixed developer account: always admin level 4, which nobody can change'),
  SHIKIMORI_BASE_URL: optional(env.url().default('https://shikimori.one'))
    .transform(withoutTrailingSlash)
    .describe("where account linking sends the member and redeems the code; the runners set the fake's"),
  SHIKIMORI_CLIENT_ID: optional(z.string().min(1).optional()).describe(
    "the Shikimori OAuth application for account linking (redirect URI `PUBLIC_URL/auth/shikimori/callback`); without an id and a secret linking is off and the profile says so; the runners use the fake's demo application",
  ),
  SHIKIMORI_CLIENT_SECRET: optional(z.string().min(1).optional()).describe('its secret'),
  SHIKIMORI_USER_AGENT: optional(z.string().min(1).max(200).default('Anime Cards')).describe(
    'the User-Agent of the token and whoami calls (Shikimori asks API clients to name themselves)',
  ),
  SESSION_TTL_DAYS: optional(z.coerce.number().int().min(1).max(365).default(30)).describe(
    'session lifetime in days (1 to 365)',
  ),
  COOKIE_SECURE: optional(env.bool(false)).describe(
    "`true` behind HTTPS: cookie `__Host-sid` with `Secure`; must match the gateway's",
  ),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
