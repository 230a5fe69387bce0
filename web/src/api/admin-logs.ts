import type { LogEntry as LogAnswer } from '@acg/contracts';
import { type LogSort, logSorts } from '@acg/contracts/log-sorts';
import { request } from './client';

export const LOG_CATEGORIES = ['users', 'cards', 'trades', 'system', 'moderation', 'other'] as const;
export type LogCategory = (typeof LOG_CATEGORIES)[number];
export const LOG_SORTS = logSorts;
export type { LogSort };

// The answer's type comes from the contracts (client-contract.ts).
export type LogEntry = LogAnswer;

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

/** The query of GET /admin/logs and /admin/logs/export (requirements O7); empty filters left out. */
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
  request('GET /admin/logs', { query: Object.fromEntries(params) }, signal);
export const fetchLogStats = (signal?: AbortSignal) => request('GET /admin/logs/stats', undefined, signal);
export const fetchLogCategories = (signal?: AbortSignal) =>
  request('GET /admin/logs/categories', undefined, signal);
export const fetchLogActions = (signal?: AbortSignal) =>
  request('GET /admin/logs/actions', undefined, signal);
