import { useTranslation } from 'react-i18next';
import { EMPTY_FILTERS, LOG_SORTS, type LogFilters, type LogSort } from '../../../../api/admin-logs';
import { PageNav } from '../../table/parts';
import { quickRange } from './time';
import { type Action, ADMIN_ID, type Category, type Stats } from './useLogs';

/** Requirements O9: page sizes 25/50/100 (default 50). */
export const LOG_PAGE_SIZES = [25, 50, 100] as const;

type Change = (patch: Partial<LogFilters>) => void;

/** Page size, sort and the CSV export. */
export function LogsToolbar({
  pageSize,
  onPageSize,
  sort,
  onSort,
  exportHref,
}: {
  pageSize: number;
  onPageSize: (n: number) => void;
  sort: LogSort;
  onSort: (s: LogSort) => void;
  exportHref: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="admin-toolbar">
      <label className="admin-field">
        <span className="admin-field__label">{t('adminLogs.perPage')}</span>
        <select
          value={pageSize}
          onChange={(e) => {
            onPageSize(Number(e.target.value));
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
            onSort(e.target.value as LogSort);
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
  );
}

/** The totals and the count of each category. */
export function LogStats({ stats, categories }: { stats: Stats | null; categories: readonly Category[] }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The filters: category, action, administrator, dates and the quick ranges. */
export function LogFilterFields({
  filters,
  categories,
  actions,
  change,
}: {
  filters: LogFilters;
  categories: readonly Category[];
  actions: readonly Action[];
  change: Change;
}) {
  const { t } = useTranslation();
  return (
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
      <QuickRanges change={change} />
    </fieldset>
  );
}

const QUICK_RANGES = [
  [1, 'today'],
  [7, 'week'],
  [30, 'month'],
] as const;

/** The quick date ranges, clearing the dates and resetting every filter. */
function QuickRanges({ change }: { change: Change }) {
  const { t } = useTranslation();
  return (
    <div className="admin-quick">
      {QUICK_RANGES.map(([days, name]) => (
        <button
          key={name}
          type="button"
          className="button button--ghost"
          onClick={() => change(quickRange(days, new Date()))}
        >
          {t(`adminLogs.quick.${name}`)}
        </button>
      ))}
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
  );
}

/** The active filters as chips, each with its remove button. */
export function FilterChips({
  filters,
  categoryLabel,
  change,
}: {
  filters: LogFilters;
  categoryLabel: (value: string) => string;
  change: Change;
}) {
  const { t } = useTranslation();
  const chips = (Object.entries(filters) as Array<[keyof LogFilters, string]>)
    .filter(([, v]) => v.trim() !== '')
    .map(([key, v]) => ({
      key,
      text: `${t(`adminLogs.filters.${key}`)}: ${key === 'category' ? categoryLabel(v) : v}`,
    }));
  if (chips.length === 0) return null;
  return (
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
  );
}

/** The page navigation, when the entries take more than one page. */
export function LogPager({
  count,
  pageSize,
  page,
  onPage,
}: {
  count: number;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return count > pageSize ? (
    <PageNav
      label={t('adminLogs.pagination')}
      page={page}
      pages={pages}
      onPage={onPage}
      words={{ previous: t('adminLogs.back'), next: t('adminLogs.forward') }}
    >
      <span aria-current="page">{t('adminLogs.pageOf', { page, pages })}</span>
    </PageNav>
  ) : null;
}
