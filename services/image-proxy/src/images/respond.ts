import { ifNoneMatchHits } from '@acg/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
  reply
    .header('etag', answer.etag)
    .header('cache-control', answer.cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    // Card images are also shown outside the site (Discord embeds).
    .header('cross-origin-resource-policy', 'cross-origin');
  if (answer.negotiated) reply.header('vary', 'Accept');
  if (!body) return reply.code(304).send();
  return reply.code(200).type(answer.contentType).send(body);
}
