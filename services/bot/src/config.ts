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

export const botConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4108),
  /** The site's public origin: card images in embeds point at PUBLIC_URL/api/cards/{id}/image. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /** The Discord application's Ed25519 public key (hex), for verifying interactions. */
  DISCORD_PUBLIC_KEY: z.string().regex(/^[0-9a-f]{64}$/i, 'must be the 64-character hex public key'),
  /** The application id; used by scripts/register-commands.ts (interactions carry their own). */
  DISCORD_APPLICATION_ID: z.string().regex(/^\d+$/).optional(),
  /**
   * The bot user's token. When set, the bot sends trade offers to their recipients as Discord
   * DMs with Accept/Decline buttons; without it no DMs are sent (the buttons still work).
   */
  DISCORD_BOT_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  DISCORD_API_BASE_URL: z.string().url().default('https://discord.com/api/v10'),
  /** Seconds a user waits between two /card drops (0 = no cooldown). */
  DROP_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Rank weights for drops, as JSON {"E":40,…}; ranks left out are never dropped. */
  DROP_RANK_WEIGHTS: weights.default(DEFAULT_RANK_WEIGHTS),
  /** Discord wants an answer within 3 s; past this the bot defers and follows up. */
  DEFER_AFTER_MS: z.coerce.number().int().min(100).max(2900).default(2500),
});
export type BotConfig = z.infer<typeof botConfigSchema>;
