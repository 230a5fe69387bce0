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

/** `http://127.0.0.1:4999, https://img.example`: origins, normalised; empty by default. */
const originList = z
  .string()
  .trim()
  .default('')
  .transform((s, ctx) => {
    const origins: string[] = [];
    for (const item of s
      .split(',')
      .map((i) => i.trim())
      .filter(Boolean)) {
      let url: URL | undefined;
      try {
        url = new URL(item);
      } catch {}
      if (
        !url ||
        (url.protocol !== 'http:' && url.protocol !== 'https:') ||
        url.origin !== item.replace(/\/$/, '')
      ) {
        ctx.addIssue({ code: 'custom', message: `not an http(s) origin (scheme://host[:port]): ${item}` });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

/** `8080, 8443`: extra ports image URLs may name; empty by default. */
const portList = z
  .string()
  .trim()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .map(Number),
  )
  .pipe(z.array(z.number().int().min(1).max(65535)));

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

export const imageProxyConfigSchema = baseConfigSchema.extend({
  PORT: env.port(4106).describe('HTTP port; no database (renders are cached in Redis, or memory)'),
  CARD_IMAGE_FORMATS: formatList
    .default(['avif', 'webp', 'png'])
    .describe(
      'card image formats offered by content negotiation, best first (comma-separated `avif`, `webp`, `png`); PNG is always added as the fallback',
    ),
  CARD_IMAGE_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(7 * 24 * 3600)
    .describe('how long a rendered card image stays in the cache (keys carry the card version)'),
  CARD_SUMMARY_FRESH_SECONDS: z.coerce
    .number()
    .min(0)
    .default(30)
    .describe('how long a card summary is used before asking catalogue again'),
  CARD_SUMMARY_KEEP_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 3600)
    .describe('how long a card summary is kept to draw through a catalogue outage'),
  CATALOGUE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(30_000)
    .default(2000)
    .describe('timeout of the card look-up asked of catalogue'),

  // The image proxy (docs/rules.md, "The image proxy").
  DISCORD_CDN_URL: z
    .string()
    .url()
    .default('https://cdn.discordapp.com')
    .transform(withoutTrailingSlash)
    .describe("where `/api/proxy/discord/{path}` fetches avatars (the runners set the fake Discord's URL)"),
  SHIKIMORI_BASE_URL: z
    .string()
    .url()
    .default('https://shikimori.one')
    .transform(withoutTrailingSlash)
    .describe("where `/api/proxy/shikimori/{path}` fetches Shikimori's `/system/...` images"),
  IMAGE_PROXY_ALLOW_ORIGINS: originList.describe(
    'comma-separated origins (`http://127.0.0.1:4199`) fetched even on a private address or another port: only these exact origins, for the loopback fakes of tests and the demo (rules §23)',
  ),
  IMAGE_PROXY_EXTRA_PORTS: portList.describe('comma-separated ports image URLs may name besides 80 and 443'),
  IMAGE_PROXY_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024)
    .describe('largest upstream image body read, in bytes (streamed, aborted past it)'),
  IMAGE_PROXY_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(30_000)
    .default(3000)
    .describe('connect timeout of an image fetch'),
  IMAGE_PROXY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(4500)
    .describe(
      "whole image fetch, redirects included; under the browsers' shortest image timeout (5 s, requirements M9)",
    ),
  IMAGE_PROXY_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 3600)
    .describe('how long a proxied (re-encoded) image is cached'),
  IMAGE_PROXY_MAX_CACHED_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(2 * 1024 * 1024)
    .describe('proxied images larger than this (bytes) are served but not cached'),
  IMAGE_PROXY_MISSES_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(120)
    .describe(
      "cache misses (upstream fetches) one client (a user, or a visitor's address) may cause per minute (429 past it)",
    ),
  IMAGE_HOT_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(16 * 1024 * 1024)
    .describe(
      'bytes of ready image answers (card and proxied images) each process keeps in memory in front of the shared cache; 0 turns the hot tier off (rules §41). Within the 150 MiB a service may take (rules §42): about 90 MiB of it is the node binary, libvips and the idle heap',
    ),
  IMAGE_HOT_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(300)
    .describe(
      'how long an answer stays in the hot tier (card images at most `CARD_SUMMARY_FRESH_SECONDS`, so a changed card shows as soon as without it); emptied on the `cache.cleared` event; 0 turns it off',
    ),
  IMAGE_DRAW_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(1)
    .describe(
      'card renders and image re-encodes one process runs at once; more wait their turn. Each libvips pipeline leaves its working memory in the malloc arena of the thread that ran it, so fewer at once keeps the process smaller (rules §42)',
    ),
  IMAGE_PROXY_DECODE_SLOTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(2)
    .describe(
      'proxied pictures decoded at once; a client decodes one at a time, so with two slots a client asking for many large pictures leaves one for everyone else (rules §47)',
    ),
  IMAGE_PROXY_DECODES_WAITING_PER_CLIENT: z.coerce
    .number()
    .int()
    .min(0)
    .max(100)
    .default(2)
    .describe('decodes a client may have waiting besides its running one; more is a 429 with Retry-After'),
  IMAGE_PROXY_MAX_SIDE: z.coerce
    .number()
    .int()
    .min(16)
    .max(8192)
    .default(2048)
    .describe('proxied images are scaled down to fit this many pixels a side'),
});
export type ImageProxyConfig = z.infer<typeof imageProxyConfigSchema>;
