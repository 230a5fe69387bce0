import type { CardSummary } from '@acg/contracts';

export interface CardChanges {
  created: CardSummary[];
  updated: CardSummary[];
  deletedIds: number[];
}

/**
 * What other services must hear after an edit, from the summaries of the affected cards before
 * and after it: a card that is new is created, one that is gone is deleted, and one whose summary
 * differs in any field (its look, or e.g. its rarity score) is updated. Unchanged cards stay quiet.
 */
export function changedCards(before: CardSummary[], after: CardSummary[]): CardChanges {
  const old = new Map(before.map((c) => [c.id, c]));
  const now = new Map(after.map((c) => [c.id, c]));
  const changes: CardChanges = { created: [], updated: [], deletedIds: [] };
  for (const card of after) {
    const previous = old.get(card.id);
    if (!previous) changes.created.push(card);
    else if (!sameSummary(previous, card)) changes.updated.push(card);
  }
  for (const card of before) if (!now.has(card.id)) changes.deletedIds.push(card.id);
  return changes;
}

// Fields are plain values, or plain objects written in one key order (the names per language).
const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || (typeof a === 'object' && a !== null && JSON.stringify(a) === JSON.stringify(b));

function sameSummary(a: CardSummary, b: CardSummary): boolean {
  const keys = Object.keys(a) as Array<keyof CardSummary>;
  return keys.length === Object.keys(b).length && keys.every((k) => sameValue(a[k], b[k]));
}
