import { baseConfigSchema, env } from '@acg/platform';
import { validate } from 'node-cron';
import { z } from 'zod';

export const tradesConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4104).describe('HTTP port'),
  TRADE_TTL_HOURS: env
    .int(168)
    .pipe(
      z
        .number()
        .int()
        .min(1)
        .max(24 * 365),
    )
    .describe('how long a pending trade waits for an answer before it expires (168: 7 days)'),
  TRADE_SWEEP_SCHEDULE: z
    .string()
    .default('*/30 * * * * *')
    .refine((s) => validate(s), 'must be a cron expression such as */30 * * * * *')
    .describe(
      'node-cron schedule (seconds optional) of the sweep that expires overdue trades and heals trades a crash left between two steps; one replica runs it at a time (advisory lock)',
    ),
  TRADE_SWEEP_ENABLED: env
    .bool(true)
    .describe('whether this process schedules the sweep at all (it also runs once at start-up)'),
  TRADE_RECOVERY_AFTER_SECONDS: env
    .intIn(30, 1, 3600)
    .describe('a trade left half-way (opening, accepting) longer than this is healed by the sweep'),
  INVENTORY_TIMEOUT_MS: env
    .intIn(5000, 100, 60_000)
    .describe('timeout of one escrow or transfer call to inventory'),
});
export type TradesConfig = z.infer<typeof tradesConfigSchema>;
