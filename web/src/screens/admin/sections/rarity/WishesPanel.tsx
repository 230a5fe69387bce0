import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoute } from '../../../../api/query';
import { BarChart } from '../../../../components/BarChart';
import { LoadError } from '../../../../components/LoadError';
import { DataTable } from '../../table/DataTable';

/**
 * The most wished characters (rules §67): a chart of their wishes and a table with the likes of
 * their cards and the demand signal (likes + weight × wishes), read when the section opens.
 */
export function WishesPanel() {
  const { t } = useTranslation();
  const query = useRoute('GET /admin/rarity/wishes', undefined);
  const bars = useMemo(
    () => (query.data?.top ?? []).slice(0, 10).map((c) => ({ code: c.name, value: c.wishes })),
    [query.data],
  );
  return (
    <div className="admin-panel admin-wishes">
      <h3>{t('adminRarity.wishesTitle')}</h3>
      {query.isPending ? (
        <p className="loading">{t('common.loading')}</p>
      ) : !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.top.length === 0 ? (
        <p className="empty">{t('adminRarity.noWishes')}</p>
      ) : (
        <>
          <p>
            {t('adminRarity.wishesStats', {
              total: query.data.totalWishes,
              fans: query.data.fans,
              weight: query.data.wishWeight,
            })}
          </p>
          <BarChart bars={bars} label={t('adminRarity.wishesChart')} wholeNumbers />
          <DataTable
            className="admin-table"
            rows={query.data.top}
            rowKey={(c) => String(c.characterId)}
            columns={[
              { key: 'name', label: t('adminRarity.character'), render: (c) => c.name },
              { key: 'wishes', label: t('adminRarity.wishes'), render: (c) => c.wishes },
              { key: 'likes', label: t('adminRarity.likesColumn'), render: (c) => c.likes },
              { key: 'demand', label: t('adminRarity.demand'), render: (c) => c.demand },
            ]}
          />
        </>
      )}
    </div>
  );
}
