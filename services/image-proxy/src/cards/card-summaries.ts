import { cardSummarySchema, cardsGet, cardsSeries, localizedSchema } from '@acg/contracts';
import {
  type AppError,
  type Bus,
  type CacheNamespace,
  isAppError,
  type Logger,
  text,
  UnavailableError,
} from '@acg/platform';
import { z } from 'zod';
import { createSingleFlight } from '../domain/single-flight';

export interface CardSummariesOptions {
  bus: Bus;
  cache: CacheNamespace;
  logger: Logger;
  /** A summary younger than this is used without asking the catalogue. */
  freshSeconds: number;
  /** How long a summary is kept to answer while the catalogue is unavailable. */
  keepSeconds: number;
  timeoutMs: number;
}

/**
 * A card summary with what its image prints beside it (catalogue.cards.series): the series of
 * its character and the start year of its season. Not covered by the summary's version.
 */
export const cardFaceSummarySchema = cardSummarySchema.extend({
  series: z.string().nullable(),
  /** The series per language (the catalogue's additive answer; absent from older ones). */
  seriesTitles: localizedSchema.optional(),
  seasonYear: z.number().int().nullable(),
});
export type CardFaceSummary = z.infer<typeof cardFaceSummarySchema>;

const storedSchema = z.object({ card: cardFaceSummarySchema, fetchedAt: z.number() });
type Stored = z.infer<typeof storedSchema>;

export interface CardSummaries {
  /** The card's summary, undefined when the catalogue has no such card; 503 when it cannot say. */
  get(id: number, requestId?: string): Promise<CardFaceSummary | undefined>;
}

/**
 * Card summaries asked of the catalogue over the bus (cardsGet), kept briefly in the cache.
 * A card whose look changes gets a new `version`; keeping the summary only `freshSeconds`
 * bounds how long the old look is served. When the catalogue cannot answer, a summary seen
 * before is used (the card existed; its image is still right or nearly so); a card never seen
 * is a 503, never a 500.
 */
export function createCardSummaries(o: CardSummariesOptions): CardSummaries {
  const flights = createSingleFlight<CardFaceSummary | undefined>();

  const read = async (key: string): Promise<Stored | undefined> => {
    try {
      const parsed = storedSchema.safeParse(await o.cache.get(key));
      return parsed.success ? parsed.data : undefined;
    } catch (err) {
      o.logger.warn({ err }, 'card summary cache unreadable');
      return undefined;
    }
  };
  const write = async (key: string, card: CardFaceSummary | undefined) => {
    try {
      if (card) await o.cache.set(key, { card, fetchedAt: Date.now() } satisfies Stored, o.keepSeconds);
      else await o.cache.delete(key);
    } catch (err) {
      o.logger.warn({ err }, 'card summary cache not written');
    }
  };

  /** The series look-up is an extra: when it fails the card is still drawn, without them. */
  const seriesOf = async (id: number, requestId: string | undefined) => {
    try {
      const answer = await o.bus.request(cardsSeries, { ids: [id] }, { requestId, timeoutMs: o.timeoutMs });
      return answer.cards.find((c) => c.id === id);
    } catch (err) {
      o.logger.warn({ err, cardId: id }, 'card series unavailable; drawing the card without it');
      return undefined;
    }
  };

  async function load(id: number, requestId: string | undefined): Promise<CardFaceSummary | undefined> {
    const key = String(id);
    const stored = await read(key);
    if (stored && Date.now() - stored.fetchedAt < o.freshSeconds * 1000) return stored.card;
    let card: CardFaceSummary | undefined;
    try {
      const [answer, series] = await Promise.all([
        o.bus.request(cardsGet, { ids: [id] }, { requestId, timeoutMs: o.timeoutMs }),
        seriesOf(id, requestId),
      ]);
      const summary = answer.cards.find((c) => c.id === id);
      card = summary && {
        ...summary,
        series: series?.series ?? null,
        ...(series?.seriesTitles ? { seriesTitles: series.seriesTitles } : {}),
        seasonYear: series?.seasonYear ?? null,
      };
    } catch (err) {
      if (stored) {
        o.logger.warn({ err, cardId: id }, 'catalogue unavailable; using the last known card summary');
        return stored.card;
      }
      throw catalogueUnavailable(err);
    }
    await write(key, card);
    return card;
  }

  return {
    get: (id, requestId) => flights.run(String(id), () => load(id, requestId)),
  };
}

/** Whatever went wrong asking the catalogue, the client hears 503 (architecture §4). */
function catalogueUnavailable(err: unknown): AppError {
  if (isAppError(err) && err.status === 503) return err; // no responders, timeout, bus closed
  return new UnavailableError(text('imageProxy.catalogueUnavailable'));
}
