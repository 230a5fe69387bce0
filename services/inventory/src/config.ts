import { baseConfigSchema, env } from '@acg/platform';
import type { z } from 'zod';

export const inventoryConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4103),
});
export type InventoryConfig = z.infer<typeof inventoryConfigSchema>;
