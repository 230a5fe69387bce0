import { baseConfigSchema, env } from '@acg/platform';
import type { z } from 'zod';

export const inventoryConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4103).describe('HTTP port'),
  CATALOGUE_TIMEOUT_MS: env
    .intIn(1000, 50, 10_000)
    .describe('how long a like of a card inventory has not heard of waits for catalogue to confirm it'),
  WISHLIST_LIMIT: env.intIn(25, 1, 1000).describe('how many characters one fan may wish at most (rules §67)'),
});
export type InventoryConfig = z.infer<typeof inventoryConfigSchema>;
