import type { Trade } from '@acg/contracts';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { memberName } from '../../../../api/member-name';
import { useRoute } from '../../../../api/query';
import { DateTime } from '../../../../components/DateTime';
import { TradeCards } from '../trades/TradeCards';
import { Actor } from './shared';

/** Requirements O5: the trades tab's search matches the trade id or the sender's or recipient's name. */
export function filterTrades<T extends Pick<Trade, 'id' | 'FromUser' | 'ToUser'>>(
  trades: readonly T[],
  search: string,
): T[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...trades];
  return trades.filter(
    (trade) =>
      String(trade.id) === q.replace(/^#/, '') ||
      memberName(trade.FromUser).toLowerCase().includes(q) ||
      trade.FromUser.username.toLowerCase().includes(q) ||
      memberName(trade.ToUser).toLowerCase().includes(q) ||
      trade.ToUser.username.toLowerCase().includes(q),
  );
}

/**
 * The user modal's trades tab (requirements O2.2): 'Found: N', the empty text, and each trade's id,
 * status, date, sender and recipient with avatars, and the cards. A load failure is logged only
 * and the tab stays empty (requirements O8).
 */
export function UserTradesSlot({ userId, search }: { userId: number; search: string }) {
  const { t } = useTranslation();
  const query = useRoute('GET /admin/users/:id/trades', { params: { id: userId } });
  useEffect(() => {
    if (query.error) console.error('user trades failed to load', query.error);
  }, [query.error]);
  const trades = query.data ?? (query.isError ? [] : null);
  const shown = useMemo(() => filterTrades(trades ?? [], search), [trades, search]);
  if (trades === null) return <p role="status">{t('adminUsers.modal.loading')}</p>;
  return (
    <>
      <p className="admin-found">{t('adminUsers.modal.found', { count: shown.length })}</p>
      {shown.length === 0 ? (
        <p className="admin-empty">{t('adminUsers.modal.tradesEmpty')}</p>
      ) : (
        <ul className="admin-user-trades">
          {shown.map((trade) => (
            <li key={trade.id} className="admin-user-trades__item" data-trade-id={trade.id}>
              <div className="admin-user-trades__head">
                <strong>#{trade.id}</strong>
                <span className="status-badge" data-status={trade.status}>
                  {t(`trade.status.${trade.status}`, { defaultValue: trade.status })}
                </span>
                <DateTime className="admin-muted" value={trade.createdAt} />
              </div>
              <div className="admin-user-trades__people">
                <Actor user={trade.FromUser} />
                <span aria-hidden="true">→</span>
                <span className="visually-hidden">{t('adminTrades.columns.to')}</span>
                <Actor user={trade.ToUser} />
              </div>
              <TradeCards items={trade.Items} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
