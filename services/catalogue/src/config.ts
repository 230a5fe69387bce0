import { baseConfigSchema, env } from '@acg/platform';
import { z } from 'zod';

export const catalogueConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4102),
  /** How long the users count asked of auth is cached, in seconds. */
  STATS_CACHE_SECONDS: z.coerce.number().int().min(0).default(10),
});
export type CatalogueConfig = z.infer<typeof catalogueConfigSchema>;
