import { useCallback, useEffect, useState } from 'react';
import { getMyTrades } from '../api/trades';
import { useSession } from '../app/session';
import { TRADE_TYPES, useLive } from './live';

/**
 * Pending offers the signed-in user has received (the navigation badge): read once in the
 * browser, then again whenever a trade event or a resync arrives. A failed read keeps the last
 * count (the badge is a hint; the trade page is the truth).
 */
export function usePendingIncoming(): number {
  const { user } = useSession();
  const [count, setCount] = useState(0);
  const userId = user?.id;
  const read = useCallback(() => {
    if (userId === undefined) return;
    getMyTrades('pending').then(
      (trades) => setCount(trades.filter((t) => t.to_user_id === userId && t.status === 'pending').length),
      () => {},
    );
  }, [userId]);
  useEffect(read, [read]);
  useLive(TRADE_TYPES, read);
  return userId === undefined ? 0 : count;
}
