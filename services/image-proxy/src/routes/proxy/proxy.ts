import { imageAnswers, safeString } from '@acg/contracts';
import { clientKeyOf, type HttpServer, text } from '@acg/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contentTypeOf, type ImageFormat, negotiateFormat } from '../../domain/image-format';
import { badUrl } from '../../fetch/errors';
import type { SafeFetcher } from '../../fetch/safe-fetch';
import type { HotImages } from '../../images/hot-images';
import type { ProxiedImages } from '../../images/proxied';
import { answerFromHotImages, hotImageKey, REVALIDATED_CACHING, sendImage } from '../../images/respond';

/** Longest image URL taken by /api/proxy-image. */
export const MAX_IMAGE_URL_LENGTH = 2048;

export interface ProxyRouteDeps {
  fetcher: SafeFetcher;
  images: ProxiedImages;
  formats: readonly ImageFormat[];
  /** Base URL of Discord's CDN (the fake Discord's in tests and the demo). */
  discordCdnUrl: string;
  /** Base URL of Shikimori's site, whose image host serves /system/... (the fake's in tests). */
  shikimoriUrl: string;
  /** Ready answers kept in memory, consulted before anything else. */
  hot: HotImages;
}

export const proxyImageQuerySchema = z.object({
  url: safeString().min(1).max(MAX_IMAGE_URL_LENGTH),
});

/**
 * Avatar sizes taken: Discord's powers of two from 16 to 4096, and the 48 and 96 the admin area
 * asks for (requirements O9: 48 in the users table, 96 the proxy's default), which the CDN serves too.
 */
export const DISCORD_AVATAR_SIZES = [
  '16',
  '32',
  '48',
  '64',
  '96',
  '128',
  '256',
  '512',
  '1024',
  '2048',
  '4096',
] as const;
/** The size asked of the CDN for a user's avatar when the request names none (requirements O9). */
export const DISCORD_DEFAULT_AVATAR_SIZE = '96';
const discordQuerySchema = z.object({
  size: z
    .enum(DISCORD_AVATAR_SIZES, { error: 'size must be 48, 96 or a power of two from 16 to 4096' })
    .optional(),
});

/** A user's avatar (`avatars/{discordId}/{hash}.{ext}`) or a default one (`embed/avatars/{0-5}.png`). */
const DISCORD_PATH =
  /^(avatars\/[0-9]{1,20}\/(a_)?[A-Za-z0-9]{1,64}\.(png|webp|jpg|jpeg|gif)|embed\/avatars\/[0-5]\.png)$/;
/** Shikimori's static images (posters, characters, people, avatars, placeholders). */
const SHIKIMORI_PATH = /^(system|assets|uploads)\/[A-Za-z0-9_\-/]+(\.[A-Za-z0-9]{1,5})?$/;
/** Shikimori appends a cache-buster (`?1700000000`); passed on when it is that plain. */
const SHIKIMORI_QUERY = /^[A-Za-z0-9=&_.-]{0,64}$/;

/**
 * A URL under a configured base that must stay on that base's origin and below its path: the
 * path rules above already refuse dot segments, this holds even if one of them is loosened.
 */
export function under(base: string, path: string, query = ''): string {
  const root = new URL(base.endsWith('/') ? base : `${base}/`);
  const url = new URL(path, root);
  if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname))
    throw badUrl('path', text('imageProxy.badPath'));
  if (query) url.search = query;
  return url.href;
}

/**
 * GET /api/proxy-image?url= (requirements M7), /api/proxy/discord/{path} and
 * /api/proxy/shikimori/{path} (requirements O7): images from elsewhere, fetched by the safe fetcher
 * (fetch/safe-fetch.ts), decoded under the pixel cap and re-encoded in the best format the
 * browser accepts, with this service's own headers only (none of the upstream's). A recent
 * answer is served from the in-process hot tier before any of that.
 */
export function registerProxyRoutes(app: HttpServer, deps: ProxyRouteDeps): void {
  const answer = async (req: FastifyRequest, reply: FastifyReply, url: string) => {
    const format = negotiateFormat(req.headers.accept, deps.formats);
    // Its refusals are server texts, said in the caller's language by the error handler.
    const normalised = deps.fetcher.check(url).href;
    const image = await deps.images.get(normalised, format, clientKeyOf(req), req.identity.language);
    return sendImage(req, reply, {
      etag: image.etag,
      contentType: contentTypeOf(format),
      cacheControl: REVALIDATED_CACHING,
      negotiated: true,
      body: async () => image.bytes,
      hot: { images: deps.hot, key: hotImageKey(format, req.url), ttlSeconds: Number.POSITIVE_INFINITY },
    });
  };

  const onRequest = answerFromHotImages(deps.hot, deps.formats);
  const proxyImageSchema = { querystring: proxyImageQuerySchema, response: imageAnswers };
  app.get('/api/proxy-image', { schema: proxyImageSchema, onRequest }, (req, reply) =>
    answer(req, reply, req.query.url),
  );

  app.get(
    '/api/proxy/discord/*',
    { schema: { querystring: discordQuerySchema, response: imageAnswers }, onRequest },
    (req, reply) => {
      const path = (req.params as { '*': string })['*'];
      if (!DISCORD_PATH.test(path)) throw badUrl('path', text('imageProxy.notDiscordPath'));
      // A user's avatar without a size is asked at the proxy's default; a default avatar as it is.
      const size = req.query.size ?? (path.startsWith('avatars/') ? DISCORD_DEFAULT_AVATAR_SIZE : undefined);
      return answer(req, reply, under(deps.discordCdnUrl, path, size ? `size=${size}` : ''));
    },
  );

  app.get('/api/proxy/shikimori/*', { schema: { response: imageAnswers }, onRequest }, (req, reply) => {
    const path = (req.params as { '*': string })['*'];
    if (!SHIKIMORI_PATH.test(path) || path.includes('//'))
      throw badUrl('path', text('imageProxy.notShikimoriPath'));
    const raw = req.raw.url ?? '';
    const query = raw.includes('?') ? raw.slice(raw.indexOf('?') + 1) : '';
    return answer(req, reply, under(deps.shikimoriUrl, path, SHIKIMORI_QUERY.test(query) ? query : ''));
  });
}
