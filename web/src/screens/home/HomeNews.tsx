import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { newsIn } from '../../api/news';
import { invalidateRoutes, useRoute } from '../../api/query';
import { DateTime } from '../../components/DateTime';
import { RichText } from '../../components/RichText';
import { NEWS_TYPES, useLive } from '../../live/live';

/** How many of the latest published news the home page shows. */
export const HOME_NEWS_COUNT = 3;
/** News read this recently are not read again on a stream's resync. */
const RESYNC_FRESH_MS = 5000;

/**
 * The latest published news on the home page (issue 12, beyond the spec), loaded after
 * hydration like the counters; nothing is shown while loading, when there are none or on failure.
 */
export function HomeNews() {
  const { t, i18n } = useTranslation();
  const news = useRoute('GET /api/news', { query: {} });
  // Published, changed or deleted news shows at once on an open page (issue 28).
  const client = useQueryClient();
  useLive(NEWS_TYPES, (message) => {
    // A stream's first `resync` comes as the page has just read its news.
    if (message.type === 'resync' && Date.now() - news.dataUpdatedAt < RESYNC_FRESH_MS) return;
    void invalidateRoutes(client, ['GET /api/news']);
  });
  // Nothing on failure, nor for an answer that is not a list (this block is an extra).
  const items = Array.isArray(news.data)
    ? news.data.filter((n) => n.published).slice(0, HOME_NEWS_COUNT)
    : [];
  if (items.length === 0) return null;
  return (
    <section className="home-news" aria-labelledby="home-news-title">
      <h2 id="home-news-title">{t('adminNews.latest')}</h2>
      <ul className="home-news__list">
        {items.map((item) => {
          const text = newsIn(item, i18n.language);
          return (
            <li key={item.id} className="home-news__item">
              <article lang={item.translations[i18n.language] ? i18n.language : undefined}>
                <h3>{text.title}</h3>
                {item.createdAt ? (
                  <p className="home-news__tags">
                    <DateTime value={item.createdAt} />
                    {' · '}
                    {t(`adminNews.types.${item.type}`)}
                  </p>
                ) : null}
                <RichText className="home-news__content" text={text.content} />
                {item.tags.length > 0 ? <p className="home-news__tags">#{item.tags.join(' #')}</p> : null}
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
