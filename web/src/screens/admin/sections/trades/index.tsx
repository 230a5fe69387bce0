import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_TRADES_PAGE_SIZE,
  cleanupTrades,
  getAllTrades,
  getTradeStats,
  type Trade,
  type TradeStats,
} from '../../../../api/trades';
import { DataTable } from '../../table/DataTable';
import { PageNav } from '../../table/parts';
import { Actor } from '../users/shared';
import { TradeCards } from './TradeCards';

/** The statuses of the filter and the stat cards (spec 3 §2.5, §4). */
export const MONITOR_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;

/**
 * Trade monitoring (spec 3 §2.5), read-only: stat cards, a status filter, the trades 20 a page,
 * and the cleanup of expired trades (the spec's alert adminTrades.cleaned, then both reload).
 * Load, stats and cleanup failures are only logged (spec 3 §8).
 */
export default function TradesSection() {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const [stats, setStats] = useState<TradeStats | null>(null);
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Trade[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [cleaning, setCleaning] = useState(false);
  const [version, setVersion] = useState(0);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    const controller = new AbortController();
    getTradeStats(controller.signal).then(setStats, (err: unknown) => {
      if (!controller.signal.aborted) console.error('trade stats failed to load', err);
    });
    return () => controller.abort();
  }, [version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    getAllTrades((page - 1) * ADMIN_TRADES_PAGE_SIZE, status, controller.signal)
      .then((answer) => {
        setRows(answer.rows);
        setCount(answer.count);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) console.error('trades failed to load', err);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [page, status, version]);

  const pages = Math.max(1, Math.ceil(count / ADMIN_TRADES_PAGE_SIZE));
  const cleanup = async () => {
    setCleaning(true);
    try {
      const { cleanedCount } = await cleanupTrades();
      window.alert(t('adminTrades.cleaned', { count: cleanedCount }));
      reload();
    } catch (err) {
      console.error('trade cleanup failed', err);
    } finally {
      setCleaning(false);
    }
  };
  const date = (iso: string | null | undefined) =>
    iso ? new Date(iso).toLocaleString(i18n.language === 'ru' ? 'ru-RU' : 'en-GB') : '-';
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
            reload();
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
