import type { Trade } from '@acg/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../i18n/formats';
import { type Column, DataTable } from '../../table/DataTable';
import { Actor } from '../users/shared';
import { TradeCards } from './TradeCards';

/** A trade status in the page's language (an unknown one as the server named it). */
export function useStatusLabel() {
  const { t } = useTranslation();
  return (s: string) => t(`trade.status.${s}`, { defaultValue: s });
}

/** The trades of one page: who, status, cards, description and dates (requirements O2.5, O2.2). */
export function TradesTable({ rows, loading }: { rows: readonly Trade[]; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const statusLabel = useStatusLabel();
  const date = (iso: string | null | undefined) => formatDateTime(i18n.language, iso);
  const columns: Column<Trade>[] = [
    { key: 'id', label: t('adminTrades.columns.id'), render: (trade) => trade.id },
    { key: 'from', label: t('adminTrades.columns.from'), render: (trade) => <Actor user={trade.FromUser} /> },
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
  ];
  return (
    <DataTable
      className="admin-table admin-table--trades"
      busy={loading}
      rows={rows}
      rowKey={(trade) => trade.id}
      rowProps={(trade) => ({ 'data-trade-id': trade.id })}
      empty={loading ? null : t('adminTrades.empty')}
      columns={columns}
    />
  );
}
