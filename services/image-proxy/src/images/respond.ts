import { ifNoneMatchHits } from '@acg/platform';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { type ImageFormat, negotiateFormat } from '../domain/image-format';
import type { HotImage, HotImages } from './hot-images';

/**
 * Browsers keep an image a day and may show it for a week more while revalidating; the URL
 * of a card image carries no version, so a changed card must not be cached as immutable.
 */
export const REVALIDATED_CACHING = 'public, max-age=86400, stale-while-revalidate=604800';

export interface ImageAnswer {
  /** Strong ETag of the exact bytes `body` yields. */
  etag: string;
  contentType: string;
  cacheControl: string;
  /** The bytes depend on the Accept header (adds Vary: Accept). */
  negotiated: boolean;
  /** Called only when the client does not already hold the image. */
  body: () => Promise<Buffer>;
  /** Keep the answer in the in-process hot tier under this key (see `hotImageKey`) for so long. */
  hot?: { images: HotImages; key: string; ttlSeconds: number };
}

/** The headers of an image answer besides Content-Type. */
function imageHeaders(
  answer: Pick<ImageAnswer, 'etag' | 'cacheControl' | 'negotiated'>,
): Record<string, string> {
  const headers: Record<string, string> = {
    etag: answer.etag,
    'cache-control': answer.cacheControl,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    // Card images are also shown outside the site (Discord embeds).
    'cross-origin-resource-policy': 'cross-origin',
  };
  if (answer.negotiated) headers.vary = 'Accept';
  return headers;
}

/**
 * Answers an image the way every image route of this service does: 304 when If-None-Match
 * names the ETag (the image is not produced at all), else the bytes. Headers are set only once
 * the bytes exist, so a failure becomes a plain error answer without public caching headers.
 * `nosniff` and a sandboxing CSP keep a browser from treating the bytes as anything but an image.
 */
export async function sendImage(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: ImageAnswer,
): Promise<FastifyReply> {
  const notModified = ifNoneMatchHits(req.headers['if-none-match'], answer.etag);
  const body = notModified ? undefined : await answer.body();
  const headers = imageHeaders(answer);
  if (body && answer.hot)
    answer.hot.images.set(
      answer.hot.key,
      { body, etag: answer.etag, contentType: answer.contentType, headers },
      answer.hot.ttlSeconds,
    );
  reply.headers(headers);
  if (!body) return reply.code(304).send();
  return reply.code(200).type(answer.contentType).send(body);
}

/** A kept answer, as sendImage would have written it. */
function sendHot(req: FastifyRequest, reply: FastifyReply, image: HotImage): FastifyReply {
  reply.headers(image.headers);
  if (ifNoneMatchHits(req.headers['if-none-match'], image.etag)) return reply.code(304).send();
  return reply.code(200).type(image.contentType).send(image.body);
}

/**
 * The hot tier's key of a request: the negotiated format and the request's path and query as
 * sent. Two spellings of one image are two entries (bounded by the tier's bytes), never a wrong
 * answer: an entry is written only by the route that validated that exact request.
 */
export const hotImageKey = (format: ImageFormat, url: string): string => `${format} ${url}`;

/**
 * Answers a request from the hot tier before anything else the route would do (no validation,
 * no identity, no cache or catalogue look-up): a hit is a map look-up and a write.
 */
export function answerFromHotImages(
  images: HotImages,
  formats: readonly ImageFormat[],
): onRequestHookHandler {
  // Browsers send a handful of distinct Accept headers: each is parsed once.
  const negotiated = new Map<string, ImageFormat>();
  const formatOf = (accept: string | undefined): ImageFormat => {
    const key = accept ?? '';
    let format = negotiated.get(key);
    if (format === undefined) {
      format = negotiateFormat(accept, formats);
      if (negotiated.size >= 256) negotiated.clear();
      negotiated.set(key, format);
    }
    return format;
  };
  return (req, reply, done) => {
    const image = images.get(hotImageKey(formatOf(req.headers.accept), req.url));
    if (image) {
      sendHot(req, reply, image);
      return;
    }
    done();
  };
}
