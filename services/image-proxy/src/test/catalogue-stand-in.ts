import { type CardSeries, type CardSummary, cardsGet, cardsSeries } from '@acg/contracts';
import type { Bus, Subscription } from '@acg/platform';

export type CatalogueBehaviour = 'answer' | 'fail' | 'hang';

/**
 * A stand-in for the catalogue service on the bus: it serves cardsGet from a map the test
 * fills, counts the look-ups, and can fail or hang (until released) to play an outage. It serves
 * cardsSeries from `series` (a card not there has none).
 */
export function serveCatalogueStandIn(bus: Bus) {
  const cards = new Map<number, CardSummary>();
  const series = new Map<number, Omit<CardSeries, 'id'>>();
  const seriesServed = bus.serve(cardsSeries, async ({ ids }) => ({
    cards: ids.flatMap((id) => {
      const known = series.get(id);
      return known ? [{ id, ...known }] : [];
    }),
  }));
  const hanging: Array<() => void> = [];
  let calls = 0;
  let behaviour: CatalogueBehaviour = 'answer';
  let subscription: Subscription | undefined;

  const serve = () =>
    bus.serve(cardsGet, async ({ ids }) => {
      calls++;
      if (behaviour === 'fail') throw new Error('catalogue database is down');
      if (behaviour === 'hang') await new Promise<void>((resolve) => hanging.push(resolve));
      return { cards: ids.flatMap((id) => cards.get(id) ?? []) };
    });
  subscription = serve();

  return {
    cards,
    series,
    get calls() {
      return calls;
    },
    behave(next: CatalogueBehaviour) {
      behaviour = next;
      if (next !== 'hang') for (const release of hanging.splice(0)) release();
    },
    /** Nobody serves cardsGet any more (the catalogue is down). */
    async stop() {
      await subscription?.stop();
      subscription = undefined;
    },
    restart() {
      subscription ??= serve();
    },
    async close() {
      this.behave('answer');
      await this.stop();
      await seriesServed.stop();
    },
  };
}
export type CatalogueStandIn = ReturnType<typeof serveCatalogueStandIn>;
