import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EMPTY_FILTERS,
  fetchLogActions,
  fetchLogCategories,
  fetchLogStats,
  fetchLogs,
  LOG_SORTS,
  type LogEntry,
  type LogFilters,
  type LogSort,
  logParams,
} from '../../../../api/admin-logs';
import { DateTime } from '../../../../components/DateTime';
import { loadErrorText } from '../../../../components/LoadError';
import { DataTable } from '../../table/DataTable';
import { PageNav } from '../../table/parts';
import { Actor, CopyButton } from '../users/shared';
import { quickRange, relativeTime } from './time';

/** An action name that may wrap after its dots and hyphens only (`character.` / `imported`). */
const breakable = (action: string) =>
  action.split(/(?<=[.-])/).map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
    <span key={i}>
      {part}
      <wbr />
    </span>
  ));

/** What the server takes as an administrator: a user id or a Discord ID. */
const ADMIN_ID = /^\d{1,25}$/;

/** Requirements O9: page sizes 25/50/100 (default 50), default sort newest first, reload after 300 ms. */
export const LOG_PAGE_SIZES = [25, 50, 100] as const;
export const RELOAD_DELAY_MS = 300;

interface Stats {
  total: number;
  today: number;
  byCategory: Record<string, number>;
}

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
  const [rows, setRows] = useState<LogEntry[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(true);
  // A filter the server refuses (or the list failing) shows its reason and no rows: never the
  // unfiltered list under a filter chip (issue 28).
  const [error, setError] = useState<string | null>(null);
  const [stats, setStats] = useState<Stats | null>(null);
  const [categories, setCategories] = useState<Array<{ value: string; label: string }>>([]);
  const [actions, setActions] = useState<Array<{ value: string; label: string; count: number }>>([]);

  useEffect(() => {
    const controller = new AbortController();
    const log = (what: string) => (err: unknown) => {
      if (!controller.signal.aborted) console.error(`admin logs: ${what} failed`, err);
    };
    fetchLogStats(controller.signal).then(setStats, log('stats'));
    fetchLogCategories(controller.signal).then(setCategories, log('categories'));
    fetchLogActions(controller.signal).then(setActions, log('actions'));
    return () => controller.abort();
  }, []);

  // Any filter, sort, page-size or page change reloads after 300 ms (requirements O4).
  useEffect(() => {
    const controller = new AbortController();
    const refuse = (message: string) => {
      setRows([]);
      setCount(0);
      setError(message);
    };
    if (filters.adminId.trim() && !ADMIN_ID.test(filters.adminId.trim())) {
      refuse(t('adminLogs.badAdminId'));
      setLoading(false);
      return;
    }
    setLoading(true);
    const timer = setTimeout(() => {
      fetchLogs(
        logParams(filters, sort, { limit: pageSize, offset: (page - 1) * pageSize }),
        controller.signal,
      )
        .then((list) => {
          setRows(list.rows);
          setCount(list.count);
          setError(null);
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          console.error('admin logs: list failed', err);
          refuse(t('adminLogs.loadFailed', { error: loadErrorText(t, err) }));
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, RELOAD_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [filters, sort, pageSize, page, t]);

  // A filter change starts over on page 1.
  const change = (patch: Partial<LogFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const categoryLabel = (value: string) => categories.find((c) => c.value === value)?.label ?? value;
  const chips = (Object.entries(filters) as Array<[keyof LogFilters, string]>)
    .filter(([, v]) => v.trim() !== '')
    .map(([key, v]) => ({
      key,
      text: `${t(`adminLogs.filters.${key}`)}: ${key === 'category' ? categoryLabel(v) : v}`,
    }));
  const pages = Math.max(1, Math.ceil(count / pageSize));
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

      <div className="admin-toolbar">
        <label className="admin-field">
          <span className="admin-field__label">{t('adminLogs.perPage')}</span>
          <select
            value={pageSize}
            onChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(1);
            }}
          >
            {LOG_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminLogs.sort')}</span>
          <select
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as LogSort);
              setPage(1);
            }}
          >
            {LOG_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`adminLogs.sorts.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <a className="button button--primary" href={exportHref} download="admin_logs.csv">
          {t('adminLogs.export')}
        </a>
      </div>

      <ul className="admin-stats" aria-label={t('adminLogs.stats')}>
        <li className="admin-stat">
          <span className="admin-stat__value">{stats?.total ?? '—'}</span>
          <span className="admin-stat__label">{t('adminLogs.total')}</span>
        </li>
        <li className="admin-stat">
          <span className="admin-stat__value">{stats?.today ?? '—'}</span>
          <span className="admin-stat__label">{t('adminLogs.today')}</span>
        </li>
        {categories.map((c) => (
          <li key={c.value} className={`admin-stat admin-stat--${c.value}`}>
            <span className="admin-stat__value">{stats?.byCategory[c.value] ?? 0}</span>
            <span className="admin-stat__label">{c.label}</span>
          </li>
        ))}
      </ul>

      <fieldset className="admin-filters">
        <legend>{t('adminLogs.filtersTitle')}</legend>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminLogs.filters.category')}</span>
          <select value={filters.category} onChange={(e) => change({ category: e.target.value })}>
            <option value="">{t('adminLogs.all')}</option>
            {categories.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminLogs.filters.action')}</span>
          <select value={filters.action} onChange={(e) => change({ action: e.target.value })}>
            <option value="">{t('adminLogs.all')}</option>
            {actions.map((a) => (
              <option key={a.value} value={a.value}>
                {`${a.label} (${a.count})`}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminLogs.filters.adminId')}</span>
          <input
            type="text"
            inputMode="numeric"
            value={filters.adminId}
            aria-invalid={filters.adminId.trim() !== '' && !ADMIN_ID.test(filters.adminId.trim())}
            placeholder={t('adminLogs.adminIdPlaceholder')}
            onChange={(e) => change({ adminId: e.target.value })}
          />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminLogs.filters.startDate')}</span>
          <input
            type="date"
            value={filters.startDate}
            onChange={(e) => change({ startDate: e.target.value })}
          />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminLogs.filters.endDate')}</span>
          <input type="date" value={filters.endDate} onChange={(e) => change({ endDate: e.target.value })} />
        </label>
        <div className="admin-quick">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => change(quickRange(1, new Date()))}
          >
            {t('adminLogs.quick.today')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => change(quickRange(7, new Date()))}
          >
            {t('adminLogs.quick.week')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => change(quickRange(30, new Date()))}
          >
            {t('adminLogs.quick.month')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => change({ startDate: '', endDate: '' })}
          >
            {t('adminLogs.quick.clearDates')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => change(EMPTY_FILTERS)}>
            {t('adminLogs.quick.reset')}
          </button>
        </div>
      </fieldset>

      {chips.length > 0 ? (
        <ul className="admin-chips" aria-label={t('adminLogs.activeFilters')}>
          {chips.map((chip) => (
            <li key={chip.key} className="admin-chip">
              {chip.text}
              <button
                type="button"
                className="admin-chip__remove"
                aria-label={t('adminLogs.removeFilter', { filter: chip.text })}
                onClick={() => change({ [chip.key]: '' })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}

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
        columns={[
          { key: 'id', label: t('adminLogs.columns.id'), render: (row) => row.id },
          {
            key: 'admin',
            label: t('adminLogs.columns.admin'),
            render: (row) => (row.Admin ? <Actor user={row.Admin} /> : t('adminLogs.unknown')),
          },
          {
            key: 'action',
            label: t('adminLogs.columns.action'),
            render: (row) => <span className="admin-mono">{breakable(row.action)}</span>,
          },
          {
            key: 'category',
            label: t('adminLogs.columns.category'),
            render: (row) => (
              <span className={`admin-badge admin-category admin-category--${row.category}`}>
                {categoryLabel(row.category)}
              </span>
            ),
          },
          {
            key: 'description',
            label: t('adminLogs.columns.description'),
            className: 'admin-description',
            title: (row) => row.description || undefined,
            render: (row) => row.description || '-',
          },
          {
            key: 'ip',
            label: t('adminLogs.columns.ip'),
            render: (row) =>
              row.ip ? (
                <>
                  <span className="admin-mono">{row.ip}</span>
                  <CopyButton text={row.ip} label={t('adminLogs.copyIp', { ip: row.ip })} />
                </>
              ) : (
                '-'
              ),
          },
          {
            key: 'date',
            label: t('adminLogs.columns.date'),
            render: (row) => {
              const at = new Date(row.createdAt);
              return (
                <>
                  <DateTime value={row.createdAt} />
                  <span className="admin-muted admin-relative">
                    {relativeTime(at, now, i18n.language, t('adminLogs.justNow'))}
                  </span>
                </>
              );
            },
          },
        ]}
      />

      {count > pageSize ? (
        <PageNav
          label={t('adminLogs.pagination')}
          page={page}
          pages={pages}
          onPage={setPage}
          words={{ previous: t('adminLogs.back'), next: t('adminLogs.forward') }}
        >
          <span aria-current="page">{t('adminLogs.pageOf', { page, pages })}</span>
        </PageNav>
      ) : null}
    </section>
  );
}
