import type { InventoryEntry } from '@acg/contracts';
import { matchesSearch } from '@acg/i18n';

/**
 * Whether a card of a collection matches a search (the profile's and a collector's page): any
 * name of its character in any script, case and accents ignored (rules §57), or its rank code.
 */
export function entryMatches(entry: InventoryEntry, query: string): boolean {
  const q = query.trim();
  if (q === '') return true;
  if (entry.rank.toLowerCase() === q.toLowerCase()) return true;
  return matchesSearch(entry.Card.Character.names ?? [entry.character], q);
}
