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
 * Writes card.created / card.updated / card.deleted into the outbox, in the caller's transaction.
 * A rank edit or a rarity run can touch tens of thousands of cards, so the rows go in one
 * statement per 5,000 events, passed as one JSON parameter (the same columns the platform's
 * enqueue() writes one row at a time; 80,000 events as multi-row inserts of 500 took ~10 s, this
 * way well under 1 s). With `batched`, the updates go as cards.updated events of up to
 * CARDS_UPDATED_BATCH summaries (a rarity run: 80,000 changed cards are 160 events, not 80,000).
 * Returns how many events were written.
 */
export async function announceCardChanges(
  tx: Pick<Tx, 'execute'>,
  changes: CardChanges,
  opts: { batched?: boolean } = {},
): Promise<number> {
  const updates: EventEnvelope[] = [];
  if (opts.batched) {
    for (let i = 0; i < changes.updated.length; i += CARDS_UPDATED_BATCH)
      updates.push(makeEvent(cardsUpdated, { cards: changes.updated.slice(i, i + CARDS_UPDATED_BATCH) }));
  } else {
    for (const c of changes.updated) updates.push(makeEvent(cardUpdated, c));
  }
  const envelopes: EventEnvelope[] = [
    ...changes.created.map((c) => makeEvent(cardCreated, c)),
    ...updates,
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
