import type { ClientReadRoute } from '@acg/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { callRoute, type RouteAnswer, type RouteInput, request } from '../../../api/client';
import { invalidateRoutes, keyOf } from '../../../api/query';

/** One admin list as a section shows it, read through the data layer. */
export interface ResourceList<T> {
  rows: readonly T[];
  /** An answer has arrived (a failed reload keeps the last one). */
  loaded: boolean;
  /** The first load or a reload is under way. */
  loading: boolean;
  /** The last load failed (the rows, if any, are the last good answer). */
  error: unknown;
  reload: () => void;
}

const NONE: readonly never[] = [];

/**
 * Reads a list route of the contract and adapts its answer to the rows a table shows. `toRows`
 * should be a module-level function (it is a memo dependency). Only the latest load's answer
 * ever shows: a reload cancels the load in flight (what useLatestOnly did by hand).
 */
export function useResourceList<K extends ClientReadRoute, T>(
  route: K,
  toRows: (answer: RouteAnswer<K>) => readonly T[],
  options: {
    input?: RouteInput<K>;
    staleTime?: number;
    /** While another input's answer loads, the last one stays shown (a list paged in its body). */
    keepPrevious?: boolean;
    /** Past the browser's HTTP cache too (an answer cacheable for a while that an editor starts from). */
    revalidate?: boolean;
    /** Reads again every so many ms while the section is open (figures that move: the service map). */
    refetchInterval?: number | false;
  } = {},
): ResourceList<T> & { answer: RouteAnswer<K> | undefined } {
  const { input, revalidate } = options;
  const query = useQuery({
    queryKey: keyOf(route, input),
    queryFn: ({ signal }) => request(route, input, signal, revalidate ? 'no-cache' : undefined),
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...(options.refetchInterval ? { refetchInterval: options.refetchInterval } : {}),
  });
  const { data, refetch } = query;
  const rows = useMemo(() => (data === undefined ? NONE : toRows(data)), [data, toRows]);
  const reload = useCallback(() => void refetch(), [refetch]);
  return {
    rows,
    loaded: data !== undefined,
    loading: query.isPending || query.isFetching,
    error: query.error,
    reload,
    /** The whole answer (a list's totals beside its rows). */
    answer: data,
  };
}

/** One page of a list the server pages (its totals travel in the answer's headers). */
export interface ResourcePage<T> extends ResourceList<T> {
  /** Rows matching the query, over every page (the x-total-count header, else the rows shown). */
  total: number;
  /** The answer's headers (a list's other totals), or null before the first answer. */
  headers: Headers | null;
}

/**
 * Reads one page of a paged list route through the data layer: while the next page loads, the
 * last one stays shown (no flash of an empty table); a write that changes the route reloads it.
 */
export function useResourcePage<K extends ClientReadRoute, T>(
  route: K,
  toRows: (answer: RouteAnswer<K>) => readonly T[],
  input: RouteInput<K>,
): ResourcePage<T> {
  const query = useQuery({
    // Beside the route's own key (invalidating [route] reaches it), marked as an answer with headers.
    queryKey: [...keyOf(route, input), 'page'] as const,
    queryFn: ({ signal }) => callRoute(route, input, signal),
    placeholderData: keepPreviousData,
  });
  const { data, refetch } = query;
  const rows = useMemo(() => (data === undefined ? NONE : toRows(data.data)), [data, toRows]);
  const reload = useCallback(() => void refetch(), [refetch]);
  const total = Number(data?.headers.get('x-total-count') ?? rows.length);
  return {
    rows,
    loaded: data !== undefined,
    loading: query.isPending || query.isFetching,
    error: query.error,
    reload,
    total: Number.isFinite(total) ? total : rows.length,
    headers: data?.headers ?? null,
  };
}

/** The rows of a list route whose answer is the rows themselves. */
export const asRows = <T>(answer: readonly T[]): readonly T[] => answer;

/**
 * Runs a section's writes: after each (whether it succeeded or not: a failed bulk delete may have
 * deleted some), the reads it changes load again.
 */
export function useResourceWrites(changes: readonly ClientReadRoute[]) {
  const client = useQueryClient();
  return useCallback(
    async <R>(write: () => Promise<R>): Promise<R> => {
      try {
        return await write();
      } finally {
        await invalidateRoutes(client, changes);
      }
    },
    [client, changes],
  );
}
