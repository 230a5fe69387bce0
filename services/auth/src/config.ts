import { baseConfigSchema, env } from '@acg/platform';
import { z } from 'zod';

/** An unset variable and an empty one mean the same: use the default. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** Configuration of the auth service; defaults are for the embedded mode. */
export const authConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4101),
  /** The gateway's public origin; the OAuth redirect URI is PUBLIC_URL/auth/discord/callback. */
  PUBLIC_URL: optional(env.url().default('http://localhost:3000')).transform(withoutTrailingSlash),
  /** The Discord application (or the fake Discord's demo client in the embedded mode). */
  DISCORD_CLIENT_ID: z.string().min(1),
  DISCORD_CLIENT_SECRET: z.string().min(1),
  /** https://discord.com in production; the fake Discord's loopback URL in tests and the demo. */
  DISCORD_BASE_URL: optional(env.url().default('https://discord.com')).transform(withoutTrailingSlash),
  /** The fixed developer account: always adminLevel 4, which nobody can change. */
  DEVELOPER_DISCORD_ID: optional(
    z
      .string()
      .regex(/^\d{5,25}$/, 'must be a Discord user id')
      .optional(),
  ),
  /**
   * Shikimori account linking (/auth/shikimori): the OAuth application registered on Shikimori
   * (or the fake Shikimori's demo client). Without an id and secret, linking is switched off and
   * the profile says so.
   */
  SHIKIMORI_BASE_URL: optional(env.url().default('https://shikimori.one')).transform(withoutTrailingSlash),
  SHIKIMORI_CLIENT_ID: optional(z.string().min(1).optional()),
  SHIKIMORI_CLIENT_SECRET: optional(z.string().min(1).optional()),
  /** Shikimori asks API clients to name themselves. */
  SHIKIMORI_USER_AGENT: optional(z.string().min(1).max(200).default('Anime Cards')),
  SESSION_TTL_DAYS: optional(z.coerce.number().int().min(1).max(365).default(30)),
  /** true behind HTTPS: the session cookie becomes `__Host-sid` with the Secure attribute. */
  COOKIE_SECURE: optional(env.bool(false)),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
