import type { ClientRoutes, NewsItem as NewsAnswer, newsTypes } from '@acg/contracts';
import { request } from './client';

// The answer's type comes from the contracts (client-contract.ts).
export const NEWS_TYPES = ['update', 'changelog', 'announcement', 'info'] as const satisfies typeof newsTypes;
export type NewsType = (typeof NEWS_TYPES)[number];
export type NewsItem = NewsAnswer;
/** What a news write sends (the contract's request body). */
export type NewsInput = ClientRoutes['POST /api/admin/news']['body'];

/** The title and text a reader of `language` sees: the item's translation, else the item itself. */
export const newsIn = (item: NewsItem, language: string) =>
  item.translations[language] ?? { title: item.title, content: item.content };

/** Tags as the form takes them: comma-separated, trimmed, empties dropped (requirements O5). */
export const splitTags = (text: string): string[] =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');

/** GET /api/news; `includeUnpublished=1` for the admin list (requirements O7). */
export const fetchNews = (includeUnpublished: boolean, signal?: AbortSignal) =>
  request('GET /api/news', { query: { includeUnpublished: includeUnpublished ? '1' : undefined } }, signal);

export const createNews = (input: NewsInput) => request('POST /api/admin/news', { body: input });
export const updateNews = (id: number, input: NewsInput) =>
  request('PUT /api/admin/news/:id', { params: { id }, body: input });
export const deleteNews = (id: number) => request('DELETE /api/admin/news/:id', { params: { id } });
