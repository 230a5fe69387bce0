import { useTranslation } from 'react-i18next';
import type { CacheNamespace } from '../../../../api/admin-catalogue';
import { DataTable } from '../../table/DataTable';

/** The card caches' figures (null: not loaded). */
export function CacheStats({
  stats,
  loading,
}: {
  stats: readonly CacheNamespace[] | null;
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="admin-cards__cache" aria-label={t('adminCatalogue.cards.cacheTitle')}>
      <h2 className="admin-catalogue__subtitle">{t('adminCatalogue.cards.cacheTitle')}</h2>
      {stats === null ? (
        <p className="admin-loading">
          {loading ? t('adminCatalogue.loading') : t('adminCatalogue.cards.cacheNone')}
        </p>
      ) : (
        <DataTable
          className="admin-table admin-table--compact"
          wrap={false}
          rows={stats}
          rowKey={(n) => n.name}
          columns={[
            { key: 'name', label: t('adminCatalogue.cards.cache.name'), render: (n) => n.name },
            { key: 'keys', label: t('adminCatalogue.cards.cache.keys'), render: (n) => n.keys },
            { key: 'hits', label: t('adminCatalogue.cards.cache.hits'), render: (n) => n.hits },
            { key: 'misses', label: t('adminCatalogue.cards.cache.misses'), render: (n) => n.misses },
            {
              key: 'hitRate',
              label: t('adminCatalogue.cards.cache.hitRate'),
              render: (n) => <>{(n.hitRate <= 1 ? n.hitRate * 100 : n.hitRate).toFixed(1)}%</>,
            },
          ]}
        />
      )}
    </section>
  );
}
