import { ADMIN_LEVEL, type NewsItem, newsTypes } from '@acg/contracts';
import { Feed } from 'feed';
import type { NewsRow } from '../repository/news';

export const toNewsItem = (row: NewsRow): NewsItem => ({
  id: row.id,
  title: row.title,
  content: row.content,
  type: newsTypes.includes(row.type as NewsItem['type']) ? (row.type as NewsItem['type']) : 'info',
  tags: row.tags,
  translations: row.translations ?? {},
  published: row.published,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** includeUnpublished counts only for administrators; anyone else gets the published list. */
export const seesUnpublished = (flag: string | undefined, adminLevel: number) =>
  (flag === '1' || flag === 'true') && adminLevel >= ADMIN_LEVEL;

/** The fields of a news item that changed, before and after (for the audit record). */
export function changedFields(before: NewsItem, after: NewsItem) {
  const keys = (['title', 'content', 'type', 'tags', 'translations', 'published'] as const).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/** The title and text a reader of `language` sees: the item's translation, else the item itself. */
export const newsIn = (item: NewsItem, language: string | undefined) =>
  (language ? item.translations[language] : undefined) ?? { title: item.title, content: item.content };

/**
 * The published news as an Atom feed (additive): newest first, each linking to the home page;
 * with `language`, each item in that language where it has it.
 */
export function newsAtom(items: NewsItem[], publicUrl: string, language?: string): string {
  const site = publicUrl.replace(/\/$/, '');
  const feed = new Feed({
    title: 'Anime Cards — news',
    id: `${site}/`,
    link: `${site}/`,
    ...(language ? { language } : {}),
    copyright: 'Anime Cards',
    updated: items[0] ? new Date(items[0].updatedAt) : new Date(0),
    feedLinks: { atom: `${site}/api/news/feed.xml${language ? `?lang=${language}` : ''}` },
  });
  for (const item of items) {
    const text = newsIn(item, language);
    feed.addItem({
      title: text.title,
      id: `${site}/#news-${item.id}`,
      link: `${site}/#news-${item.id}`,
      content: text.content,
      date: new Date(item.updatedAt),
      published: new Date(item.createdAt),
      category: [{ name: item.type }, ...item.tags.map((name) => ({ name }))],
    });
  }
  return feed.atom1();
}
