import { useTranslation } from 'react-i18next';
import { DataTable } from '../../table/DataTable';
import { newsColumns } from './columns';
import { NewsForm } from './NewsForm';
import { useNews } from './useNews';

/** News admin (requirements O2.4): the form (create or edit) and the list with edit and delete. */
export default function NewsSection() {
  const { t } = useTranslation();
  const news = useNews();
  const { ids, items } = news;
  return (
    <section className="admin-news" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        {t('adminNews.title')}
      </h2>
      <NewsForm news={news} />

      {items === null ? (
        <p role="status">{t('adminUsers.loading')}</p>
      ) : (
        <DataTable
          className="admin-table admin-table--news"
          rows={items}
          rowKey={(item) => item.id}
          empty={t('adminNews.empty')}
          columns={newsColumns(t, news.edit, news.remove)}
        />
      )}
    </section>
  );
}
