import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateRoutes, useRoute } from '../../../../api/query';
import { ADMIN_TRADES_PAGE_SIZE, cleanupTrades } from '../../../../api/trades';
import { useNotify } from '../../../../components/Notify';
import { formatDateTime } from '../../../../i18n/formats';
import { useResourceWrites } from '../../kit/useResource';
import { DataTable } from '../../table/DataTable';
import { PageNav } from '../../table/parts';
import { Actor } from '../users/shared';
import { TradeCards } from './TradeCards';

/** A cleanup changes the stats, the list and the members' trade pages. */
const CHANGES = ['GET /trade/api/admin/stats', 'GET /trade/api/admin/all', 'GET /trade/api/my'] as const;

/** The statuses of the filter and the stat cards (requirements O2.5, O4). */
export const MONITOR_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;

/**
 * Trade monitoring (requirements O2.5), read-only: stat cards, a status filter, the trades 20 a page,
 * and the cleanup of expired trades (the spec's alert adminTrades.cleaned, then both reload).
 * Load, stats and cleanup failures are only logged (requirements O8).
 */
export default function TradesSection() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const ids = useId();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [cleaning, setCleaning] = useState(false);
  const statsQuery = useRoute('GET /trade/api/admin/stats', undefined);
  const list = useRoute(
    'GET /trade/api/admin/all',
    {
      query: {
        limit: ADMIN_TRADES_PAGE_SIZE,
        offset: (page - 1) * ADMIN_TRADES_PAGE_SIZE,
        status: status || undefined,
      },
    },
    // The page shown stays while the next one loads.
    { placeholderData: keepPreviousData },
  );
  const write = useResourceWrites(CHANGES);
  const client = useQueryClient();
  const stats = statsQuery.data ?? null;
  const rows = list.data?.rows ?? [];
  const count = list.data?.count ?? 0;
  const loading = list.isPending || list.isFetching;
  // Requirements O8: load and stats failures are only logged.
  useEffect(() => {
    if (statsQuery.error) console.error('trade stats failed to load', statsQuery.error);
  }, [statsQuery.error]);
  useEffect(() => {
    if (list.error) console.error('trades failed to load', list.error);
  }, [list.error]);

  const pages = Math.max(1, Math.ceil(count / ADMIN_TRADES_PAGE_SIZE));
  const cleanup = async () => {
    setCleaning(true);
    try {
      const { cleanedCount } = await write(cleanupTrades);
      notify.success(t('adminTrades.cleaned', { count: cleanedCount }));
    } catch (err) {
      console.error('trade cleanup failed', err);
    } finally {
      setCleaning(false);
    }
  };
  const date = (iso: string | null | undefined) => formatDateTime(i18n.language, iso);
  const statusLabel = (s: string) => t(`trade.status.${s}`, { defaultValue: s });
  const extraStatuses = Object.keys(stats?.byStatus ?? {}).filter(
    (s) => !(MONITOR_STATUSES as readonly string[]).includes(s),
  );

  return (
    <section className="admin-trades" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        {t('adminTrades.title')}
      </h2>
      <ul className="admin-stats" aria-label={t('adminTrades.stats')}>
        <li className="admin-stat">
          <span className="admin-stat__value">{stats?.total ?? '—'}</span>
          <span className="admin-stat__label">{t('adminTrades.total')}</span>
        </li>
        <li className="admin-stat">
          <span className="admin-stat__value">{stats?.today ?? '—'}</span>
          <span className="admin-stat__label">{t('adminTrades.today')}</span>
        </li>
        {[...MONITOR_STATUSES, ...extraStatuses].map((s) => (
          <li key={s} className="admin-stat" data-status={s}>
            <span className="admin-stat__value">{stats ? (stats.byStatus[s] ?? 0) : '—'}</span>
            <span className="admin-stat__label">
              <span className="status-badge" data-status={s}>
                {statusLabel(s)}
              </span>
            </span>
          </li>
        ))}
      </ul>

      <div className="admin-toolbar">
        <label className="admin-field">
          <span className="admin-field__label">{t('adminTrades.statusFilter')}</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('adminTrades.allStatuses')}</option>
            {MONITOR_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--primary"
          disabled={cleaning}
          onClick={() => void cleanup()}
        >
          {t('adminTrades.cleanup')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setStatus('');
            setPage(1);
            // Reset reads everything again (stats and rows).
            void invalidateRoutes(client, CHANGES.slice(0, 2));
          }}
        >
          {t('adminTrades.reset')}
        </button>
      </div>

      {loading ? <p role="status">{t('adminTrades.loading')}</p> : null}
      <DataTable
        className="admin-table admin-table--trades"
        busy={loading}
        rows={rows}
        rowKey={(trade) => trade.id}
        rowProps={(trade) => ({ 'data-trade-id': trade.id })}
        empty={loading ? null : t('adminTrades.empty')}
        columns={[
          { key: 'id', label: t('adminTrades.columns.id'), render: (trade) => trade.id },
          {
            key: 'from',
            label: t('adminTrades.columns.from'),
            render: (trade) => <Actor user={trade.FromUser} />,
          },
          { key: 'to', label: t('adminTrades.columns.to'), render: (trade) => <Actor user={trade.ToUser} /> },
          {
            key: 'status',
            label: t('adminTrades.columns.status'),
            render: (trade) => (
              <span className="status-badge" data-status={trade.status}>
                {statusLabel(trade.status)}
              </span>
            ),
          },
          {
            key: 'items',
            label: t('adminTrades.columns.items'),
            render: (trade) => <TradeCards items={trade.Items} />,
          },
          {
            key: 'description',
            label: t('adminTrades.columns.description'),
            className: 'admin-description',
            render: (trade) => trade.description || '-',
          },
          {
            key: 'created',
            label: t('adminTrades.columns.created'),
            render: (trade) => <time dateTime={trade.createdAt}>{date(trade.createdAt)}</time>,
          },
          {
            key: 'expires',
            label: t('adminTrades.columns.expires'),
            render: (trade) =>
              trade.expiresAt ? <time dateTime={trade.expiresAt}>{date(trade.expiresAt)}</time> : '-',
          },
        ]}
      />

      {count > ADMIN_TRADES_PAGE_SIZE ? (
        <PageNav
          label={t('adminTrades.pagination')}
          page={page}
          pages={pages}
          onPage={setPage}
          words={{ previous: t('adminTrades.back'), next: t('adminTrades.forward') }}
        >
          <span aria-current="page">{t('adminTrades.pageOf', { page, pages })}</span>
        </PageNav>
      ) : null}
    </section>
  );
}
