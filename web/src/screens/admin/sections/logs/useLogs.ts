import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import {
  fetchLogActions,
  fetchLogCategories,
  fetchLogStats,
  fetchLogs,
  type LogEntry,
  type LogFilters,
  type LogSort,
  logParams,
} from '../../../../api/admin-logs';
import { loadErrorText } from '../../../../components/LoadError';

/** What the server takes as an administrator: a user id or a Discord ID. */
export const ADMIN_ID = /^\d{1,25}$/;

/** Requirements O9: reload after 300 ms. */
export const RELOAD_DELAY_MS = 300;

export interface Stats {
  total: number;
  today: number;
  byCategory: Record<string, number>;
}
export type Category = { value: string; label: string };
export type Action = { value: string; label: string; count: number };

/** The stats, categories and actions: failing, they are only logged (requirements O8). */
export function useLogMeta() {
  const [stats, setStats] = useState<Stats | null>(null);
  const [categories, setCategories] = useState<Category[]>([]);
  const [actions, setActions] = useState<Action[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    const log = (what: string) => (err: unknown) => {
      if (!controller.signal.aborted) console.error(`admin logs: ${what} failed`, err);
    };
    fetchLogStats(controller.signal).then(setStats, log('stats'));
    fetchLogCategories(controller.signal).then(setCategories, log('categories'));
    fetchLogActions(controller.signal).then(setActions, log('actions'));
    return () => controller.abort();
  }, []);

  return { stats, categories, actions };
}

export interface ListQuery {
  filters: LogFilters;
  sort: LogSort;
  pageSize: number;
  page: number;
}

/**
 * The page of entries the query selects. A filter the server refuses (or the list failing) shows its
 * reason and no rows: never the unfiltered list under a filter chip (issue 28).
 */
export function useLogList(t: TFunction, { filters, sort, pageSize, page }: ListQuery) {
  const [rows, setRows] = useState<LogEntry[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  // Any filter, sort, page-size or page change reloads after 300 ms (requirements O4).
  useEffect(() => {
    const controller = new AbortController();
    const refuse = (message: string) => {
      setRows([]);
      setCount(0);
      setError(message);
    };
    if (filters.adminId.trim() && !ADMIN_ID.test(filters.adminId.trim())) {
      refuse(t('adminLogs.badAdminId'));
      setLoading(false);
      return;
    }
    setLoading(true);
    const timer = setTimeout(() => {
      fetchLogs(
        logParams(filters, sort, { limit: pageSize, offset: (page - 1) * pageSize }),
        controller.signal,
      )
        .then((list) => {
          setRows(list.rows);
          setCount(list.count);
          setError(null);
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          console.error('admin logs: list failed', err);
          refuse(t('adminLogs.loadFailed', { error: loadErrorText(t, err) }));
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, RELOAD_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [filters, sort, pageSize, page, t]);

  return { rows, count, loading, error };
}
