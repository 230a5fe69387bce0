import { baseConfigSchema, env } from '@acg/platform';
import { validate } from 'node-cron';
import { z } from 'zod';

export const catalogueConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4102),
  /** How long the users count asked of auth is cached, in seconds. */
  STATS_CACHE_SECONDS: z.coerce.number().int().min(0).default(10),
  /** A player counts for rarity while they gained or moved a copy within this many days (rules §37). */
  RARITY_ACTIVE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** When the scheduled rarity recalculation runs (cron, server time); empty = never. */
  RARITY_SCHEDULE: z
    .string()
    .default('15 4 * * *')
    .refine((v) => v.trim() === '' || validate(v), 'must be a cron expression such as 15 4 * * *'),
});
export type CatalogueConfig = z.infer<typeof catalogueConfigSchema>;
