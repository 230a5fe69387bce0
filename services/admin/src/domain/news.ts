import { createHash } from 'node:crypto';
import { ADMIN_LEVEL, type NewsItem, newsTypes } from '@acg/contracts';
import { xmlAttr, xmlText } from '@acg/platform/escape';
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

/** The public list's validator: a hash of what it holds (any change to any item changes it). */
export const newsEtag = (items: readonly NewsItem[]): string =>
  `"${createHash('sha256').update(JSON.stringify(items)).digest('base64url').slice(0, 27)}"`;

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
 * The published news as an Atom feed (additive, RFC 4287): newest first, each linking to the home
 * page; with `language`, each item in that language where it has it. Titles and texts are plain
 * text (`type="text"`, as the site shows them) and every value goes through the one XML rule
 * (@acg/platform/escape): escaped, never in CDATA, characters XML 1.0 forbids removed, so no
 * stored text can add markup or make the feed unreadable.
 */
export function newsAtom(items: NewsItem[], publicUrl: string, language?: string): string {
  const site = publicUrl.replace(/\/$/, '');
  const self = `${site}/api/news/feed.xml${language ? `?lang=${encodeURIComponent(language)}` : ''}`;
  const updated = (items[0] ? new Date(items[0].updatedAt) : new Date(0)).toISOString();
  const entries = items.map((item) => {
    const text = newsIn(item, language);
    const link = `${site}/#news-${item.id}`;
    const categories = [item.type, ...item.tags].map((term) => `    <category term="${xmlAttr(term)}"/>`);
    return [
      '  <entry>',
      `    <title type="text">${xmlText(text.title)}</title>`,
      `    <id>${xmlText(link)}</id>`,
      `    <link href="${xmlAttr(link)}"/>`,
      `    <updated>${new Date(item.updatedAt).toISOString()}</updated>`,
      `    <published>${new Date(item.createdAt).toISOString()}</published>`,
      `    <content type="text">${xmlText(text.content)}</content>`,
      ...categories,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom"${language ? ` xml:lang="${xmlAttr(language)}"` : ''}>`,
    `  <id>${xmlText(`${site}/`)}</id>`,
    '  <title type="text">Anime Cards — news</title>',
    `  <updated>${updated}</updated>`,
    `  <link rel="alternate" href="${xmlAttr(`${site}/`)}"/>`,
    `  <link rel="self" href="${xmlAttr(self)}"/>`,
    '  <rights>Anime Cards</rights>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
