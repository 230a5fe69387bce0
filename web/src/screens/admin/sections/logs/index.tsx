import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_FILTERS, type LogFilters, type LogSort, logParams } from '../../../../api/admin-logs';
import { DataTable } from '../../table/DataTable';
import { logColumns } from './columns';
import { FilterChips, LogFilterFields, LogPager, LogStats, LogsToolbar } from './parts';
import { useLogList, useLogMeta } from './useLogs';

export { LOG_PAGE_SIZES } from './parts';
export { RELOAD_DELAY_MS } from './useLogs';

/**
 * The audit log (requirements O2.3, O4). Stats, categories and actions failing are only logged
 * (requirements O8); the list failing or refusing a filter says why in place, with no rows (issue 28).
 */
export default function LogsSection() {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const [filters, setFilters] = useState<LogFilters>(EMPTY_FILTERS);
  const [sort, setSort] = useState<LogSort>('date-desc');
  const [pageSize, setPageSize] = useState<number>(50);
  const [page, setPage] = useState(1);
  const { stats, categories, actions } = useLogMeta();
  const { rows, count, loading, error } = useLogList(t, { filters, sort, pageSize, page });

  // A filter change starts over on page 1.
  const change = (patch: Partial<LogFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const categoryLabel = (value: string) => categories.find((c) => c.value === value)?.label ?? value;
  const from = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, count);
  const now = new Date();
  // One language per export: the page's (issue 28).
  const exportHref = `/admin/logs/export?${logParams(filters, sort)}&lang=${encodeURIComponent(i18n.language)}`;

  return (
    <section className="admin-logs" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        {t('adminLogs.title')}
      </h2>
      <p className="admin-muted">{t('adminLogs.intro')}</p>

      <LogsToolbar
        pageSize={pageSize}
        onPageSize={(n) => {
          setPageSize(n);
          setPage(1);
        }}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPage(1);
        }}
        exportHref={exportHref}
      />

      <LogStats stats={stats} categories={categories} />

      <LogFilterFields filters={filters} categories={categories} actions={actions} change={change} />

      <FilterChips filters={filters} categoryLabel={categoryLabel} change={change} />

      {error ? (
        <p className="admin-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="admin-range" aria-live="polite">
        {t('adminLogs.shown', { from, to, total: count })}
        {loading ? <span role="status"> · {t('adminUsers.loading')}</span> : null}
      </p>

      <DataTable
        className="admin-table admin-table--logs"
        busy={loading}
        rows={rows}
        rowKey={(row) => row.id}
        empty={loading || error ? null : t('adminLogs.empty')}
        columns={logColumns(t, i18n.language, now, categoryLabel)}
      />

      <LogPager count={count} pageSize={pageSize} page={page} onPage={setPage} />
    </section>
  );
}
