import { ADMIN_LEVEL, type NewsItem, newsTypes } from '@acg/contracts';
import { Feed } from 'feed';
import type { NewsRow } from '../repository/news';

export const toNewsItem = (row: NewsRow): NewsItem => ({
  id: row.id,
  title: row.title,
  content: row.content,
  type: newsTypes.includes(row.type as NewsItem['type']) ? (row.type as NewsItem['type']) : 'info',
  tags: row.tags,
  published: row.published,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** includeUnpublished counts only for administrators; anyone else gets the published list. */
export const seesUnpublished = (flag: string | undefined, adminLevel: number) =>
  (flag === '1' || flag === 'true') && adminLevel >= ADMIN_LEVEL;

/** The fields of a news item that changed, before and after (for the audit record). */
export function changedFields(before: NewsItem, after: NewsItem) {
  const keys = (['title', 'content', 'type', 'tags', 'published'] as const).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/** The published news as an Atom feed (additive): newest first, each linking to the home page. */
export function newsAtom(items: NewsItem[], publicUrl: string): string {
  const site = publicUrl.replace(/\/$/, '');
  const feed = new Feed({
    title: 'Anime Cards — news',
    id: `${site}/`,
    link: `${site}/`,
    language: 'ru',
    copyright: 'Anime Cards',
    updated: items[0] ? new Date(items[0].updatedAt) : new Date(0),
    feedLinks: { atom: `${site}/api/news/feed.xml` },
  });
  for (const item of items)
    feed.addItem({
      title: item.title,
      id: `${site}/#news-${item.id}`,
      link: `${site}/#news-${item.id}`,
      content: item.content,
      date: new Date(item.updatedAt),
      published: new Date(item.createdAt),
      category: [{ name: item.type }, ...item.tags.map((name) => ({ name }))],
    });
  return feed.atom1();
}
