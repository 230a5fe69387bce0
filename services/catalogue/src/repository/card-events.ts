import {
  CARDS_UPDATED_BATCH,
  cardCreated,
  cardDeleted,
  cardsUpdated,
  cardUpdated,
  type EventEnvelope,
} from '@acg/contracts';
import { makeEvent, type Tx } from '@acg/platform';
import { sql } from 'drizzle-orm';
import { outbox } from '../db/schema';
import type { CardChanges } from '../domain/changed-cards';

const BATCH = 5000;

/**
 * Writes card.created / card.updated / card.deleted into the outbox, in the caller's transaction;
 * CARDS_UPDATED_BATCH or more created and updated cards go out as cards.updated batches instead.
 * A rank or character edit can touch thousands of cards, so the rows go in one
 * statement per 5,000 events, passed as one JSON parameter (the same columns the platform's
 * enqueue() writes one row at a time; 80,000 events as multi-row inserts of 500 took ~10 s, this
 * way well under 1 s). A rarity run's cards.updated events are written by writeRarityChanges
 * (rarity-writes.ts), built in the database. Returns how many events were written.
 */
export async function announceCardChanges(tx: Pick<Tx, 'execute'>, changes: CardChanges): Promise<number> {
  const summaries = [...changes.created, ...changes.updated];
  // A bulk job's thousands of cards go out as cards.updated batches (a creation means to
  // inventory what an update does: the summary as it now is), so inventory applies 20,000 new
  // cards in 40 transactions, not 20,000 (~1 s instead of ~57 s in the embedded mode).
  const batched = summaries.length >= CARDS_UPDATED_BATCH;
  const envelopes: EventEnvelope[] = [
    ...(batched
      ? Array.from({ length: Math.ceil(summaries.length / CARDS_UPDATED_BATCH) }, (_, i) =>
          makeEvent(cardsUpdated, {
            cards: summaries.slice(i * CARDS_UPDATED_BATCH, (i + 1) * CARDS_UPDATED_BATCH),
          }),
        )
      : [
          ...changes.created.map((c) => makeEvent(cardCreated, c)),
          ...changes.updated.map((c) => makeEvent(cardUpdated, c)),
        ]),
    ...changes.deletedIds.map((id) => makeEvent(cardDeleted, { id })),
  ];
  for (let i = 0; i < envelopes.length; i += BATCH) {
    const rows = envelopes.slice(i, i + BATCH).map((e) => ({
      id: e.id,
      type: e.type,
      version: e.version,
      occurred_at: e.occurredAt,
      data: e.data ?? null,
    }));
    await tx.execute(sql`
      insert into ${outbox} (id, type, version, occurred_at, data)
      select id, type, version, occurred_at, data
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as v(id uuid, type text, version int, occurred_at timestamptz, data jsonb)`);
  }
  return envelopes.length;
}
