import * as z from 'zod/mini';
import { getJson, HttpError } from './http';

const int = () => z.number().check(z.int());
export const NEWS_TYPES = ['update', 'changelog', 'announcement', 'info'] as const;
export type NewsType = (typeof NEWS_TYPES)[number];

export const newsItemSchema = z.object({
  id: int(),
  title: z.string(),
  content: z.string(),
  type: z.enum(NEWS_TYPES),
  tags: z.array(z.string()),
  /** The item in other languages (beyond the spec): { "<lang>": { title, content } }. */
  translations: z._default(z.record(z.string(), z.object({ title: z.string(), content: z.string() })), {}),
  published: z.boolean(),
  createdAt: z.optional(z.string()),
});
export type NewsItem = z.infer<typeof newsItemSchema>;
export interface NewsInput {
  title: string;
  content: string;
  type: NewsType;
  tags: string[];
  translations: Record<string, { title: string; content: string }>;
  published: boolean;
}

/** The title and text a reader of `language` sees: the item's translation, else the item itself. */
export const newsIn = (item: NewsItem, language: string) =>
  item.translations[language] ?? { title: item.title, content: item.content };

/** Tags as the form takes them: comma-separated, trimmed, empties dropped (spec 3 §5). */
export const splitTags = (text: string): string[] =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');

/** GET /api/news; `includeUnpublished=1` for the admin list (spec 3 §7). */
export const fetchNews = (includeUnpublished: boolean, signal?: AbortSignal) =>
  getJson(`/api/news${includeUnpublished ? '?includeUnpublished=1' : ''}`, z.array(newsItemSchema), signal);

/** A news write; failures carry the server's {error} or the spec's fallback text. */
async function write(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: NewsInput): Promise<void> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body
      ? { 'content-type': 'application/json', accept: 'application/json' }
      : { accept: 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new HttpError(response.status, await response.json().catch(() => undefined));
}
export const createNews = (input: NewsInput) => write('POST', '/api/admin/news', input);
export const updateNews = (id: number, input: NewsInput) => write('PUT', `/api/admin/news/${id}`, input);
export const deleteNews = (id: number) => write('DELETE', `/api/admin/news/${id}`);
