import type { Trade } from '@acg/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouteAnswer, request } from '../../../../api/client';
import { invalidateRoutes } from '../../../../api/query';
import { useNotify } from '../../../../components/Notify';
import { useResourceList, useResourceWrites } from '../../kit/useResource';
import { PageNav } from '../../table/parts';
import { TradesTable, useStatusLabel } from './TradesTable';

/** A cleanup changes the stats, the list and the members' trade pages. */
const CHANGES = ['GET /trade/api/admin/stats', 'GET /trade/api/admin/all', 'GET /trade/api/my'] as const;
/** Requirements O2.5: 20 trades a page. */
export const ADMIN_TRADES_PAGE_SIZE = 20;

/** The statuses of the filter and the stat cards (requirements O2.5, O4). */
export const MONITOR_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;

type Stats = RouteAnswer<'GET /trade/api/admin/stats'>;
const tradesOf = (answer: RouteAnswer<'GET /trade/api/admin/all'>): readonly Trade[] => answer.rows;
/** The stats are one answer, not a list: the cards read it whole. */
const statsOf = (answer: Stats): readonly Stats[] => [answer];

/** Requirements O8: a load failure is only logged. */
const useLogged = (error: unknown, what: string) =>
  useEffect(() => {
    if (error) console.error(what, error);
  }, [error, what]);

/**
 * Trade monitoring (requirements O2.5), read-only: stat cards, a status filter, the trades 20 a page,
 * and the cleanup of expired trades (the spec's alert adminTrades.cleaned, then both reload).
 * Load, stats and cleanup failures are only logged (requirements O8).
 */
export default function TradesSection() {
  const { t } = useTranslation();
  const ids = useId();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const statsRead = useResourceList('GET /trade/api/admin/stats', statsOf);
  const stats = statsRead.answer ?? null;
  const list = useResourceList('GET /trade/api/admin/all', tradesOf, {
    input: {
      query: {
        limit: ADMIN_TRADES_PAGE_SIZE,
        offset: (page - 1) * ADMIN_TRADES_PAGE_SIZE,
        status: status || undefined,
      },
    },
    keepPrevious: true,
  });
  useLogged(statsRead.error, 'trade stats failed to load');
  useLogged(list.error, 'trades failed to load');
  const count = list.answer?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / ADMIN_TRADES_PAGE_SIZE));
  const filter = (next: string) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <section className="admin-trades" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        {t('adminTrades.title')}
      </h2>
      <TradeStats stats={stats} />
      <TradesToolbar status={status} onStatus={filter} />
      {list.loading ? <p role="status">{t('adminTrades.loading')}</p> : null}
      <TradesTable rows={list.rows} loading={list.loading} />
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

/** The stat cards: total, today, and one per status (the monitored ones, then any other the server counts). */
function TradeStats({ stats }: { stats: Stats | null }) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const extraStatuses = Object.keys(stats?.byStatus ?? {}).filter(
    (s) => !(MONITOR_STATUSES as readonly string[]).includes(s),
  );
  return (
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
  );
}

/** The status filter, the cleanup of expired trades and the reset. */
function TradesToolbar({ status, onStatus }: { status: string; onStatus: (status: string) => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const statusLabel = useStatusLabel();
  const write = useResourceWrites(CHANGES);
  const client = useQueryClient();
  const [cleaning, setCleaning] = useState(false);
  const cleanup = async () => {
    setCleaning(true);
    try {
      const { cleanedCount } = await write(() => request('POST /trade/api/admin/cleanup', { body: {} }));
      notify.success(t('adminTrades.cleaned', { count: cleanedCount }));
    } catch (err) {
      console.error('trade cleanup failed', err);
    } finally {
      setCleaning(false);
    }
  };
  const reset = () => {
    onStatus('');
    // Reset reads everything again (stats and rows).
    void invalidateRoutes(client, CHANGES.slice(0, 2));
  };
  return (
    <div className="admin-toolbar">
      <label className="admin-field">
        <span className="admin-field__label">{t('adminTrades.statusFilter')}</span>
        <select value={status} onChange={(e) => onStatus(e.target.value)}>
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
      <button type="button" className="button button--ghost" onClick={reset}>
        {t('adminTrades.reset')}
      </button>
    </div>
  );
}
