import { useMemo } from 'react';
import { useSession } from '../app/session';
import { useRoute } from './query';

/**
 * How many copies of each card the signed-in user holds (card id → copies), from their own
 * inventory (the same cached answer as the profile's). Empty while loading, signed out or failed:
 * the marks are a hint, never a reason to refuse a page.
 */
export function useOwnedCards(): ReadonlyMap<number, number> {
  const { user } = useSession();
  const mine = useRoute('GET /api/inventory/my', undefined, { enabled: user !== null }).data;
  return useMemo(() => new Map((mine ?? []).map((e) => [e.cardId, e.quantity])), [mine]);
}
