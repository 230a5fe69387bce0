import { imageAnswers } from '@acg/contracts';
import type { HttpServer } from '@acg/platform';
import { NotFoundError, text } from '@acg/platform';
import { z } from 'zod';
import type { CardImages } from '../../cards/card-images';
import type { CardSummaries } from '../../cards/card-summaries';
import { strongEtag } from '../../domain/etag';
import { contentTypeOf, type ImageFormat, negotiateFormat } from '../../domain/image-format';
import type { HotImages } from '../../images/hot-images';
import { answerFromHotImages, hotImageKey, REVALIDATED_CACHING, sendImage } from '../../images/respond';
import { CARD_LANGUAGES, type CardFace, faceKey, RENDER_STYLE } from '../../render/card';
import { CARD_WIDTHS } from '../../render/layout';

const MAX_CARD_ID = 2_147_483_647;

/** Digits only (no signs, exponents, spaces or hex that Number() would accept), within int4. */
export const cardImageParamsSchema = z.object({
  cardId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'card id must be a positive integer')
    .transform(Number)
    .refine((id) => id <= MAX_CARD_ID, 'card id is too large'),
});

/**
 * What a page may ask of a card image: a copy's print number (`print`, 1 to 999,999,999), the
 * viewer's language (`lang`: the number sign) and a width the pages draw (`w`: 1× or 2×).
 * Other parameters (a retry counter) are ignored.
 */
export const cardImageQuerySchema = z.object({
  print: z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, 'print must be a positive integer')
    .transform(Number)
    .optional(),
  lang: z.enum(CARD_LANGUAGES).optional(),
  w: z
    .enum(CARD_WIDTHS.map(String) as [string, ...string[]])
    .transform(Number)
    .optional(),
});

const faceOf = (q: z.output<typeof cardImageQuerySchema>): CardFace => ({
  printNumber: q.print ?? null,
  lang: q.lang ?? 'en',
  width: q.w ?? CARD_WIDTHS[1],
});

export interface CardImageDeps {
  summaries: CardSummaries;
  images: CardImages;
  /** Formats offered, best first (PNG always last). */
  formats: readonly ImageFormat[];
  /** Ready answers kept in memory, consulted before anything else. */
  hot: HotImages;
  /**
   * How long an answer stays in the hot tier: no longer than a card summary is used without
   * asking the catalogue, so a changed card shows as soon as it does without the tier.
   */
  hotSeconds: number;
}

/**
 * GET /api/cards/{cardId}/image (requirements M7, requirements O7): the card drawn from the catalogue's
 * card summary, in the best format the browser accepts. The ETag follows the card's version,
 * so a browser's revalidation costs one summary look-up and no drawing. A recent answer is
 * served from the in-process hot tier before any of that.
 */
export function registerCardImageRoutes(app: HttpServer, deps: CardImageDeps): void {
  const onRequest = answerFromHotImages(deps.hot, deps.formats);
  const options = {
    schema: { params: cardImageParamsSchema, querystring: cardImageQuerySchema, response: imageAnswers },
    onRequest,
  };
  app.get('/api/cards/:cardId/image', options, async (req, reply) => {
    const card = await deps.summaries.get(req.params.cardId, req.id);
    if (!card) throw new NotFoundError(text('catalogue.cardNotFound'));
    const format = negotiateFormat(req.headers.accept, deps.formats);
    const face = faceOf(req.query);
    return sendImage(req, reply, {
      etag: strongEtag([card.version, RENDER_STYLE, format, faceKey(card, face)]),
      contentType: contentTypeOf(format),
      cacheControl: REVALIDATED_CACHING,
      negotiated: true,
      body: () => deps.images.get(card, face, format),
      hot: { images: deps.hot, key: hotImageKey(format, req.url), ttlSeconds: deps.hotSeconds },
    });
  });
}
