import type { Character } from '@acg/contracts';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import {
  type CharacterFilter,
  CharactersError,
  type CharactersFailureKind,
  fetchCharacterPage,
} from '../../api/characters';

/** Requirements M4/§9: a filter change reloads after 250 ms and cancels the request in flight. */
export const RELOAD_DELAY_MS = 250;
const ROUTE = 'GET /api/characters';

/** What the error box says, before translation (requirements M8). */
export type CharactersFailure = { kind: CharactersFailureKind; detail: string; failure?: unknown };

export type CharactersState = {
  items: Character[];
  total: number;
  status: 'loading' | 'ready' | 'error';
  error: CharactersFailure | null;
  loadingMore: boolean;
  hasMore: boolean;
};

const same = (a: CharacterFilter, b: CharacterFilter) => a.animeId === b.animeId && a.rankCode === b.rankCode;

/**
 * Characters for the current filter, a page at a time (the grid asks for more as it scrolls),
 * through the data layer (an infinite query keyed by the filter). The first load starts at once;
 * a filter change cancels the request in flight at once and asks 250 ms after the last change,
 * so quick clicks ask once; the grid keeps the previous list meanwhile.
 */
export function useCharacters(filter: CharacterFilter) {
  const client = useQueryClient();
  const [applied, setApplied] = useState(filter);
  const waiting = !same(filter, applied);

  useEffect(() => {
    if (!waiting) return;
    // Whatever is in flight belongs to the previous filter.
    void client.cancelQueries({ queryKey: [ROUTE] });
    const timer = setTimeout(() => setApplied(filter), RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [client, filter, waiting]);

  const query = useInfiniteQuery({
    queryKey: [ROUTE, applied],
    queryFn: ({ pageParam, signal }) => fetchCharacterPage(applied, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextAfter,
    placeholderData: keepPreviousData,
    // A filter chosen again reloads (requirements M4), showing the answer it had meanwhile.
    staleTime: 0,
  });

  const pages = query.data?.pages ?? [];
  const loading = waiting || query.isPending || (query.isPlaceholderData && query.isFetching);
  const failed = query.isError && !query.isFetchNextPageError ? query.error : null;
  const error: CharactersFailure | null = failed
    ? failed instanceof CharactersError
      ? { kind: failed.kind, detail: failed.detail, failure: failed.failure }
      : { kind: 'request', detail: failed.message, failure: failed }
    : null;
  const status: CharactersState['status'] = error && !loading ? 'error' : loading ? 'loading' : 'ready';
  const { hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;

  const loadMore = useCallback(() => {
    if (!hasNextPage || isFetchingNextPage || status !== 'ready') return;
    void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage, status]);

  const state: CharactersState = {
    items: pages.flatMap((p) => p.items),
    total: pages.at(-1)?.total ?? 0,
    status,
    error,
    loadingMore: isFetchingNextPage,
    hasMore: hasNextPage,
  };
  return { ...state, loadMore, retry: () => void refetch() };
}
