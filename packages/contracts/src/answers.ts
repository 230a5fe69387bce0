import { z } from 'zod';

/**
 * The answer of a route that redirects (302, no body): declared as the route's response schema
 * for that status, so the API document (OpenAPI) shows the redirect and its Location header.
 */
export const redirectAnswerSchema = z.void().describe('A redirect: the Location header says where');

/** An answer to a request whose If-None-Match names the current ETag (304, no body). */
export const notModifiedAnswerSchema = z
  .void()
  .describe('Not Modified: the ETag in If-None-Match is current');

/**
 * A response schema for an answer that is not JSON (an image, a feed, a file), by media type,
 * in the form Fastify takes (`{ description, content }`). Fastify sends strings, bytes and
 * streams as they are, so such a schema only documents the answer (the API document).
 */
export const mediaAnswer = (
  description: string,
  mediaTypes: readonly string[],
  schema: z.ZodType = z.string(),
) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])),
});

/** A body of bytes (an image). */
export const binaryBodySchema = z.string().meta({ format: 'binary' });

/** The image routes' answer: the image in the best format the Accept header takes. */
export const imageAnswer = mediaAnswer(
  'The image, in the best format the Accept header takes (PNG when it names no other)',
  ['image/avif', 'image/webp', 'image/png'],
  binaryBodySchema,
);
/** The image routes' answers: the image, or 304 on a current ETag. */
export const imageAnswers = { 200: imageAnswer, 304: notModifiedAnswerSchema };

/**
 * POST /interactions: the answer Discord reads (an interaction response): its callback type
 * (1 pong, 4 a message, 5 deferred, 7 a message update, 8 autocomplete choices) and the
 * message or choices it carries, in Discord's own shape, kept whole.
 */
export const interactionResponseSchema = z.object({
  type: z.number().int(),
  data: z.record(z.string(), z.unknown()).optional(),
});
