import { baseConfigSchema, env } from '@acg/platform';
import type { z } from 'zod';

export const imageProxyConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4106),
});
export type ImageProxyConfig = z.infer<typeof imageProxyConfigSchema>;
