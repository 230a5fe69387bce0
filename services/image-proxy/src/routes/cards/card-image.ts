import { type CardSummary, cardsGet } from '@acg/contracts';
import { type Bus, type Cache, type HttpServer, NotFoundError } from '@acg/platform';
import { z } from 'zod';
import { negotiateFormat, renderCard } from '../../render/card';

const params = z.object({ cardId: z.coerce.number().int().positive().max(2_147_483_647) });
const SUMMARY_TTL_SECONDS = 30;
const RENDER_TTL_SECONDS = 7 * 24 * 3600;

export interface CardImageStats {
  renders: number;
}

/**
 * GET /api/cards/{id}/image: the card rendered from catalogue's card summary. Renders are cached
 * per (card, version, format); the version changes whenever the card's look does, so a cached
 * render is never stale. Browsers revalidate with the ETag (the URL carries no version).
 */
export function registerCardImageRoutes(app: HttpServer, bus: Bus, cache: Cache): CardImageStats {
  const summaries = cache.namespace('card-summaries');
  const images = cache.namespace('card-images');
  const inFlight = new Map<string, Promise<Buffer>>();
  const stats: CardImageStats = { renders: 0 };

  async function summaryOf(id: number, requestId: string): Promise<CardSummary | undefined> {
    const cached = await summaries.get<CardSummary>(String(id));
    if (cached) return cached;
    const { cards } = await bus.request(cardsGet, { ids: [id] }, { requestId });
    if (cards[0]) await summaries.set(String(id), cards[0], SUMMARY_TTL_SECONDS);
    return cards[0];
  }

  /** One render per key at a time: concurrent misses wait for the same promise. */
  function render(
    key: string,
    card: CardSummary,
    format: ReturnType<typeof negotiateFormat>,
  ): Promise<Buffer> {
    let pending = inFlight.get(key);
    if (!pending) {
      stats.renders++;
      pending = renderCard(card, format)
        .then(async (buf) => {
          await images.setBuffer(key, buf, RENDER_TTL_SECONDS);
          return buf;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  app.get('/api/cards/:cardId/image', { schema: { params } }, async (req, reply) => {
    const card = await summaryOf(req.params.cardId, req.id);
    if (!card) throw new NotFoundError('Card not found');
    const format = negotiateFormat(req.headers.accept);
    const etag = `"${card.version}-${format}"`;
    reply
      .header('etag', etag)
      .header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800')
      .header('vary', 'Accept')
      .header('x-content-type-options', 'nosniff')
      // Card images are meant to be shown elsewhere too (Discord embeds, other sites).
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    const key = `${card.id}:${card.version}:${format}`;
    const image = (await images.getBuffer(key)) ?? (await render(key, card, format));
    return reply.type(`image/${format}`).send(image);
  });
  return stats;
}
