import { createHash } from 'node:crypto';
import type { HttpServer } from '@acg/platform';
import { z } from 'zod';
import { strongEtag } from '../../domain/etag';
import { createSingleFlight } from '../../domain/single-flight';
import { sendImage } from '../../images/respond';
import { renderTestImage, TEST_IMAGE_STYLE } from '../../render/test-image';

/** Sizes and text length of GET /api/test-image (spec 3 §7; limits are ours). */
export const TEST_IMAGE_LIMITS = { maxSide: 2000, defaultWidth: 300, defaultHeight: 200, maxText: 100 };
export const DEFAULT_TEST_TEXT = 'Test image';

const side = (fallback: number) =>
  z.coerce.number().int().min(1).max(TEST_IMAGE_LIMITS.maxSide).default(fallback);

export const testImageQuerySchema = z.object({
  width: side(TEST_IMAGE_LIMITS.defaultWidth),
  height: side(TEST_IMAGE_LIMITS.defaultHeight),
  text: z.string().max(TEST_IMAGE_LIMITS.maxText).default(DEFAULT_TEST_TEXT),
});

/**
 * GET /api/test-image?width&height&text: a generated PNG for the admin screen's cache test.
 * The query decides the bytes, so the answer is cached by browsers for a week and revalidated
 * by ETag; nothing is kept on the server (any visitor can pick the query).
 */
export function registerTestImageRoutes(app: HttpServer): void {
  const flights = createSingleFlight<Buffer>();
  app.get('/api/test-image', { schema: { querystring: testImageQuerySchema } }, async (req, reply) => {
    const { width, height, text } = req.query;
    const textHash = createHash('sha256').update(text).digest('base64url').slice(0, 16);
    const etag = strongEtag(['test', width, height, textHash, TEST_IMAGE_STYLE]);
    return sendImage(req, reply, {
      etag,
      contentType: 'image/png',
      cacheControl: 'public, max-age=604800',
      negotiated: false,
      body: () => flights.run(etag, () => renderTestImage(width, height, text)),
    });
  });
}
