import { createHash } from 'node:crypto';
import type { CardSummary } from '@acg/contracts';

/**
 * A card's look changes with its rank, character name/image or custom image; the version is a
 * short hash of everything in the summary, so image caches keyed on it never serve a stale card.
 */
export function cardVersion(summary: Omit<CardSummary, 'version'>): string {
  const { rarityScore: _ignored, ...look } = summary;
  return createHash('sha256').update(JSON.stringify(look)).digest('base64url').slice(0, 16);
}
