import { cardCreated, cardDeleted, cardUpdated, type EventEnvelope } from '@acg/contracts';
import { makeEvent, type Tx } from '@acg/platform';
import { outbox } from '../db/schema';
import type { CardChanges } from '../domain/changed-cards';

const BATCH = 500;

/**
 * Writes card.created / card.updated / card.deleted into the outbox, in the caller's transaction.
 * A rank edit can touch tens of thousands of cards, so rows go in multi-row inserts (the same
 * columns the platform's enqueue() writes one row at a time). Returns how many were written.
 */
export async function announceCardChanges(tx: Pick<Tx, 'insert'>, changes: CardChanges): Promise<number> {
  const envelopes: EventEnvelope[] = [
    ...changes.created.map((c) => makeEvent(cardCreated, c)),
    ...changes.updated.map((c) => makeEvent(cardUpdated, c)),
    ...changes.deletedIds.map((id) => makeEvent(cardDeleted, { id })),
  ];
  for (let i = 0; i < envelopes.length; i += BATCH) {
    await tx.insert(outbox).values(
      envelopes.slice(i, i + BATCH).map((e) => ({
        id: e.id,
        type: e.type,
        version: e.version,
        occurredAt: new Date(e.occurredAt),
        data: e.data ?? null,
      })),
    );
  }
  return envelopes.length;
}
