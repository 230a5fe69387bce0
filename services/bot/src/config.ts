import { baseConfigSchema, env } from '@acg/platform';
import { z } from 'zod';

/** Default drop odds per rank code (relative weights; E common … X very rare). */
export const DEFAULT_RANK_WEIGHTS: Record<string, number> = {
  E: 40,
  D: 25,
  C: 15,
  B: 9,
  A: 5,
  S: 3,
  SS: 1.5,
  SSS: 1,
  X: 0.5,
};

const weights = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"E":40,"S":3}' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .record(z.string().regex(/^[A-Za-z0-9+-]{1,8}$/, 'rank codes are short'), z.number().min(0))
      .refine((w) => Object.values(w).some((v) => v > 0), 'at least one rank needs a positive weight'),
  );

/** A service's base URL (the first of a comma-separated list of replicas is used). */
const upstream = (service: string) =>
  z
    .string()
    .optional()
    .describe(
      `${service}'s base URL for the commands' calls (as the gateway's variable of the same name); unset, \`http://UPSTREAM_HOST:<port>\``,
    );

export const botConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4108).describe('HTTP port'),
  PUBLIC_URL: env
    .publicUrl()
    .describe("the site's origin: card images in embeds point at `PUBLIC_URL/api/cards/{id}/image`"),
  DISCORD_PUBLIC_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be the 64-character hex public key')
    .describe("the Discord application's Ed25519 public key (hex) that signs interactions"),
  DISCORD_APPLICATION_ID: z
    .string()
    .regex(/^\d+$/)
    .optional()
    .describe(
      'the application id, for registering commands (`scripts/register-commands.ts`; interactions carry their own)',
    ),
  DISCORD_BOT_TOKEN: z
    .preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional())
    .describe(
      "the bot user's token: with it the bot sends each trade offer to its recipient as a DM with Accept/Decline buttons; without it no DMs (the runners set the fake's token when they start the fake Discord)",
    ),
  DISCORD_API_BASE_URL: z
    .string()
    .url()
    .default('https://discord.com/api/v10')
    .describe("Discord's REST API (follow-up messages, DMs)"),
  DROP_COOLDOWN_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60)
    .describe('seconds a user waits between two `/card` drops (0: no cooldown)'),
  DROP_RANK_WEIGHTS: weights
    .default(DEFAULT_RANK_WEIGHTS)
    .describe('relative drop odds per rank code, as JSON; ranks left out are never dropped'),
  UPSTREAM_HOST: z
    .string()
    .default('127.0.0.1')
    .describe(
      'host of the services the commands call (`http://UPSTREAM_HOST:<port>`, ports from `system.ts`) when their `UPSTREAM_<NAME>_URL` is unset',
    ),
  UPSTREAM_CATALOGUE_URL: upstream('catalogue'),
  UPSTREAM_INVENTORY_URL: upstream('inventory'),
  UPSTREAM_TRADES_URL: upstream('trades'),
  DEFER_AFTER_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(2900)
    .default(2500)
    .describe('past this the bot defers and follows up (Discord wants an answer within 3 s)'),
});
export type BotConfig = z.infer<typeof botConfigSchema>;
