import type { TFunction } from 'i18next';
import type { NewsItem } from '../../../../api/news';
import type { Column } from '../../table/DataTable';

/** The news table's columns, with edit and delete. */
export const newsColumns = (
  t: TFunction,
  edit: (item: NewsItem) => void,
  remove: (item: NewsItem) => Promise<void>,
): Column<NewsItem>[] => [
  { key: 'id', label: t('adminNews.columns.id'), render: (item) => item.id },
  { key: 'title', label: t('adminNews.fields.title'), render: (item) => item.title },
  {
    key: 'type',
    label: t('adminNews.fields.type'),
    render: (item) => t(`adminNews.types.${item.type}`),
  },
  { key: 'tags', label: t('adminNews.fields.tags'), render: (item) => item.tags.join(', ') },
  {
    key: 'published',
    label: t('adminNews.fields.published'),
    render: (item) => (item.published ? t('adminNews.yes') : t('adminNews.no')),
  },
  {
    key: 'actions',
    label: t('adminNews.columns.actions'),
    render: (item) => (
      <div className="admin-table__actions">
        <button type="button" className="button button--ghost" onClick={() => edit(item)}>
          {t('adminNews.edit')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => void remove(item)}>
          {t('adminNews.delete')}
        </button>
      </div>
    ),
  },
];
