import { createHash } from 'node:crypto';
import { binaryBodySchema, mediaAnswer, notModifiedAnswerSchema, safeString } from '@acg/contracts';
import { type HttpServer, RateLimitError, text } from '@acg/platform';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { strongEtag } from '../../domain/etag';
import { createSingleFlight } from '../../domain/single-flight';
import { sendImage } from '../../images/respond';
import { renderTestImage, TEST_IMAGE_STYLE } from '../../render/test-image';

/**
 * Sizes, text length and load of GET /api/test-image (requirements O7; limits are ours, docs/rules.md):
 * any visitor can ask, so one drawing is at most a megapixel, at most two are drawn at a time
 * (more is a 429 to retry), and drawn images are kept (up to 16 MiB) for the next asker.
 */
export const TEST_IMAGE_LIMITS = {
  maxSide: 2000,
  maxPixels: 1_000_000,
  defaultWidth: 300,
  defaultHeight: 200,
  maxText: 100,
  concurrentRenders: 2,
  cacheBytes: 16 * 1024 * 1024,
};
export const DEFAULT_TEST_TEXT = 'Test image';

const side = (fallback: number) =>
  z.coerce.number().int().min(1).max(TEST_IMAGE_LIMITS.maxSide).default(fallback);

export const testImageQuerySchema = z
  .object({
    width: side(TEST_IMAGE_LIMITS.defaultWidth),
    height: side(TEST_IMAGE_LIMITS.defaultHeight),
    // Normalised so that equal-looking texts share one drawing.
    text: safeString()
      .max(TEST_IMAGE_LIMITS.maxText)
      .transform((t) => t.normalize('NFC'))
      .default(DEFAULT_TEST_TEXT),
  })
  .refine((q) => q.width * q.height <= TEST_IMAGE_LIMITS.maxPixels, {
    message: `width × height must be at most ${TEST_IMAGE_LIMITS.maxPixels} pixels`,
    path: ['width'],
  });

/**
 * GET /api/test-image?width&height&text: a generated PNG for the admin screen's cache test.
 * The query decides the bytes, so the answer is cached by browsers for a week and revalidated
 * by ETag, and kept here in a small byte-bounded LRU.
 */
export function registerTestImageRoutes(app: HttpServer): void {
  const flights = createSingleFlight<Buffer>();
  const drawn = new LRUCache<string, Buffer>({
    maxSize: TEST_IMAGE_LIMITS.cacheBytes,
    sizeCalculation: (png) => png.length,
  });
  const draw = async (etag: string, width: number, height: number, caption: string): Promise<Buffer> => {
    const kept = drawn.get(etag);
    if (kept) return kept;
    if (!flights.has(etag) && flights.inFlight >= TEST_IMAGE_LIMITS.concurrentRenders) {
      throw new RateLimitError(text('imageProxy.testImagesBusy'));
    }
    const png = await flights.run(etag, () => renderTestImage(width, height, caption));
    drawn.set(etag, png);
    return png;
  };
  const schema = {
    querystring: testImageQuerySchema,
    response: {
      200: mediaAnswer('A test image of the size asked, with the text', ['image/png'], binaryBodySchema),
      304: notModifiedAnswerSchema,
    },
  };
  app.get('/api/test-image', { schema }, async (req, reply) => {
    const { width, height, text } = req.query;
    const textHash = createHash('sha256').update(text).digest('base64url').slice(0, 16);
    const etag = strongEtag(['test', width, height, textHash, TEST_IMAGE_STYLE]);
    return sendImage(req, reply, {
      etag,
      contentType: 'image/png',
      cacheControl: 'public, max-age=604800',
      negotiated: false,
      body: () => draw(etag, width, height, text),
    });
  });
}
