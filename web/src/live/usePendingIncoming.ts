import { useQueryClient } from '@tanstack/react-query';
import { invalidateRoutes, useRoute } from '../api/query';
import { useSession } from '../app/session';
import { TRADE_TYPES, useLive } from './live';

/**
 * Pending offers the signed-in user has received (the navigation badge): read once in the
 * browser, then again whenever a trade event or a resync arrives. A failed read keeps the last
 * count (the badge is a hint; the trade page is the truth).
 */
export function usePendingIncoming(): number {
  const { user } = useSession();
  const client = useQueryClient();
  const userId = user?.id;
  // The same read as the trade page's pending tab: one request, one cached answer for both.
  const pending = useRoute(
    'GET /trade/api/my',
    { query: { status: 'pending' } },
    { enabled: userId !== undefined },
  );
  useLive(TRADE_TYPES, () => void invalidateRoutes(client, ['GET /trade/api/my']));
  if (userId === undefined || !Array.isArray(pending.data)) return 0;
  return pending.data.filter((t) => t.to_user_id === userId && t.status === 'pending').length;
}
