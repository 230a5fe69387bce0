import type { AnimeSearchAnswer } from '@acg/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SEARCH_TIMEOUT_MS } from '../../api/anime';
import { request } from '../../api/client';
import { HttpError } from '../../api/http';

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; answer: AnimeSearchAnswer }
  | {
      status: 'error';
      message: string;
      unavailable: AnimeSearchAnswer['unavailable'];
      error: unknown;
      retry: () => void;
    };

/** The anime search's sources (contracts' animeSources; the compiler checks they match). */
const SOURCES = [
  'shikimori',
  'anilist',
] as const satisfies readonly AnimeSearchAnswer['unavailable'][number][];
/** How often, and how many times, a search with sources still pending is asked again. */
const PENDING_RETRY_MS = 2000;
const PENDING_RETRIES = 5;

/** The sources a refused search names as not answering (its 503's `details.unavailable`). */
const unavailableIn = (body: unknown): AnimeSearchAnswer['unavailable'] => {
  const named = (body as { details?: { unavailable?: unknown } } | undefined)?.details?.unavailable;
  return Array.isArray(named) ? named.filter((s) => (SOURCES as readonly unknown[]).includes(s)) : [];
};

/**
 * Requirements M4/§8: idle, loading, then results or error. The server's error text when it sent one,
 * else the search-error message; a timeout (15 s) the timeout message; a failed request the
 * connection-error message. A newer query leaves the one in flight, which the data layer aborts;
 * a query asked again within a while answers from the cache. A refusal naming the sources that
 * did not answer (503 `details.unavailable`) keeps them, for the status dots and the warning.
 */
export function useAnimeSearch(query: string): SearchState {
  const { t } = useTranslation();
  const search = useQuery({
    queryKey: ['GET /api/anime/search', { query: { q: query } }],
    queryFn: ({ signal }) =>
      request(
        'GET /api/anime/search',
        { query: { q: query } },
        AbortSignal.any([signal, AbortSignal.timeout(SEARCH_TIMEOUT_MS)]),
      ),
    enabled: query !== '',
    // A source still answering after the server's budget (issue 24): its answer goes into the
    // anime index, so ask again a few times until nothing is pending.
    refetchInterval: (q) =>
      (q.state.data?.pending?.length ?? 0) > 0 && q.state.dataUpdateCount <= PENDING_RETRIES
        ? PENDING_RETRY_MS
        : false,
  });
  if (query === '') return { status: 'idle' };
  if (search.isPending) return { status: 'loading' };
  if (search.isError) {
    const err = search.error;
    let message: string;
    let unavailable: AnimeSearchAnswer['unavailable'] = [];
    if (err instanceof HttpError) {
      unavailable = unavailableIn(err.body);
      const body = err.body as { error?: unknown } | undefined;
      message = typeof body?.error === 'string' && body.error ? body.error : t('anime.searchError');
    } else if (err instanceof DOMException && err.name === 'TimeoutError') {
      message = t('anime.timeoutError');
    } else {
      message = t('anime.connectionError');
    }
    return { status: 'error', message, unavailable, error: err, retry: () => void search.refetch() };
  }
  return { status: 'ready', answer: search.data };
}
