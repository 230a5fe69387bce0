import { cardsGet } from '@acg/contracts';
import type { Bus, Database } from '@acg/platform';
import { findCardState } from '../repository/card-summaries';
import { fillCardSummaries } from '../repository/read-models';

/**
 * Whether a card exists, for likes (an unknown card is a 404). The read model answers for cards
 * it knows and cards catalogue deleted. A card it has not heard of may simply be newer than its
 * card.created event: then catalogue is asked (its answer is stored, so the next like does not
 * ask again). When catalogue does not answer in `timeoutMs`, the bus error (503) propagates:
 * inventory cannot tell whether the card exists.
 */
export function createCardExists(deps: { database: Database; bus: Pick<Bus, 'request'>; timeoutMs: number }) {
  const { database, bus, timeoutMs } = deps;
  return async (cardId: number, requestId?: string): Promise<boolean> => {
    const state = await findCardState(database.db, cardId);
    if (state !== 'unheard') return state === 'known';
    const { cards } = await bus.request(cardsGet, { ids: [cardId] }, { timeoutMs, requestId });
    await fillCardSummaries(database.db, cards);
    return cards.some((c) => c.id === cardId);
  };
}
export type CardExists = ReturnType<typeof createCardExists>;
