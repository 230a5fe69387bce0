import { baseConfigSchema, env } from '@acg/platform';
import { z } from 'zod';

export const inventoryConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4103),
  /** How long a like of a card inventory has not heard of waits for catalogue to confirm it. */
  CATALOGUE_TIMEOUT_MS: env.int(1000).pipe(z.number().int().min(50).max(10_000)),
});
export type InventoryConfig = z.infer<typeof inventoryConfigSchema>;
