import { baseConfigSchema, env } from '@acg/platform';
import { validate } from 'node-cron';
import { z } from 'zod';

export const tradesConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4104),
  /** How long a pending trade waits for an answer before it expires (hours; default 7 days). */
  TRADE_TTL_HOURS: env.int(168).pipe(
    z
      .number()
      .int()
      .min(1)
      .max(24 * 365),
  ),
  /**
   * When the sweep runs (node-cron text, seconds optional): it expires overdue trades and heals
   * trades a crash left between two steps. One replica runs it at a time (advisory lock).
   */
  TRADE_SWEEP_SCHEDULE: z
    .string()
    .default('*/30 * * * * *')
    .refine((s) => validate(s), 'must be a cron expression such as */30 * * * * *'),
  /** Whether this process schedules the sweep at all. */
  TRADE_SWEEP_ENABLED: env.bool(true),
  /** A trade left half-way (opening or accepting) longer than this is healed by the sweep. */
  TRADE_RECOVERY_AFTER_SECONDS: env.int(30).pipe(z.number().int().min(1).max(3600)),
  /** Timeout of one call to inventory's escrow and transfer, in milliseconds. */
  INVENTORY_TIMEOUT_MS: env.int(5000).pipe(z.number().int().min(100).max(60_000)),
});
export type TradesConfig = z.infer<typeof tradesConfigSchema>;
