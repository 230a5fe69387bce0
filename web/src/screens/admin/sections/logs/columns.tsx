import type { TFunction } from 'i18next';
import type { LogEntry } from '../../../../api/admin-logs';
import { DateTime } from '../../../../components/DateTime';
import type { Column } from '../../table/DataTable';
import { Actor, CopyButton } from '../users/shared';
import { relativeTime } from './time';

/** An action name that may wrap after its dots and hyphens only (`character.` / `imported`). */
const breakable = (action: string) =>
  action.split(/(?<=[.-])/).map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
    <span key={i}>
      {part}
      <wbr />
    </span>
  ));

/** The log table's columns; dates also read relative to `now`. */
export function logColumns(
  t: TFunction,
  language: string,
  now: Date,
  categoryLabel: (value: string) => string,
): Column<LogEntry>[] {
  return [
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
              {relativeTime(at, now, language, t('adminLogs.justNow'))}
            </span>
          </>
        );
      },
    },
  ];
}
