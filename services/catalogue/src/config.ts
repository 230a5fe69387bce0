import { baseConfigSchema, env } from '@acg/platform';
import { validate } from 'node-cron';
import { z } from 'zod';

export const catalogueConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4102).describe('HTTP port'),
  STATS_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10)
    .describe('how long the users count asked of auth for `/api/stats` is cached'),
  CHARACTERS_LOCAL_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(16 * 1024 * 1024)
    .describe(
      'bytes of `/api/characters` answers (plain and gzipped) each process keeps in memory in front of the shared cache; one answer may take a quarter; 0: none. Within the 150 MiB a service may take (rules §42)',
    ),
  RARITY_ACTIVE_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(90)
    .describe(
      'a player counts for rarity while they gained or moved a copy within this many days (rules §37)',
    ),
  RARITY_SCHEDULE: z
    .string()
    .default('15 4 * * *')
    .refine((v) => v.trim() === '' || validate(v), 'must be a cron expression such as 15 4 * * *')
    .describe('when the scheduled rarity recalculation runs (cron, server time); empty: never'),
});
export type CatalogueConfig = z.infer<typeof catalogueConfigSchema>;
