import { baseConfigSchema, env } from '@acg/platform';
import { z } from 'zod';
import type { ImageFormat } from './domain/image-format';

/** `avif,webp`: the modern formats offered, best first; PNG is always added as the fallback. */
const formatList = z
  .string()
  .trim()
  .regex(/^((avif|webp|png)(\s*,\s*(avif|webp|png))*)?$/, 'a comma-separated list of avif, webp, png')
  .transform(
    (s) =>
      [
        ...new Set([
          ...s
            .split(',')
            .map((f) => f.trim())
            .filter(Boolean),
          'png',
        ]),
      ] as ImageFormat[],
  );

export const imageProxyConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4106),
  /** Card image formats offered by content negotiation, best first. */
  CARD_IMAGE_FORMATS: formatList.default(['avif', 'webp', 'png']),
  /** How long a rendered card image is cached (keys carry the card version), in seconds. */
  CARD_IMAGE_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(7 * 24 * 3600),
  /** A card summary younger than this is used without asking the catalogue, in seconds. */
  CARD_SUMMARY_FRESH_SECONDS: z.coerce.number().min(0).default(30),
  /** How long a card summary is kept to answer while the catalogue is unavailable, in seconds. */
  CARD_SUMMARY_KEEP_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 3600),
  /** Timeout of the card look-up asked of the catalogue, in ms. */
  CATALOGUE_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2000),
});
export type ImageProxyConfig = z.infer<typeof imageProxyConfigSchema>;
