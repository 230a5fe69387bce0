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

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * A date input's day as the instant it starts (or, for the end date, its last millisecond) in
 * the browser's time zone: the table shows the entries' local dates, so a filter on 27.11 finds
 * what the table dates 27.11. The server would read a bare date in its own zone (AUDIT_TIME_ZONE).
 */
function localDayBound(day: string, end: boolean): string {
  const m = DAY.exec(day);
  if (!m) return day;
  const start = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + (end ? 1 : 0));
  return new Date(start.getTime() - (end ? 1 : 0)).toISOString();
}

/** The query of GET /admin/logs and /admin/logs/export (spec 3 §7); empty filters left out. */
export function logParams(filters: LogFilters, sort: LogSort, page?: { limit: number; offset: number }) {
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(filters)) {
    const value = raw.trim();
    if (!value) continue;
    if (key === 'startDate' || key === 'endDate') params.set(key, localDayBound(value, key === 'endDate'));
    else params.set(key, value);
  }
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
