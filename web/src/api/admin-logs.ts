import * as z from 'zod/mini';
import { getJson } from './http';

const int = () => z.number().check(z.int());

export const LOG_CATEGORIES = ['users', 'cards', 'trades', 'system', 'moderation', 'other'] as const;
export type LogCategory = (typeof LOG_CATEGORIES)[number];
export const LOG_SORTS = [
  'date-desc',
  'date-asc',
  'admin-asc',
  'admin-desc',
  'category-asc',
  'action-asc',
] as const;
export type LogSort = (typeof LOG_SORTS)[number];

export const logEntrySchema = z.object({
  id: int(),
  Admin: z.nullable(
    z.object({ id: int(), discordId: z.string(), avatar: z.nullable(z.string()), username: z.string() }),
  ),
  action: z.string(),
  category: z.string(),
  description: z.string(),
  ip: z.nullable(z.string()),
  createdAt: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export interface LogFilters {
  category: string;
  action: string;
  adminId: string;
  startDate: string;
  endDate: string;
}
export const EMPTY_FILTERS: LogFilters = {
  category: '',
  action: '',
  adminId: '',
  startDate: '',
  endDate: '',
};

/** The query of GET /admin/logs and /admin/logs/export (spec 3 §7); empty filters left out. */
export function logParams(filters: LogFilters, sort: LogSort, page?: { limit: number; offset: number }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim());
  params.set('sort', sort);
  if (page) {
    params.set('limit', String(page.limit));
    params.set('offset', String(page.offset));
  }
  return params;
}

export const fetchLogs = (params: URLSearchParams, signal?: AbortSignal) =>
  getJson(`/admin/logs?${params}`, z.object({ rows: z.array(logEntrySchema), count: int() }), signal);
export const fetchLogStats = (signal?: AbortSignal) =>
  getJson(
    '/admin/logs/stats',
    z.object({ total: int(), today: int(), byCategory: z.record(z.string(), int()) }),
    signal,
  );
export const fetchLogCategories = (signal?: AbortSignal) =>
  getJson('/admin/logs/categories', z.array(z.object({ value: z.string(), label: z.string() })), signal);
export const fetchLogActions = (signal?: AbortSignal) =>
  getJson(
    '/admin/logs/actions',
    z.array(z.object({ value: z.string(), label: z.string(), count: int() })),
    signal,
  );
